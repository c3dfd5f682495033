import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveRegistration } from '../../src/core/webhooks/index.js';
import type { Box } from '../../src/extract/types.js';
import { bearer, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { generatePage, iou, type GeneratedPage } from '../helpers/bbox-page.js';
import { startBboxWorkers, startReceiver, verifyDelivery, waitUntil } from '../helpers/bbox-workers.js';
import { expectCreditsInvariant } from '../helpers/credits.js';
import { seedSucceededDocument } from '../helpers/seed-succeeded.js';

type Rows = Record<string, Record<string, (Box & { unit: string }) | null>>;

/** Every returned box must overlap the true box (IoU ≥ 0.7); values not on the page must be null. Returns how many were located. */
function expectBoxesMatch(rows: Rows, page: GeneratedPage, truth: GeneratedPage['truth']): number {
  expect(Object.keys(rows).sort((a, b) => Number(a) - Number(b))).toEqual(page.result.rows.map((_, i) => String(i)));
  let located = 0;
  truth.forEach((fields, r) => {
    for (const [field, box] of Object.entries(fields)) {
      const got = rows[String(r)][field];
      if (box === null) {
        expect(got, `row ${r} ${field}`).toBeNull();
      } else if (got !== null) {
        expect(got.unit).toBe('normalized');
        expect(iou(got, box), `row ${r} ${field}`).toBeGreaterThanOrEqual(0.7);
        located++;
      }
    }
    // Pure-location values keep their region.
    expect(rows[String(r)].Photo).toEqual({ ...page.photoBox, unit: 'normalized' });
  });
  return located;
}

describe.each(DIALECTS)('bbox jobs end to end (%s)', (dialect) => {
  let t: TestApp;
  const page = generatePage(40, { seed: 5, phantomRows: [2, 33] });

  beforeAll(async () => { t = await startTestApp(dialect, { DOCROWS_ALLOW_PRIVATE_URLS: 'true' }); });
  afterAll(async () => { await t.destroy(); });

  const post = (apiKey: string, id: string) => t.inject({ method: 'POST', url: `/api/v1/documents/${id}/bbox`, headers: bearer(apiKey) });
  const get = async (apiKey: string, id: string) => (await t.inject({ method: 'GET', url: `/api/v1/documents/${id}/bbox`, headers: bearer(apiKey) })).json();
  const credits = async (apiKey: string) => (await t.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(apiKey) })).json().available_credits as number;
  const bboxLedger = async (accountId: number) =>
    t.services.db.selectFrom('ledger_entries').select(['action', 'amount']).where('pool_account_id', '=', accountId).where('reason', '=', 'bbox').orderBy('id').execute();
  const terminal = (apiKey: string, id: string) => async () => ['succeeded', 'failed', 'canceled'].includes((await get(apiKey, id)).status);

  it('locates every value (IoU >= 0.7), fires one signed document.bbox_completed even with row groups finishing on different workers', async () => {
    const receiver = await startReceiver();
    const { accountId, apiKey } = await t.createAccount({ credits: 5 });
    const doc = await seedSucceededDocument(t.services, { accountId, page });
    const reg = await saveRegistration(t.services.db, t.services.clock, t.services.ids, accountId, doc.batchName, receiver.url);
    const started = (await post(apiKey, doc.documentId)).json();
    const workers = startBboxWorkers(t.services, { pools: 2, cpuSlots: 2 });
    try {
      await waitUntil(terminal(apiKey, doc.documentId), 60_000, 'bbox job');
      await waitUntil(async () => receiver.received.length >= 1, 20_000, 'webhook');
      // Give a duplicate delivery, if any were queued, the time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await workers.stop();
      await receiver.close();
    }
    const state = await get(apiKey, doc.documentId);
    expect(state).toMatchObject({ document_id: doc.documentId, exists: true, status: 'succeeded', group_batch_id: started.group_batch_id });
    expect(expectBoxesMatch(state.rows, page, page.truth)).toBe(40 * 4 - 2);
    expect(receiver.received).toHaveLength(1);
    expect(verifyDelivery(reg.secret, receiver.received[0])).toEqual({
      type: 'document.bbox_completed',
      created_at: expect.any(String),
      data: { document_id: doc.documentId, group_batch_id: started.group_batch_id, status: 'succeeded' },
    });
    expect(await credits(apiKey)).toBe(4);
    expect(await bboxLedger(accountId)).toEqual([{ action: 'deduction', amount: -1 }]);
    await expectCreditsInvariant(t.services.db);
  });

  it('a job whose page cannot be read fails and is refunded once at the charged tier', async () => {
    const receiver = await startReceiver();
    const { accountId, apiKey } = await t.createAccount({ credits: 5, tier: 'advanced' });
    const doc = await seedSucceededDocument(t.services, { accountId, page });
    const reg = await saveRegistration(t.services.db, t.services.clock, t.services.ids, accountId, doc.batchName, receiver.url);
    const started = (await post(apiKey, doc.documentId)).json();
    // The page blobs vanish after the trigger (e.g. purged by retention).
    const row = await t.services.db.selectFrom('documents').select(['image_key', 'text_layer_key']).where('id', '=', doc.documentId).executeTakeFirstOrThrow();
    await t.services.blobs.delete(row.image_key as string);
    await t.services.blobs.delete(row.text_layer_key as string);
    // The tier changing meanwhile must not change the refund.
    await t.inject({ method: 'PATCH', url: `/admin/v1/accounts/${accountId}`, headers: { authorization: 'Bearer test-admin-token' }, payload: { tier: 'premium' } });
    const workers = startBboxWorkers(t.services, { pools: 2 });
    try {
      await waitUntil(terminal(apiKey, doc.documentId), 30_000, 'bbox job');
      await waitUntil(async () => receiver.received.length >= 1, 20_000, 'webhook');
    } finally {
      await workers.stop();
      await receiver.close();
    }
    expect(await get(apiKey, doc.documentId)).toEqual({ document_id: doc.documentId, exists: true, status: 'failed', group_batch_id: started.group_batch_id, rows: {} });
    expect(await credits(apiKey)).toBe(5);
    expect(await bboxLedger(accountId)).toEqual([{ action: 'deduction_advanced', amount: -3 }, { action: 'refund_advanced', amount: 3 }]);
    expect(receiver.received).toHaveLength(1);
    expect((verifyDelivery(reg.secret, receiver.received[0]) as { data: unknown }).data)
      .toEqual({ document_id: doc.documentId, group_batch_id: started.group_batch_id, status: 'failed' });
    await expectCreditsInvariant(t.services.db);
  });

  it('locates values on a raster page without a text layer through OCR', async (ctx) => {
    // OCR does not depend on the database: one dialect is enough on a shared 2-core machine.
    if (dialect !== DIALECTS[0]) ctx.skip();
    const { accountId, apiKey } = await t.createAccount({ credits: 5 });
    const doc = await seedSucceededDocument(t.services, { accountId, page, textLayer: false });
    await post(apiKey, doc.documentId);
    const workers = startBboxWorkers(t.services, { cpuSlots: 1 });
    try {
      await waitUntil(terminal(apiKey, doc.documentId), 120_000, 'bbox job');
    } finally {
      await workers.stop();
    }
    const state = await get(apiKey, doc.documentId);
    expect(state.status).toBe('succeeded');
    // OCR may miss a word (then the value is null, never a wrong box); nearly all must be found.
    expect(expectBoxesMatch(state.rows, page, page.inkTruth)).toBeGreaterThanOrEqual(Math.floor((40 * 4 - 2) * 0.9));
  }, 180_000);
});
