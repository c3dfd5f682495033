import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type RunningApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Dialect } from '../../src/db/connect.js';
import type { Clock } from '../../src/clock.js';

/** PostgreSQL for the dialect loop; CI and developer machines run one on 127.0.0.1:5432 (database test). */
export const TEST_PG_URL = process.env.DOCROWS_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Every storage-facing test runs once per dialect. */
export const DIALECTS: Dialect[] = (process.env.DOCROWS_TEST_DIALECTS ?? 'sqlite,postgres').split(',') as Dialect[];

export const ADMIN_TOKEN = 'test-admin-token';

export interface TestApp extends RunningApp {
  config: Config;
  dataDir: string;
  /** A request with the account's key: `api('GET', '/account')`. */
  inject: RunningApp['server']['inject'];
  /** Creates an account through the admin API and returns its id and key. */
  createAccount(body?: Record<string, unknown>): Promise<{ accountId: number; apiKey: string }>;
  /** Stops the app and drops its database and files. */
  destroy(): Promise<void>;
}

let counter = 0;

/**
 * Kysely's migrator introspects every schema of the database, and PostgreSQL
 * catalog functions fail ("schema ... does not exist") when another test file
 * drops its schema at that moment; creating and dropping test schemas take
 * turns under one advisory lock.
 */
export async function withSchemaLock<T>(fn: () => Promise<T>): Promise<T> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  await client.query('SELECT pg_advisory_lock(727001)');
  try {
    return await fn();
  } finally {
    await client.query('SELECT pg_advisory_unlock(727001)');
    await client.end();
  }
}

/**
 * Boots a fresh app on its own SQLite file or PostgreSQL schema and data dir.
 * `env` overrides configuration (e.g. DOCROWS_RATE_LIMIT_PER_MIN).
 */
export async function startTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-test-'));
  const schema = `t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const config = loadConfig({
    DOCROWS_DATA_DIR: dataDir,
    DOCROWS_ADMIN_TOKEN: ADMIN_TOKEN,
    DOCROWS_LOG_LEVEL: 'silent',
    DOCROWS_WORKERS: '0',
    DOCROWS_RATE_LIMIT_PER_MIN: '0',
    ...(dialect === 'postgres' ? { DOCROWS_DATABASE_URL: TEST_PG_URL } : {}),
    ...env,
  });
  const create = () => createApp(config, {
    ...(dialect === 'postgres' ? { db: { schema, poolSize: 5 } } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const app = dialect === 'postgres' ? await withSchemaLock(create) : await create();
  const inject = app.server.inject.bind(app.server);
  return {
    ...app,
    config,
    dataDir,
    inject,
    async createAccount(body = {}) {
      const res = await inject({
        method: 'POST',
        url: '/admin/v1/accounts',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: { plan: 'basic', credits: 100, ...body },
      });
      if (res.statusCode !== 201) throw new Error(`createAccount failed: ${res.statusCode} ${res.body}`);
      const json = res.json() as { account_id: number; api_key: string };
      return { accountId: json.account_id, apiKey: json.api_key };
    },
    async destroy() {
      await app.close();
      if (dialect === 'postgres') {
        await withSchemaLock(async () => {
          const pg = await import('pg');
          const client = new pg.default.Client({ connectionString: TEST_PG_URL });
          await client.connect();
          await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
          await client.end();
        });
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function bearer(apiKey: string): Record<string, string> {
  return { authorization: `Bearer ${apiKey}` };
}
