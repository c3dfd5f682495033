import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine, ExtractResult } from '../../src/extract/types.js';
import { createThreadedEngine } from '../../src/extract/engines/engine-threads.js';
import { ADMIN_TOKEN, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectCreditsInvariant } from '../helpers/credits.js';
import { api, failingOnPages, ledgerOf, runWorkers, uploadTextPdf, waitForBatch, waitUntil } from './helpers.js';

const widgets = (page: number, rows: number) =>
  Array.from({ length: rows }, (_, i) => ({ Item: `Widget ${page}-${i + 1}`, Qty: String(i + 1) }));

describe.each(DIALECTS)('extraction pipeline (%s)', (dialect) => {
  let t: TestApp;
  let layout: Engine;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    layout = createThreadedEngine('layout', 2);
  });
  afterAll(async () => {
    await expectCreditsInvariant(t.services.db);
    await layout.close?.();
    await t.destroy();
  });

  const admin = (method: 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.inject({ method, url: `/admin/v1${url}`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, ...(payload ? { payload } : {}) });
  const events = async (apiKey: string, query: string) => (await api(t, apiKey)('GET', `/events?${query}`)).json().data as Array<Record<string, unknown>>;

  it('a failing page is refunded and reported failed while the other pages succeed; reprocess gives new event ids', async () => {
    const { accountId, apiKey } = await t.createAccount({ credits: 10 });
    const call = api(t, apiKey);
    const ids = await uploadTextPdf(t, apiKey, 'mixed', 3, 2);
    expect((await call('POST', '/batches/mixed/process', { fields: ['Item', 'Qty'] })).json().queued).toBe(3);
    const workers = runWorkers(t, { engine: failingOnPages(layout, [2], { code: 'engine_error', message: 'scripted failure' }) });
    await waitForBatch(t, accountId, 'mixed');
    await workers.stop();

    const results = await call('GET', '/batches/mixed/results');
    expect(results.statusCode).toBe(200);
    expect(results.json()).toEqual({
      batch_name: 'mixed',
      merge_active: false,
      documents: [
        { document_id: ids[0], filename: 'invoice-3p.pdf', status: 'succeeded', corrected_at: null, line_items: widgets(1, 2) },
        { document_id: ids[1], filename: 'invoice-3p.pdf', status: 'failed', corrected_at: null, failure: { code: 'engine_error', message: 'scripted failure' } },
        { document_id: ids[2], filename: 'invoice-3p.pdf', status: 'succeeded', corrected_at: null, line_items: widgets(3, 2) },
      ],
    });
    expect((await ledgerOf(t, ids[1])).map((r) => [r.action, r.amount])).toEqual([['deduction', -1], ['refund', 1]]);
    expect((await ledgerOf(t, ids[0])).map((r) => [r.action, r.amount])).toEqual([['deduction', -1]]);
    expect((await call('GET', '/account')).json().available_credits).toBe(8);
    const doc = (await call('GET', `/documents/${ids[1]}`)).json();
    expect(doc).toMatchObject({ status: 'failed', completed_at: expect.any(String) });

    const feed = await events(apiKey, 'batch_name=mixed');
    expect(feed.map((e) => e.type)).toEqual(['batch.completed', ...feed.slice(1).map((e) => e.type)]);
    expect(feed.filter((e) => e.type === 'document.completed').map((e) => e.document_id).sort()).toEqual([ids[0], ids[2]].sort());
    const failed = feed.find((e) => e.type === 'document.failed')!;
    expect(failed.data).toEqual({ document_id: ids[1], batch_name: 'mixed', status: 'failed', failure: { code: 'engine_error', message: 'scripted failure' } });
    expect(feed[0].data).toEqual({ batch_name: 'mixed', status: 'succeeded', document_count: 3 });

    // Reprocess: only the failed page is eligible; this time the real engine reads it.
    expect((await call('POST', '/batches/mixed/process', { fields: ['Item', 'Qty'] })).json().queued).toBe(1);
    const again = runWorkers(t, { engine: layout });
    await waitForBatch(t, accountId, 'mixed');
    await again.stop();
    expect((await call('GET', '/batches/mixed/results')).json().documents[1]).toEqual(
      { document_id: ids[1], filename: 'invoice-3p.pdf', status: 'succeeded', corrected_at: null, line_items: widgets(2, 2) });
    expect((await ledgerOf(t, ids[1])).map((r) => [r.action, r.amount])).toEqual([['deduction', -1], ['refund', 1], ['deduction', -1]]);
    const after = await events(apiKey, 'batch_name=mixed');
    expect(after.length).toBe(feed.length + 2);
    expect(after.slice(0, 2).map((e) => e.type)).toEqual(['batch.completed', 'document.completed']);
    expect(new Set(after.map((e) => e.id)).size).toBe(after.length);
  }, 120_000);

  it('retries a crashed engine run, then fails and refunds once after 3 attempts', async () => {
    const { accountId, apiKey } = await t.createAccount({ credits: 10 });
    const [okId] = await uploadTextPdf(t, apiKey, 'flaky', 1, 1);
    await uploadTextPdf(t, apiKey, 'broken', 1, 1);
    let flakyCalls = 0;
    const engine: Engine = {
      name: 'scripted',
      async extract(page, request): Promise<ExtractResult> {
        const heading = page.textLayer!.words.map((w) => w.text).join(' ');
        if (heading.includes('Widget 1-1') && request.fields.length === 1) throw new Error('engine thread died');
        if (++flakyCalls === 1) throw new Error('first attempt crashes');
        return layout.extract(page, request);
      },
    };
    const call = api(t, apiKey);
    await call('POST', '/batches/flaky/process', { fields: ['Item', 'Qty'] });
    const workers = runWorkers(t, { engine });
    await waitForBatch(t, accountId, 'flaky');
    await call('POST', '/batches/broken/process', { fields: ['Item'] });
    await waitForBatch(t, accountId, 'broken', 30_000);
    await workers.stop();
    const flaky = await t.services.db.selectFrom('documents').selectAll().where('id', '=', okId).executeTakeFirstOrThrow();
    expect({ status: flaky.status, attempts: flaky.attempts }).toEqual({ status: 'succeeded', attempts: 2 });
    const broken = (await call('GET', '/batches/broken/results')).json().documents[0];
    expect(broken).toMatchObject({ status: 'failed', failure: { code: 'engine_error', message: expect.stringContaining('after 3 attempts: engine thread died') } });
    expect((await ledgerOf(t, broken.document_id)).map((r) => r.action)).toEqual(['deduction', 'refund']);
    const brokenRow = await t.services.db.selectFrom('documents').select('attempts').where('id', '=', broken.document_id).executeTakeFirstOrThrow();
    expect(brokenRow.attempts).toBe(3);
  }, 120_000);

  it('reclaims the job of a dead worker after its lease, and fails it once attempts are used up', async () => {
    const { accountId, apiKey } = await t.createAccount({ credits: 10 });
    const [alive] = await uploadTextPdf(t, apiKey, 'orphan', 1, 1);
    const [dead] = await uploadTextPdf(t, apiKey, 'orphan-last', 1, 1);
    const call = api(t, apiKey);
    await call('POST', '/batches/orphan/process', { fields: ['Item'] });
    await call('POST', '/batches/orphan-last/process', { fields: ['Item'] });
    // Stage what a SIGKILLed worker leaves: a running job with an expired lease and a processing document.
    const past = new Date(Date.now() - 1000).toISOString();
    for (const [id, attempts] of [[alive, 1], [dead, 3]] as const) {
      await t.services.db.updateTable('jobs').set({ state: 'running', locked_by: 'dead-worker', locked_until: past, attempts })
        .where('dedupe_key', '=', `extract:${id}:1`).execute();
      await t.services.db.updateTable('documents').set({ status: 'processing' }).where('id', '=', id).execute();
    }
    const workers = runWorkers(t, { engine: layout });
    await waitForBatch(t, accountId, 'orphan');
    await waitForBatch(t, accountId, 'orphan-last');
    await workers.stop();
    expect((await call('GET', `/documents/${alive}`)).json().status).toBe('succeeded');
    const last = (await call('GET', '/batches/orphan-last/results')).json().documents[0];
    expect(last).toMatchObject({ status: 'failed', failure: { code: 'engine_error', message: expect.stringContaining('lease expired') } });
    expect((await ledgerOf(t, dead)).map((r) => r.action)).toEqual(['deduction', 'refund']);
  }, 120_000);

  it('claims nothing while processing is paused; an operator cancel mid-processing refunds once and completes the batch', async () => {
    const { accountId, apiKey } = await t.createAccount({ credits: 10 });
    const call = api(t, apiKey);
    const ids = await uploadTextPdf(t, apiKey, 'paused', 2, 1);
    expect((await admin('PUT', '/processing', { paused: true })).json()).toEqual({ paused: true });
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const engine: Engine = {
      name: 'scripted',
      async extract(page, request) {
        if (page.textLayer!.words.some((w) => w.text === '2-1')) await gate;
        return layout.extract(page, request);
      },
    };
    const workers = runWorkers(t, { engine });
    try {
      await call('POST', '/batches/paused/process', { fields: ['Item'] });
      await new Promise((r) => setTimeout(r, 1200));
      const held = await t.services.db.selectFrom('documents').select('status').where('id', 'in', ids).execute();
      expect(held.map((d) => d.status)).toEqual(['queued', 'queued']);
      await admin('PUT', '/processing', { paused: false });
      await waitUntil(async () => (await call('GET', `/documents/${ids[1]}`)).json().status === 'processing', 20_000, 'page 2 processing');
      const canceled = await admin('POST', `/documents/${ids[1]}/cancel`);
      expect(canceled.json()).toMatchObject({ document_id: ids[1], status: 'canceled' });
      release();
      await waitForBatch(t, accountId, 'paused');
      await waitUntil(async () => (await t.services.db.selectFrom('jobs').select('id').where('state', '=', 'running').execute()).length === 0, 20_000, 'jobs idle');
    } finally {
      release();
      await workers.stop();
    }
    expect((await call('GET', `/documents/${ids[1]}`)).json().status).toBe('canceled');
    expect((await ledgerOf(t, ids[1])).map((r) => [r.action, r.amount])).toEqual([['deduction', -1], ['refund', 1]]);
    const feed = await events(apiKey, 'batch_name=paused');
    expect(feed.map((e) => [e.type, e.document_id])).toEqual([['batch.completed', null], ['document.completed', ids[0]]]);
    expect(feed[0].data).toEqual({ batch_name: 'paused', status: 'succeeded', document_count: 2 });
  }, 120_000);
});
