import { sql } from 'kysely';
import { isPostgres, type Db } from '../db/connect.js';
import type { Clock } from '../clock.js';
import { writeSetting } from '../db/queries/settings.js';

/**
 * The operator's maintenance switch: while paused, workers claim nothing.
 * Kept in the database so every worker process sees it, and read by the claim
 * statement itself (queue.ts), so no worker acts on a stale copy.
 */
export const PAUSE_SETTING = 'processing_paused';
/** The settings row's value while paused (settings hold JSON text). */
export const PAUSED_VALUE = JSON.stringify(true);

/**
 * Sets the switch. On PostgreSQL the write first waits for claims in flight
 * (a claim holds ROW EXCLUSIVE on jobs, which SHARE ROW EXCLUSIVE waits for)
 * and holds later claims until it commits; those then read the new value. So
 * once this returns, no claim made on the old value can still commit. On
 * SQLite the single writer orders the claim and this write the same way.
 */
export async function setProcessingPaused(db: Db, clock: Clock, paused: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (isPostgres(db)) await sql`LOCK TABLE jobs IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    await writeSetting(trx, clock, PAUSE_SETTING, paused);
  });
}
