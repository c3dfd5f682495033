/**
 * The `ledger_entries` table: one row per credit change. Written only by
 * src/core/billing/, in the transaction that moves the balance
 * (accounts.takeCredits / addCredits).
 */
import { sql } from 'kysely';
import type { Db, DbOrTrx, Trx } from '../connect.js';
import type { LedgerRow, NewLedgerEntry } from '../schema.js';
import { inChunks } from './lookup.js';

export async function insertAll(trx: Trx, entries: NewLedgerEntry[]): Promise<void> {
  for (const chunk of inChunks(entries, 200)) await trx.insertInto('ledger_entries').values(chunk).execute();
}

/** Inserts the entry unless one with its dedupe key exists; true when it was inserted. */
export async function insertUnlessRecorded(trx: Trx, entry: NewLedgerEntry): Promise<boolean> {
  const inserted = await trx
    .insertInto('ledger_entries')
    .values(entry)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Sum of a pool's entries: what its balance must equal. */
export async function sumOf(db: DbOrTrx, poolAccountId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<number>`COALESCE(SUM(amount), 0)`.as('total'))
    .where('pool_account_id', '=', poolAccountId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Entries of a pool, or those one account consumed, newest first, below `beforeId`. */
export async function page(
  db: Db, whose: { poolAccountId: number } | { consumerId: number }, opts: { batchName?: string; beforeId: number | null; limit: number },
): Promise<LedgerRow[]> {
  let q = db.selectFrom('ledger_entries').selectAll();
  q = 'poolAccountId' in whose ? q.where('pool_account_id', '=', whose.poolAccountId) : q.where('consumer_id', '=', whose.consumerId);
  if (opts.batchName !== undefined) q = q.where('batch_name', '=', opts.batchName);
  if (opts.beforeId !== null) q = q.where('id', '<', opts.beforeId);
  return q.orderBy('id', 'desc').limit(opts.limit).execute();
}

/** Credits charged (deductions) and refunded over the whole ledger. */
export async function chargedAndRefunded(db: Db): Promise<{ charged: number; refunded: number }> {
  const row = await db.selectFrom('ledger_entries').select([
    sql<number>`coalesce(sum(case when action like 'deduction%' then -amount else 0 end), 0)`.as('charged'),
    sql<number>`coalesce(sum(case when action like 'refund%' then amount else 0 end), 0)`.as('refunded'),
  ]).executeTakeFirstOrThrow();
  return { charged: Number(row.charged ?? 0), refunded: Number(row.refunded ?? 0) };
}
