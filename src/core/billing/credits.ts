import { sql } from 'kysely';
import type { DbOrTrx, Trx } from '../../db/connect.js';
import { errors } from '../../errors.js';
import { isoNow, type Clock } from '../../clock.js';

/**
 * The credit ledger. Every change of a pool's balance is one ledger row written
 * in the same transaction as the balance update, so for every pool
 * `accounts.credits == SUM(ledger_entries.amount)` holds at every commit.
 */

export interface LedgerChange {
  poolAccountId: number;
  consumerId: number;
  action: string;
  reason: 'extraction' | 'bbox' | null;
  batchName: string | null;
  documentId: string | null;
  amount: number;
  /** When set, a second change with the same key is skipped (retries, races, crash recovery). */
  dedupeKey: string | null;
}

/** The ledger row of a change: `point_type` is personal when the pool spends for itself, team when a member spends its owner's pool. */
function ledgerRow(change: LedgerChange, createdAt: string) {
  return {
    pool_account_id: change.poolAccountId,
    consumer_id: change.consumerId,
    action: change.action,
    reason: change.reason,
    batch_name: change.batchName,
    document_id: change.documentId,
    point_type: change.poolAccountId === change.consumerId ? 'personal' : 'team',
    amount: change.amount,
    dedupe_key: change.dedupeKey,
    created_at: createdAt,
  };
}

/**
 * Debits `total` from the pool if it holds enough, else throws insufficient_credits.
 * The conditional UPDATE is atomic (and row-locks on PostgreSQL), so racing
 * spends can never overdraw.
 */
export async function debitPool(trx: Trx, poolAccountId: number, total: number): Promise<void> {
  if (total <= 0) return;
  const res = await trx
    .updateTable('accounts')
    .set({ credits: sql`credits - ${total}` })
    .where('id', '=', poolAccountId)
    .where('credits', '>=', total)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) {
    const row = await trx.selectFrom('accounts').select('credits').where('id', '=', poolAccountId).executeTakeFirst();
    throw errors.insufficientCredits(total, row?.credits ?? 0);
  }
}

/**
 * Records spends whose total was already taken by `debitPool`. Each row's
 * amount must be negative; their sum must equal the debited total.
 */
export async function recordSpends(trx: Trx, clock: Clock, changes: LedgerChange[]): Promise<void> {
  if (changes.length === 0) return;
  const now = isoNow(clock);
  // Chunked: SQLite caps bound parameters per statement.
  for (let i = 0; i < changes.length; i += 200) {
    await trx
      .insertInto('ledger_entries')
      .values(
        changes.slice(i, i + 200).map((c) => ledgerRow(c, now)),
      )
      .execute();
  }
}

/**
 * Applies one credit change (a grant, a refund) and its ledger row together.
 * Returns false, changing nothing, when the dedupe key was already recorded.
 */
export async function applyCreditChange(trx: Trx, clock: Clock, change: LedgerChange): Promise<boolean> {
  const inserted = await trx
    .insertInto('ledger_entries')
    .values(ledgerRow(change, isoNow(clock)))
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await trx
    .updateTable('accounts')
    .set({ credits: sql`credits + ${change.amount}` })
    .where('id', '=', change.poolAccountId)
    .execute();
  return true;
}

/** Sum of a pool's ledger: what its balance must equal. */
export async function ledgerSum(db: DbOrTrx, poolAccountId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<number>`COALESCE(SUM(amount), 0)`.as('total'))
    .where('pool_account_id', '=', poolAccountId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
