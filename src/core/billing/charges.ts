import type { Trx } from '../../db/connect.js';
import * as accounts from '../../db/queries/accounts.js';
import * as batches from '../../db/queries/batches.js';
import * as documents from '../../db/queries/documents.js';
import type { DocumentRow } from '../../db/schema.js';
import type { Clock } from '../../clock.js';
import { applyCreditChange, debitPool, recordSpends } from './credits.js';
import { errors } from '../../errors.js';
import { isTier, ledgerAction, TIER_MULTIPLIER, type Tier } from './plans.js';

/**
 * Extraction billing: one ledger row per document per wave. The dedupe keys
 * (`charge:<doc>:<wave>`, `refund:<doc>:<wave>`) make retries, races and
 * crash recovery unable to charge or refund a wave twice.
 */

const chargeKey = (documentId: string, wave: number) => `charge:${documentId}:${wave}`;
const refundKey = (documentId: string, wave: number) => `refund:${documentId}:${wave}`;

export interface ChargeTarget {
  id: string;
  /** The wave the document is being queued for (already incremented). */
  wave: number;
}

/**
 * Debits `tier`'s price for every document from the pool (all or nothing:
 * insufficient_credits changes nothing) and writes one deduction row each.
 * Returns the per-document price.
 */
export async function chargeDocuments(
  trx: Trx, clock: Clock, pool: { poolAccountId: number; consumerId: number }, batchName: string, tier: Tier, docs: ChargeTarget[],
): Promise<number> {
  const price = TIER_MULTIPLIER[tier];
  await debitPool(trx, pool.poolAccountId, price * docs.length);
  await recordSpends(trx, clock, docs.map((d) => ({
    poolAccountId: pool.poolAccountId,
    consumerId: pool.consumerId,
    action: ledgerAction('deduction', tier),
    reason: 'extraction' as const,
    batchName,
    documentId: d.id,
    amount: -price,
    dedupeKey: chargeKey(d.id, d.wave),
  })));
  return price;
}

export type RefundReason = 'failed' | 'canceled' | 'deleted';

/**
 * Returns a document's current-wave charge at the rate it was charged at
 * (failure, operator cancel, batch delete). Zeroes `charged_amount` so the
 * document reads as not charged; returns the credits refunded (0 when there
 * was nothing to refund or the refund was already recorded).
 */
export async function refundDocument(
  trx: Trx, clock: Clock, doc: Pick<DocumentRow, 'id' | 'account_id' | 'batch_id' | 'wave' | 'charged_amount' | 'charged_tier'>, _reason: RefundReason,
): Promise<number> {
  if (doc.charged_amount <= 0) return 0;
  const account = await accounts.poolRefOf(trx, doc.account_id);
  if (!account) throw errors.internal(`Document ${doc.id} belongs to a missing account.`);
  const tier: Tier = isTier(doc.charged_tier) ? doc.charged_tier : 'standard';
  const applied = await applyCreditChange(trx, clock, {
    poolAccountId: account.owner_id ?? account.id,
    consumerId: account.id,
    action: ledgerAction('refund', tier),
    reason: 'extraction',
    batchName: await batches.nameOf(trx, doc.batch_id),
    documentId: doc.id,
    amount: doc.charged_amount,
    dedupeKey: refundKey(doc.id, doc.wave),
  });
  await documents.clearCharge(trx, doc.id);
  return applied ? doc.charged_amount : 0;
}
