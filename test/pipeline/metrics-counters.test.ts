import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock.js';
import type { Engine, ExtractResult } from '../../src/extract/types.js';
import { ADMIN_TOKEN, DIALECTS, bearer, startTestApp, type TestApp } from '../helpers/app.js';
import { parseMetrics, type Sample } from '../scale/metrics-text.js';
import { textPdf } from '../fixtures/ingest/pdf-fixtures.js';
import { upload } from '../http/helpers/uploads.js';
import { api, pageNumberOf, runWorkers, waitForBatch, waitUntil } from './helpers.js';

/** A receiver that answers 500 to the first delivery and 200 after. */
async function flakyReceiver() {
  let calls = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(calls++ === 0 ? 500 : 200).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    calls: () => calls,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Counter samples by `name{labels}`, without the runtime's (process_, nodejs_) and HTTP's own. */
function counters(text: string): Map<string, number> {
  const kinds = new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1], m[2]]));
  const out = new Map<string, number>();
  for (const s of parseMetrics(text) as Sample[]) {
    if (kinds.get(s.name) !== 'counter' || /process_|nodejs_|http_/.test(s.name)) continue;
    out.set(`${s.name}${JSON.stringify(s.labels)}`, s.value);
  }
  return out;
}

/**
 * docs/operations.md: the counters an operator alerts on rise while a 2-page
 * PDF is uploaded (once replayed by its Idempotency-Key) and processed: one
 * page fails and is refunded, the other's engine call throws once and the job
 * is retried, and the batch's webhook is delivered on the second attempt.
 */
describe.each(DIALECTS)('metrics counters (%s)', (dialect) => {
  let t: TestApp;
  let offset = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offset) };
  beforeAll(async () => { t = await startTestApp(dialect, { DOCROWS_ALLOW_PRIVATE_URLS: 'true' }, { clock }); });
  afterAll(async () => { await t.destroy(); });

  const scrape = async () => {
    const res = await t.inject({ method: 'GET', url: '/metrics', headers: bearer(ADMIN_TOKEN) });
    expect(res.statusCode).toBe(200);
    return counters(res.body);
  };

  it('count uploads, replays, engine pages, credits, retries and webhook deliveries', async () => {
    const before = await scrape();
    const { accountId, apiKey } = await t.createAccount({ credits: 10 });
    const pdf = await textPdf({ pages: 2, rows: 2 });
    const send = () => upload(t, apiKey, {
      fields: { batch_name: 'counted' }, file: { filename: 'two.pdf', content: pdf, contentType: 'application/pdf' }, headers: { 'idempotency-key': 'counted-1' },
    });
    expect((await send()).statusCode).toBe(200);
    const replay = await send();
    expect(replay.headers['idempotent-replayed']).toBe('true');

    const receiver = await flakyReceiver();
    let threw = false;
    const engine: Engine = {
      name: 'scripted',
      extract: async (page): Promise<ExtractResult> => {
        if (pageNumberOf(page) === 2) return { ok: false, failure: { code: 'no_content', message: 'scripted: nothing on the page' } };
        if (!threw) {
          threw = true;
          throw new Error('scripted: the engine crashed');
        }
        return { ok: true, fields: ['Item'], rows: [{ Item: { value: 'Widget', box: null } }] };
      },
    };
    expect((await api(t, apiKey)('POST', '/batches/counted/process', { fields: ['Item'], webhook_url: receiver.url })).statusCode).toBe(200);
    const workers = runWorkers(t, { engine, workers: 1 });
    try {
      await waitForBatch(t, accountId, 'counted');
      await waitUntil(async () => receiver.calls() === 1, 20_000, 'the first delivery');
      offset += 6_000; // past the webhook schedule's first step (5 s + jitter)
      await waitUntil(async () => receiver.calls() === 2, 20_000, 'the second delivery');
      await waitUntil(async () => (await t.services.db.selectFrom('jobs').select('id')
        .where('kind', '=', 'webhook.deliver').where('state', '=', 'done').execute()).length === 1, 10_000, 'the delivery job done');
    } finally {
      await workers.stop();
      await receiver.close();
    }

    const after = await scrape();
    const rise = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
    expect(rise('docrows_documents_uploaded_total{"source":"api"}')).toBe(2);
    expect(rise('docrows_idempotent_replays_total{"route":"/api/v1/documents"}')).toBe(1);
    expect(rise('docrows_pages_extracted_total{"engine":"scripted","outcome":"ok"}')).toBe(1);
    expect(rise('docrows_pages_extracted_total{"engine":"scripted","outcome":"failed"}')).toBe(1);
    expect(rise('docrows_pages_extracted_total{"engine":"scripted","outcome":"error"}')).toBe(1);
    expect(rise('docrows_credits_spent_total{}')).toBe(2);
    expect(rise('docrows_credits_refunded_total{}')).toBe(1);
    expect(rise('docrows_jobs_retried_total{"kind":"document.extract"}')).toBe(1);
    expect(rise('docrows_jobs_retried_total{"kind":"webhook.deliver"}')).toBe(1);
    expect(rise('docrows_webhook_deliveries_total{"outcome":"failed"}')).toBe(1);
    expect(rise('docrows_webhook_deliveries_total{"outcome":"delivered"}')).toBe(1);
    // Every counter of ours that moved is one named above, and none went down.
    const moved = [...after.keys()].filter((k) => rise(k) !== 0);
    expect(moved.sort()).toEqual([
      'docrows_credits_refunded_total{}', 'docrows_credits_spent_total{}',
      'docrows_documents_uploaded_total{"source":"api"}', 'docrows_idempotent_replays_total{"route":"/api/v1/documents"}',
      'docrows_jobs_retried_total{"kind":"document.extract"}', 'docrows_jobs_retried_total{"kind":"webhook.deliver"}',
      'docrows_pages_extracted_total{"engine":"scripted","outcome":"error"}', 'docrows_pages_extracted_total{"engine":"scripted","outcome":"failed"}',
      'docrows_pages_extracted_total{"engine":"scripted","outcome":"ok"}',
      'docrows_webhook_deliveries_total{"outcome":"delivered"}', 'docrows_webhook_deliveries_total{"outcome":"failed"}',
    ]);
  }, 90_000);

  it('names the admin token when /metrics is asked without it', async () => {
    const res = await t.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'missing_api_key' });
    expect(res.json().error.message).toMatch(/^No admin token provided: \/metrics takes the server's DOCROWS_ADMIN_TOKEN/);
  });
});
