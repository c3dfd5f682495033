import { sql } from 'kysely';
import { isPostgres, type Db, type DbOrTrx, type Trx } from '../db/connect.js';
import type { JobRow } from '../db/schema.js';
import type { Clock } from '../clock.js';
import type { JobKind, JobKinds } from './registry.js';
import { LeaseLostError } from './registry.js';
import { PAUSE_SETTING, PAUSED_VALUE } from './pause-switch.js';

/**
 * The durable queue: rows of the `jobs` table. Enqueue inside the caller's
 * transaction (the job exists exactly when the state change that needs it
 * commits); claim with a lease; finish with a fence on the lease.
 */

export interface EnqueueOptions {
  /** Unique while the row exists: enqueueing the same logical job twice is a no-op. */
  dedupeKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

const DEFAULT_MAX_ATTEMPTS = 3;

/** Returns the new job id, or null when a job with the same dedupe key already exists. */
export async function enqueueJob<K extends JobKind>(
  trx: DbOrTrx, clock: Clock, kind: K, payload: JobKinds[K], opts: EnqueueOptions = {},
): Promise<number | null> {
  const now = clock.now().toISOString();
  const row = await trx
    .insertInto('jobs')
    .values({
      kind,
      payload: JSON.stringify(payload),
      state: 'pending',
      run_at: (opts.runAt ?? clock.now()).toISOString(),
      attempts: 0,
      max_attempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      dedupe_key: opts.dedupeKey ?? null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Claims up to `limit` due jobs of the given kinds for `workerId`. On
 * PostgreSQL concurrent claimers skip each other's locked rows (SKIP LOCKED);
 * on SQLite the single writer makes the UPDATE atomic. The statement claims
 * nothing while the operator's pause switch is on (pause-switch.ts).
 */
export async function claimJobs(
  db: Db, clock: Clock, workerId: string, kinds: string[], limit: number, leaseMs: (kind: string) => number,
): Promise<JobRow[]> {
  if (kinds.length === 0 || limit <= 0) return [];
  const now = clock.now();
  let due = db
    .selectFrom('jobs')
    .select('id')
    .where('state', '=', 'pending')
    .where('run_at', '<=', now.toISOString())
    .where('kind', 'in', kinds)
    .orderBy('run_at')
    .orderBy('id')
    .limit(limit);
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable('jobs')
    .set({
      state: 'running',
      locked_by: workerId,
      // Each job its own kind's lease from the claim on: a crash is then recovered after that lease (docs/operations.md), not the lane's longest.
      locked_until: leaseEndByKind(now, kinds, leaseMs),
      attempts: sql`attempts + 1`,
      updated_at: now.toISOString(),
    })
    .where('id', 'in', due)
    .where(({ not, exists, selectFrom }) => not(exists(
      selectFrom('settings').select('key').where('key', '=', PAUSE_SETTING).where('value', '=', PAUSED_VALUE),
    )))
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** `locked_until` of a claimed row, chosen by its kind in the claiming statement itself. */
function leaseEndByKind(now: Date, kinds: string[], leaseMs: (kind: string) => number) {
  const until = (kind: string) => new Date(now.getTime() + leaseMs(kind)).toISOString();
  const cases = kinds.map((kind) => sql`when ${kind} then ${until(kind)}`);
  return sql<string>`case ${sql.ref('kind')} ${sql.join(cases, sql` `)} end`;
}

/** Extends the lease; false when the job is no longer ours (reclaimed, or finished elsewhere). */
export async function heartbeat(db: Db, clock: Clock, job: JobRow, workerId: string, leaseMs: number): Promise<boolean> {
  const now = clock.now();
  const res = await db
    .updateTable('jobs')
    .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString(), updated_at: now.toISOString() })
    .where('id', '=', job.id)
    .where('state', '=', 'running')
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Marks the job done if `workerId` still holds it; throws LeaseLostError otherwise (caller's transaction rolls back). */
export async function fenceAndComplete(trx: Trx, clock: Clock, jobId: number, workerId: string): Promise<void> {
  const res = await trx
    .updateTable('jobs')
    .set({ state: 'done', locked_by: null, locked_until: null, updated_at: clock.now().toISOString() })
    .where('id', '=', jobId)
    .where('state', '=', 'running')
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw new LeaseLostError(jobId);
}

/**
 * Puts a job back to pending after `delayMs`: after a failed attempt, its
 * `error` recorded and the attempt kept; or, with `error` null, deferred as if
 * it had not been claimed (the claim's attempt given back).
 */
export async function rescheduleJob(trx: Trx, clock: Clock, job: JobRow, delayMs: number, error: string | null): Promise<void> {
  const now = clock.now();
  await trx
    .updateTable('jobs')
    .set({
      state: 'pending',
      run_at: new Date(now.getTime() + delayMs).toISOString(),
      locked_by: null,
      locked_until: null,
      ...(error === null ? { attempts: sql`attempts - 1` } : { last_error: error.slice(0, 2000) }),
      updated_at: now.toISOString(),
    })
    .where('id', '=', job.id)
    .execute();
}

export async function markJobFailed(trx: Trx, clock: Clock, job: JobRow, error: string): Promise<void> {
  await trx
    .updateTable('jobs')
    .set({ state: 'failed', locked_by: null, locked_until: null, last_error: error.slice(0, 2000), updated_at: clock.now().toISOString() })
    .where('id', '=', job.id)
    .execute();
}

/**
 * Running jobs whose lease ran out: their worker died or hung. Locked on
 * PostgreSQL so two reclaimers never handle the same row.
 */
export async function selectExpiredForUpdate(trx: Trx, clock: Clock, limit: number): Promise<JobRow[]> {
  let q = trx
    .selectFrom('jobs')
    .selectAll()
    .where('state', '=', 'running')
    .where('locked_until', '<', clock.now().toISOString())
    .orderBy('id')
    .limit(limit);
  if (isPostgres(trx)) q = q.forUpdate().skipLocked();
  return q.execute();
}

/** Deletes finished jobs older than the cutoff (housekeeping). */
export async function purgeFinishedJobs(db: Db, before: Date): Promise<number> {
  const res = await db
    .deleteFrom('jobs')
    .where('state', 'in', ['done', 'failed'])
    .where('updated_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Jobs waiting or running, by kind and state. */
export async function queueDepth(db: Db): Promise<Array<{ kind: string; state: string; n: number }>> {
  const rows = await db.selectFrom('jobs').select(['kind', 'state', sql<number>`count(*)`.as('n')])
    .where('state', 'in', ['pending', 'running']).groupBy(['kind', 'state']).execute();
  return rows.map((r) => ({ kind: r.kind, state: r.state, n: Number(r.n ?? 0) }));
}

/** Bulk form of enqueueJob for many jobs of one kind (chunked: SQLite caps bound parameters). */
export async function enqueueJobs<K extends JobKind>(
  trx: DbOrTrx, clock: Clock, kind: K, items: Array<{ payload: JobKinds[K]; dedupeKey: string }>, maxAttempts = DEFAULT_MAX_ATTEMPTS,
): Promise<void> {
  const now = clock.now().toISOString();
  for (let i = 0; i < items.length; i += 200) {
    await trx
      .insertInto('jobs')
      .values(items.slice(i, i + 200).map((item) => ({
        kind, payload: JSON.stringify(item.payload), state: 'pending', run_at: now, attempts: 0, max_attempts: maxAttempts,
        dedupe_key: item.dedupeKey, created_at: now, updated_at: now,
      })))
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
  }
}
