import type { DbOrTrx, Trx } from '../../db/connect.js';
import * as accounts from '../../db/queries/accounts.js';
import * as ledger from '../../db/queries/ledger.js';
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
  if (!(await accounts.takeCredits(trx, poolAccountId, total))) {
    throw errors.insufficientCredits(total, (await accounts.creditsOf(trx, poolAccountId)) ?? 0);
  }
}

/**
 * Records spends whose total was already taken by `debitPool`. Each row's
 * amount must be negative; their sum must equal the debited total.
 */
export async function recordSpends(trx: Trx, clock: Clock, changes: LedgerChange[]): Promise<void> {
  const now = isoNow(clock);
  await ledger.insertAll(trx, changes.map((c) => ledgerRow(c, now)));
}

/**
 * Applies one credit change (a grant, a refund) and its ledger row together.
 * Returns false, changing nothing, when the dedupe key was already recorded.
 */
export async function applyCreditChange(trx: Trx, clock: Clock, change: LedgerChange): Promise<boolean> {
  if (!(await ledger.insertUnlessRecorded(trx, ledgerRow(change, isoNow(clock))))) return false;
  await accounts.addCredits(trx, change.poolAccountId, change.amount);
  return true;
}

/** Sum of a pool's ledger: what its balance must equal. */
export async function ledgerSum(db: DbOrTrx, poolAccountId: number): Promise<number> {
  return ledger.sumOf(db, poolAccountId);
}
