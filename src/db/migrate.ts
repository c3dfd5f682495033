import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './connect.js';
import * as m0001 from './migrations/0001-initial.js';
import * as m0002 from './migrations/0002-webhook-registrations.js';
import * as m0003 from './migrations/0003-events.js';
import * as m0004 from './migrations/0004-bbox-jobs.js';
import * as m0005 from './migrations/0005-blob-sweeps.js';
import * as m0006 from './migrations/0006-page-engine-usage.js';
import * as m0007 from './migrations/0007-review.js';
import * as m0008 from './migrations/0008-einvoices.js';

/** Migrations are compiled in (no directory scan), so `dist/` and `tsx` runs see the same list. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-webhook-registrations': m0002,
  '0003-events': m0003,
  '0004-bbox-jobs': m0004,
  '0005-blob-sweeps': m0005,
  '0006-page-engine-usage': m0006,
  '0007-review': m0007,
  '0008-einvoices': m0008,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

/** Whether docrows' schema is there (any migration applied), so a command can refuse to start a new database unasked. */
export async function hasSchema(db: Db, schema?: string): Promise<boolean> {
  const migrator = new Migrator({ db, provider: new StaticProvider(), ...(schema ? { migrationTableSchema: schema } : {}) });
  return (await migrator.getMigrations()).some((m) => m.executedAt !== undefined);
}

/**
 * Applies every pending migration; throws with the failing migration's name.
 * `schema` keeps the migration bookkeeping inside a PostgreSQL schema (otherwise
 * Kysely would find another schema's bookkeeping tables and skip creating its own).
 */
export async function migrateToLatest(db: Db, schema?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider(), ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
