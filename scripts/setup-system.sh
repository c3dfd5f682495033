#!/usr/bin/env bash
# Makes sure what the test suite needs beyond Node is present: a C++ toolchain, a PostgreSQL
# server on 127.0.0.1:5432 with a `test` database (trust auth), as on the
# project's machines, and Debian's chromium for the console's browser tests
# (test/console; playwright-core drives /usr/bin/chromium and never downloads
# a browser). Idempotent; installs what is missing from Debian.
set -euo pipefail

pg_up() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }

# better-sqlite3 compiles from source when no prebuilt binary can be fetched (npm ci, and
# scripts/test-node24.sh for Node 24): a C++ toolchain.
if ! command -v g++ >/dev/null 2>&1 || ! command -v make >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
  echo "setup: installing python3, make, g++ (Debian packages, to compile better-sqlite3)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 make g++ >/dev/null
fi

if ! command -v pg_isready >/dev/null 2>&1; then
  echo "setup: installing PostgreSQL (Debian package)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi

if [ ! -x /usr/bin/chromium ]; then
  echo "setup: installing chromium (Debian package, for the console's browser tests)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

if ! pg_up; then
  echo "setup: starting PostgreSQL"
  for version in $(ls /etc/postgresql 2>/dev/null); do
    pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  done
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
fi
pg_up || { echo "setup: PostgreSQL is not reachable on 127.0.0.1:5432" >&2; exit 1; }

if ! psql -h 127.0.0.1 -U postgres -d test -c 'select 1' >/dev/null 2>&1; then
  psql -h 127.0.0.1 -U postgres -d postgres -c 'CREATE DATABASE test' >/dev/null 2>&1 || \
    su postgres -c "psql -c 'CREATE DATABASE test'" >/dev/null
fi
echo "setup: PostgreSQL ready on 127.0.0.1:5432 (database test)"
echo "setup: chromium $(/usr/bin/chromium --version 2>/dev/null | head -1 | cut -d" " -f2) at /usr/bin/chromium"
