import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock.js';
import { applyCreditChange, chargeDocuments, ledgerAction, PLAN_LIMITS, refundDocument, TIER_MULTIPLIER } from '../../src/core/billing/index.js';
import { AppError } from '../../src/errors.js';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectCreditsInvariant } from '../helpers/credits.js';

/** Billing arithmetic below HTTP: prices per tier, charges, refunds, dedupe and the pool (docs/decisions.md, Plans, tiers, credits). */

describe('price tables', () => {
  it('prices a document by tier and names ledger actions with the tier suffix except at standard', () => {
    expect(TIER_MULTIPLIER).toEqual({ standard: 1, advanced: 3, premium: 6 });
    expect([ledgerAction('deduction', 'standard'), ledgerAction('refund', 'standard')]).toEqual(['deduction', 'refund']);
    expect([ledgerAction('deduction', 'advanced'), ledgerAction('refund', 'premium')]).toEqual(['deduction_advanced', 'refund_premium']);
    expect(Object.fromEntries(Object.entries(PLAN_LIMITS).map(([plan, l]) => [plan, [l.apiAccess, l.maxBatchSize, l.uploadConcurrency, l.maxQueuedDocuments]]))).toEqual({
      free: [false, 20, 1, 20], basic: [true, 100, 2, 500], pro: [true, 500, 4, 2_000], business: [true, 2_000, 8, 10_000],
    });
  });
});

describe.each(DIALECTS)('credit changes (%s)', (dialect) => {
  let t: TestApp;
  const clock: Clock = { now: () => new Date('2026-03-01T12:00:00Z') };
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => t.destroy());

  const credits = async (id: number) => (await t.services.db.selectFrom('accounts').select('credits').where('id', '=', id).executeTakeFirstOrThrow()).credits;
  const ledger = (consumer: number) => t.services.db.selectFrom('ledger_entries')
    .select(['pool_account_id', 'action', 'reason', 'batch_name', 'document_id', 'point_type', 'amount'])
    .where('consumer_id', '=', consumer).where('action', '!=', 'grant').orderBy('id').execute();

  it('charges every document at the tier price from the owner pool, personal or team', async () => {
    const owner = await t.createAccount({ credits: 20 });
    const member = await t.createAccount({ credits: 0, owner_id: owner.accountId });
    const price = await t.services.db.transaction().execute((trx) => chargeDocuments(
      trx, clock, { poolAccountId: owner.accountId, consumerId: member.accountId }, 'b1', 'advanced', [{ id: 'd1', wave: 1 }, { id: 'd2', wave: 1 }],
    ));
    expect(price).toBe(3);
    expect(await credits(owner.accountId)).toBe(14);
    expect(await ledger(member.accountId)).toEqual(['d1', 'd2'].map((d) => ({
      pool_account_id: owner.accountId, action: 'deduction_advanced', reason: 'extraction', batch_name: 'b1', document_id: d, point_type: 'team', amount: -3,
    })));
    await t.services.db.transaction().execute((trx) => chargeDocuments(
      trx, clock, { poolAccountId: owner.accountId, consumerId: owner.accountId }, 'b1', 'premium', [{ id: 'd3', wave: 1 }],
    ));
    expect(await credits(owner.accountId)).toBe(8);
    expect(await ledger(owner.accountId)).toEqual([expect.objectContaining({ action: 'deduction_premium', point_type: 'personal', amount: -6 })]);
    await expectCreditsInvariant(t.services.db);
  });

  it('refuses a charge the pool cannot pay as a whole, changing nothing', async () => {
    const owner = await t.createAccount({ credits: 5 });
    const docs = [1, 2, 3].map((n) => ({ id: `p${n}`, wave: 1 }));
    const attempt = t.services.db.transaction().execute((trx) => chargeDocuments(trx, clock, { poolAccountId: owner.accountId, consumerId: owner.accountId }, 'b', 'advanced', docs));
    await expect(attempt).rejects.toSatisfy((err) => err instanceof AppError && err.code === 'insufficient_credits');
    expect(await credits(owner.accountId)).toBe(5);
    expect(await ledger(owner.accountId)).toEqual([]);
  });

  it('refunds a wave once at the rate it was charged, into the owner pool', async () => {
    const owner = await t.createAccount({ credits: 10 });
    const member = await t.createAccount({ credits: 0, owner_id: owner.accountId });
    await t.services.db.transaction().execute((trx) => chargeDocuments(
      trx, clock, { poolAccountId: owner.accountId, consumerId: member.accountId }, 'gone', 'premium', [{ id: 'r1', wave: 2 }],
    ));
    const doc = { id: 'r1', account_id: member.accountId, batch_id: -1, wave: 2, charged_amount: 6, charged_tier: 'premium' };
    const first = await t.services.db.transaction().execute((trx) => refundDocument(trx, clock, doc, 'failed'));
    // A retried or raced refund of the same wave is a no-op (dedupe key).
    const again = await t.services.db.transaction().execute((trx) => refundDocument(trx, clock, doc, 'failed'));
    const nothingCharged = await t.services.db.transaction().execute((trx) => refundDocument(trx, clock, { ...doc, wave: 3, charged_amount: 0 }, 'canceled'));
    expect([first, again, nothingCharged]).toEqual([6, 0, 0]);
    expect(await credits(owner.accountId)).toBe(10);
    expect((await ledger(member.accountId)).map((r) => [r.action, r.amount, r.point_type, r.batch_name])).toEqual([
      ['deduction_premium', -6, 'team', 'gone'],
      // The batch is gone (batch_id -1): the refund still lands, without a name.
      ['refund_premium', 6, 'team', null],
    ]);
    await expectCreditsInvariant(t.services.db);
  });

  it('applies a change once per dedupe key and never twice', async () => {
    const owner = await t.createAccount({ credits: 0 });
    const change = { poolAccountId: owner.accountId, consumerId: owner.accountId, action: 'grant', reason: null, batchName: null, documentId: null, amount: 7, dedupeKey: `grant-${owner.accountId}` };
    const applied = await t.services.db.transaction().execute((trx) => applyCreditChange(trx, clock, change));
    const repeated = await t.services.db.transaction().execute((trx) => applyCreditChange(trx, clock, change));
    expect([applied, repeated]).toEqual([true, false]);
    expect(await credits(owner.accountId)).toBe(7);
    await expectCreditsInvariant(t.services.db);
  });
});
