import fs from 'node:fs';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** A handle queries run on: the database itself or an open transaction. */
export type DbOrTrx = Db | Trx;
export type Dialect = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL schema the handle is confined to, if any. */
  schema?: string;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL only: schema to create and use (tests isolate themselves this way). */
  schema?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
}

export function dialectOf(url: string): Dialect {
  return /^postgres(ql)?:/.test(url) ? 'postgres' : 'sqlite';
}

/** Structural so it accepts any Kysely handle: a database, a transaction, or a migration's Kysely<any>. */
export function isPostgres(db: { getExecutor(): { adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and preparing costs more than running a
 * small query; the service runs a few hundred distinct statements, so keep
 * them prepared (least recently used out first).
 */
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(query: string) {
      let statement = cache.get(query);
      if (statement) {
        cache.delete(query);
      } else {
        statement = sqlite.prepare(query);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(query, statement);
      return statement;
    },
  };
}

/** The file a sqlite: URL names, absolute (`:memory:` as is). */
export function sqliteFile(url: string): string {
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  if (file === ':memory:') return file;
  return path.resolve(file);
}

export async function connectDb(url: string, options: ConnectOptions = {}): Promise<DbHandle> {
  // Each driver is loaded when its dialect is used: commands that touch no database (`--help`, `extract`) load neither.
  if (dialectOf(url) === 'postgres') {
    const { default: pg } = await import('pg');
    // COUNT(*) and BIGINT come back as strings by default; every count we keep fits a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
    if (options.schema) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path="${options.schema}"` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', schema: options.schema, close: () => db.destroy() };
  }
  const file = sqliteFile(url);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const { default: Sqlite } = await import('better-sqlite3');
  const sqlite = new Sqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 10000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
