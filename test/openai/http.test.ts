import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectCreditsInvariant } from '../helpers/credits.js';
import { seedUploadedDocuments, textLayerPage } from '../helpers/seed-documents.js';
import { api, ledgerOf, runWorkers, uploadTextPdf, waitForBatch } from '../pipeline/helpers.js';
import { startModelServer, textPdfRows, type ModelServer } from './helpers/model-server.js';

/**
 * The model engine through the public surface: tiers routed to engines by
 * configuration, the tier locked at process time runs the page, retries never
 * bill twice, and the operator reads what a batch cost at the model server.
 */

const FIELDS = ['Item', 'Qty', 'Total'];

describe.each(DIALECTS)('model engine through the HTTP API (%s)', (dialect) => {
  let server: ModelServer;
  let t: TestApp;
  const admin = (method: 'GET' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.inject({ method, url: `/admin/v1${url}`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    server = await startModelServer((req) => ({ content: { rows: textPdfRows(req.page, 3) } }));
    t = await startTestApp(dialect, {
      DOCROWS_ENGINE_ADVANCED: 'openai', DOCROWS_ENGINE_PREMIUM: 'openai',
      DOCROWS_OPENAI_BASE_URL: server.url, DOCROWS_OPENAI_MODEL: 'small-vision', DOCROWS_MODEL_PREMIUM: 'large-vision',
      DOCROWS_OPENAI_BACKOFF_MS: '5', DOCROWS_OPENAI_MAX_BACKOFF_MS: '50', DOCROWS_OPENAI_CONCURRENCY: '16', DOCROWS_OPENAI_BREAKER_MS: '50',
    });
  }, 120_000);
  afterAll(async () => {
    await t.destroy();
    await server.close();
  });

  it('runs each tier on its engine; the tier locked at process time runs the page even after the account changes tier', async () => {
    server.requests.length = 0;
    const premium = await t.createAccount({ plan: 'pro', credits: 100, tier: 'premium' });
    const standard = await t.createAccount({ plan: 'pro', credits: 100 });
    const premiumIds = await uploadTextPdf(t, premium.apiKey, 'model', 2, 3);
    await uploadTextPdf(t, standard.apiKey, 'layout', 1, 3);
    expect((await api(t, premium.apiKey)('POST', '/batches/model/process', { fields: FIELDS })).statusCode).toBe(200);
    expect((await api(t, standard.apiKey)('POST', '/batches/layout/process', { fields: FIELDS })).statusCode).toBe(200);
    // Billing lock: queued documents keep the tier they were charged at.
    expect((await admin('PATCH', `/accounts/${premium.accountId}`, { tier: 'standard' })).statusCode).toBe(200);

    const workers = runWorkers(t, { workers: 1 });
    try {
      await waitForBatch(t, premium.accountId, 'model');
      await waitForBatch(t, standard.accountId, 'layout');
    } finally {
      await workers.stop();
    }
    // Only the premium pages reached the model server, with the premium model, image and words.
    expect(server.requests.map((r) => [r.body.model, r.page]).sort()).toEqual([['large-vision', 1], ['large-vision', 2]]);
    expect(server.requests.every((r) => r.image !== null && r.words.some((w) => w.text === 'Widget'))).toBe(true);

    const results = await api(t, premium.apiKey)('GET', '/batches/model/results');
    expect(results.statusCode).toBe(200);
    const docs = results.json().documents as Array<{ document_id: string; status: string; line_items: Array<Record<string, string>> }>;
    expect(docs.map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    expect(docs[1].line_items).toEqual(textPdfRows(2, 3));
    // Boxes and confidences come from the page's words.
    const stored = await t.services.db.selectFrom('documents').select('result').where('id', '=', premiumIds[0]).executeTakeFirstOrThrow();
    const firstRow = (JSON.parse(stored.result!) as { rows: Array<Record<string, { box: { x1: number; y1: number } | null; confidence: number }>> }).rows[0];
    expect(firstRow.Item).toMatchObject({ confidence: 0.95, box: { x1: expect.closeTo(54 / 612, 2), y1: expect.closeTo(126 / 792, 2) } });

    const ledger = await t.services.db.selectFrom('ledger_entries').select(['action', 'amount']).where('pool_account_id', '=', premium.accountId)
      .where('action', 'like', 'deduction%').execute();
    expect(ledger.map((l) => l.action)).toEqual(['deduction_premium', 'deduction_premium']);
    const charged = -ledger.reduce((sum, l) => sum + l.amount, 0);

    const usage = await admin('GET', `/accounts/${premium.accountId}/batches/model/engine-usage`);
    expect(usage.statusCode).toBe(200);
    expect(usage.json()).toEqual({
      account_id: premium.accountId, batch_name: 'model',
      totals: { pages: 2, succeeded: 2, failed: 0, tokens_in: 2000, tokens_out: 100, requests: 2, credits: charged },
      by_engine: [{ tier: 'premium', engine: 'openai', model: 'large-vision', pages: 2, succeeded: 2, failed: 0, tokens_in: 2000, tokens_out: 100, requests: 2, credits: charged }],
    });
    const layoutUsage = (await admin('GET', `/accounts/${standard.accountId}/batches/layout/engine-usage`)).json();
    expect(layoutUsage.by_engine).toMatchObject([{ tier: 'standard', engine: 'layout', model: null, pages: 1, tokens_in: 0 }]);
    const missing = await admin('GET', `/accounts/${premium.accountId}/batches/nope/engine-usage`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('batch_not_found');
    await expectCreditsInvariant(t.services.db);
  }, 120_000);

  it('a 200-page batch with 10% of requests answering 429 or 500 finishes with every page succeeded, charged once, refunded never', async () => {
    server.requests.length = 0;
    server.script = (req, n) => (n % 20 === 3 ? { status: 429, headers: { 'retry-after': '0' } } : n % 20 === 13 ? { status: 500 } : { content: { rows: textPdfRows(req.page, 2) } });
    const account = await t.createAccount({ plan: 'business', credits: 5000, tier: 'advanced' });
    await seedUploadedDocuments(t.services, account.accountId, 'big', 200, await textLayerPage(2, 1));
    expect((await api(t, account.apiKey)('POST', '/batches/big/process', { fields: FIELDS })).json().queued).toBe(200);
    const workers = runWorkers(t, { workers: 1 });
    try {
      await waitForBatch(t, account.accountId, 'big', 90_000);
    } finally {
      await workers.stop();
    }
    const statuses = await t.services.db.selectFrom('documents').select(['status']).where('account_id', '=', account.accountId).execute();
    expect(statuses.filter((s) => s.status === 'succeeded')).toHaveLength(200);
    const failures = server.requests.length - 200;
    expect(failures).toBeGreaterThanOrEqual(20);
    const ledger = await t.services.db.selectFrom('ledger_entries').select(['action', 'document_id']).where('pool_account_id', '=', account.accountId).execute();
    const deductions = ledger.filter((l) => l.action.startsWith('deduction'));
    expect(ledger.filter((l) => l.action.startsWith('refund'))).toEqual([]);
    expect(new Set(deductions.map((l) => l.document_id)).size).toBe(deductions.length);
    const usage = (await admin('GET', `/accounts/${account.accountId}/batches/big/engine-usage`)).json();
    expect(usage.totals).toMatchObject({ pages: 200, succeeded: 200, failed: 0, requests: server.requests.length, tokens_in: 200_000 });
    await expectCreditsInvariant(t.services.db);
  }, 120_000);

  it('pauses while the model server is down, resumes when it is back; a page that exhausts its retries fails engine_error, refunded once', async () => {
    server.requests.length = 0;
    server.script = (req) => (req.page === 2 ? { status: 500 } : { content: { rows: textPdfRows(req.page, 3) } });
    const account = await t.createAccount({ plan: 'pro', credits: 100, tier: 'premium' });
    const ids = await uploadTextPdf(t, account.apiKey, 'down', 2, 3);
    await server.stop();
    expect((await api(t, account.apiKey)('POST', '/batches/down/process', { fields: FIELDS })).statusCode).toBe(200);
    const workers = runWorkers(t, { workers: 1 });
    try {
      await new Promise((r) => setTimeout(r, 1000));
      const waiting = await t.services.db.selectFrom('documents').select('status').where('id', 'in', ids).execute();
      expect(waiting.map((d) => d.status).sort()).toEqual(['processing', 'processing']);
      await server.start();
      await waitForBatch(t, account.accountId, 'down');
    } finally {
      await workers.stop();
    }
    const docs = await t.services.db.selectFrom('documents').select(['id', 'status', 'failure_code']).where('id', 'in', ids).orderBy('page_number').execute();
    expect(docs.map((d) => [d.status, d.failure_code])).toEqual([['succeeded', null], ['failed', 'engine_error']]);
    expect(server.requests.filter((r) => r.page === 2)).toHaveLength(7); // DOCROWS_OPENAI_RETRIES 6, then given up
    expect((await ledgerOf(t, ids[1])).map((l) => l.action)).toEqual(['deduction_premium', 'refund_premium']);
    const usage = (await admin('GET', `/accounts/${account.accountId}/batches/down/engine-usage`)).json();
    expect(usage.totals).toMatchObject({ pages: 2, succeeded: 1, failed: 1, requests: 8 });
    await expectCreditsInvariant(t.services.db);
  }, 60_000);

  it('returns inferred columns and pure-location regions (snapped to the page picture) through the results API', async () => {
    const page = await textLayerPage(2, 1);
    const photo = { x1: 0.7, y1: 0.05, x2: 0.9, y2: 0.25 };
    const account = await t.createAccount({ plan: 'pro', credits: 100, tier: 'advanced' });
    await seedUploadedDocuments(t.services, account.accountId, 'shapes', 1, { ...page, textLayer: { ...page.textLayer, images: [photo] } });
    await seedUploadedDocuments(t.services, account.accountId, 'inferred', 1, page);
    server.script = (req) => (req.body.response_format?.json_schema?.schema.required as string[]).includes('columns')
      ? { content: { columns: ['Item', 'Qty'], rows: [['Widget 1-1', '1'], ['Widget 1-2', '2']] } }
      : { content: { rows: [{ Item: 'Widget 1-1', Photo: [690, 60, 880, 240] }] } };
    const call = api(t, account.apiKey);
    expect((await call('POST', '/batches/shapes/process', { fields: ['Item', 'Photo'] })).statusCode).toBe(200);
    expect((await call('POST', '/batches/inferred/process', {})).statusCode).toBe(200);
    const workers = runWorkers(t, { workers: 1 });
    await Promise.all([waitForBatch(t, account.accountId, 'shapes'), waitForBatch(t, account.accountId, 'inferred')]).finally(() => workers.stop());
    const located = (await call('GET', '/batches/shapes/results')).json().documents[0];
    expect(located.line_items).toEqual([{ Item: 'Widget 1-1', Photo: { type: 'image_region', bbox: { ...photo, unit: 'normalized' }, image_url: expect.stringContaining('/image?crop=0.7,0.05,0.9,0.25') } }]);
    const inferred = (await call('GET', '/batches/inferred/results')).json().documents[0];
    expect(inferred.line_items).toEqual([{ Item: 'Widget 1-1', Qty: '1' }, { Item: 'Widget 1-2', Qty: '2' }]);
  }, 60_000);
});
