import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, DIALECTS, bearer, startTestApp, type TestApp } from '../helpers/app.js';
import { api, runWorkers, uploadTextPdf, waitForBatch } from '../pipeline/helpers.js';
import { expectError } from './helpers/uploads.js';
import { metricValue, parseMetrics } from '../scale/metrics-text.js';

describe.each(DIALECTS)('operator endpoints (%s)', (dialect) => {
  let t: TestApp;
  afterEach(async () => { await t?.destroy(); });

  const scrape = async (headers: Record<string, string> = bearer(ADMIN_TOKEN)) => t.inject({ method: 'GET', url: '/metrics', headers });

  it('reports readiness of the database and the storage', async () => {
    t = await startTestApp(dialect);
    expect((await t.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok' });
    fs.rmSync(path.join(t.dataDir, 'files'), { recursive: true, force: true });
    const res = await t.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'ok', storage: 'unreachable' });
  });

  it('guards /metrics with the admin token unless DOCROWS_METRICS_PUBLIC', async () => {
    t = await startTestApp(dialect);
    expectError(await scrape({}), 401, 'missing_api_key');
    expectError(await scrape(bearer('wrong')), 401, 'invalid_api_key');
    const ok = await scrape();
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    await t.destroy();
    t = await startTestApp(dialect, { DOCROWS_METRICS_PUBLIC: 'true' });
    expect((await scrape({})).statusCode).toBe(200);
  });

  it('shows requests by route, pages, credits, queue depth, jobs and engine time as the database does', async () => {
    t = await startTestApp(dialect);
    const { accountId, apiKey } = await t.createAccount({ plan: 'business', credits: 50 });
    const call = api(t, apiKey);
    await uploadTextPdf(t, apiKey, 'ops', 3);
    expect((await call('GET', '/batches/nope/results')).statusCode).toBe(404);

    const before = parseMetrics((await scrape()).body);
    expect(metricValue(before, 'docrows_http_requests_total', { method: 'POST', route: '/api/v1/documents', status: '200' })).toBe(1);
    expect(metricValue(before, 'docrows_http_requests_total', { method: 'GET', route: '/api/v1/batches/:batch_name/results', status: '404' })).toBe(1);
    expect(metricValue(before, 'docrows_http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/documents', status: '200' })).toBe(1);
    expect(metricValue(before, 'docrows_pages', { status: 'uploaded' })).toBe(3);

    expect((await call('POST', '/batches/ops/process', { fields: ['Item', 'Qty'] })).statusCode).toBe(200);
    const queued = parseMetrics((await scrape()).body);
    expect(metricValue(queued, 'docrows_queue_depth', { kind: 'document.extract', state: 'pending' })).toBe(3);
    expect(metricValue(queued, 'docrows_credits_spent_total')).toBe(3);

    const workers = runWorkers(t, { workers: 1 });
    try {
      await waitForBatch(t, accountId, 'ops');
    } finally {
      await workers.stop();
    }
    // Pages and credits are read from the database, so workers outside the app (runWorkers) count as well.
    const after = parseMetrics((await scrape()).body);
    const ledger = await t.services.db.selectFrom('ledger_entries').select(['action', 'amount']).execute();
    const charged = -ledger.filter((l) => l.action.startsWith('deduction')).reduce((s, l) => s + l.amount, 0);
    const refunded = ledger.filter((l) => l.action.startsWith('refund')).reduce((s, l) => s + l.amount, 0);
    expect(metricValue(after, 'docrows_credits_spent_total')).toBe(charged);
    expect(metricValue(after, 'docrows_credits_refunded_total')).toBe(refunded);
    expect(metricValue(after, 'docrows_pages', { status: 'succeeded' })).toBe(3);
    expect(metricValue(after, 'docrows_queue_depth', { kind: 'document.extract', state: 'pending' })).toBeUndefined();
  }, 60_000);

  it('times jobs and engine pages in a process with embedded workers', async () => {
    t = await startTestApp(dialect, { DOCROWS_WORKERS: '1' });
    const { accountId, apiKey } = await t.createAccount({ plan: 'business', credits: 50 });
    await uploadTextPdf(t, apiKey, 'timed', 2);
    expect((await api(t, apiKey)('POST', '/batches/timed/process', { fields: ['Item'] })).statusCode).toBe(200);
    await waitForBatch(t, accountId, 'timed');
    const m = parseMetrics((await scrape()).body);
    expect(metricValue(m, 'docrows_job_duration_seconds_count', { kind: 'document.extract', outcome: 'done' })).toBe(2);
    expect(metricValue(m, 'docrows_engine_page_seconds_count', { engine: 'layout', outcome: 'ok' })).toBe(2);
  }, 60_000);
});
