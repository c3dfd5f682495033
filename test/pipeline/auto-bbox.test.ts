import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectCreditsInvariant } from '../helpers/credits.js';
import { api, cannedEngine, ledgerOf, runWorkers, uploadTextPdf, waitForBatch } from './helpers.js';

/** auto_annotate_bbox: the bbox pass is queued and billed in the transaction where extraction succeeds. */
describe.each(DIALECTS)('auto_annotate_bbox hook (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await expectCreditsInvariant(t.services.db); await t.destroy(); });

  it('queues a bbox job for each succeeded document only when the setting is on', async () => {
    const on = await t.createAccount({ credits: 10, settings: { auto_annotate_bbox: true } });
    const off = await t.createAccount({ credits: 10 });
    const [withBbox] = await uploadTextPdf(t, on.apiKey, 'auto', 1, 1);
    const [without] = await uploadTextPdf(t, off.apiKey, 'manual', 1, 1);
    await api(t, on.apiKey)('POST', '/batches/auto/process');
    await api(t, off.apiKey)('POST', '/batches/manual/process');
    const engine = cannedEngine(() => ({ ok: true, fields: ['Item'], rows: [{ Item: { value: 'Widget', box: null } }] }));
    const workers = runWorkers(t, { engine, workers: 1 });
    await waitForBatch(t, on.accountId, 'auto');
    await waitForBatch(t, off.accountId, 'manual');
    await workers.stop();
    expect((await api(t, on.apiKey)('GET', `/documents/${withBbox}/bbox`)).json().exists).toBe(true);
    expect((await api(t, off.apiKey)('GET', `/documents/${without}/bbox`)).json().exists).toBe(false);
    expect((await ledgerOf(t, withBbox)).map((r) => [r.action, r.reason, r.amount]).slice(0, 2))
      .toEqual([['deduction', 'extraction', -1], ['deduction', 'bbox', -1]]);
    expect((await ledgerOf(t, without)).map((r) => r.reason)).toEqual(['extraction']);
  }, 60_000);
});
