import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectError } from './helpers/uploads.js';
import { api, cannedEngine, runWorkers, uploadTextPdf, waitForBatch } from '../pipeline/helpers.js';

type Event = { id: string; type: string; created_at: string; batch_name: string; document_id: string | null; data: Record<string, unknown>; document_url: string | null; batch_url: string; batch_results_url: string };

describe.each(DIALECTS)('GET /events (%s)', (dialect) => {
  let t: TestApp;
  let apiKey: string;
  let all: Event[];
  let docs: string[];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const account = await t.createAccount({ credits: 20 });
    apiKey = account.apiKey;
    const other = await t.createAccount({ credits: 20 });
    // Page 2 of batch "ev-a" fails; everything else succeeds.
    const engine = cannedEngine((page) => (page === 2
      ? { ok: false, failure: { code: 'no_content', message: 'The page has no readable content.' } }
      : { ok: true, fields: ['Item'], rows: [{ Item: { value: `row ${page}`, box: null } }] }));
    docs = [...await uploadTextPdf(t, apiKey, 'ev-a', 2, 1), ...await uploadTextPdf(t, apiKey, 'ev-b', 1, 1)];
    await uploadTextPdf(t, other.apiKey, 'ev-a', 1, 1);
    const workers = runWorkers(t, { engine, workers: 1 });
    for (const [key, id, batch] of [[apiKey, account.accountId, 'ev-a'], [apiKey, account.accountId, 'ev-b'], [other.apiKey, other.accountId, 'ev-a']] as const) {
      await api(t, key)('POST', `/batches/${batch}/process`);
      await waitForBatch(t, id, batch);
    }
    await workers.stop();
    all = (await api(t, apiKey)('GET', '/events?limit=100')).json().data;
  }, 120_000);
  afterAll(async () => t.destroy());

  const get = (query: string) => api(t, apiKey)('GET', `/events?${query}`);

  it('lists the account\'s events newest first with url fields', async () => {
    expect(all.map((e) => [e.type, e.batch_name, e.document_id])).toEqual([
      ['batch.completed', 'ev-b', null],
      ['document.completed', 'ev-b', docs[2]],
      ['batch.completed', 'ev-a', null],
      ['document.failed', 'ev-a', docs[1]],
      ['document.completed', 'ev-a', docs[0]],
    ]);
    const base = t.config.baseUrl;
    expect(all[3]).toEqual({
      id: expect.stringMatching(/^evt_[0-9A-Z]{26}$/),
      type: 'document.failed',
      created_at: expect.any(String),
      batch_name: 'ev-a',
      document_id: docs[1],
      data: { document_id: docs[1], batch_name: 'ev-a', status: 'failed', failure: { code: 'no_content', message: 'The page has no readable content.' } },
      document_url: `${base}/api/v1/documents/${docs[1]}`,
      batch_url: `${base}/api/v1/batches/ev-a`,
      batch_results_url: `${base}/api/v1/batches/ev-a/results`,
    });
    expect(all[2].data).toEqual({ batch_name: 'ev-a', status: 'succeeded', document_count: 2 });
    expect(all[2].document_url).toBeNull();
    const urls = await api(t, apiKey)('GET', all[3].document_url!.replace(`${base}/api/v1`, ''));
    expect(urls.json().status).toBe('failed');
  });

  it('pages newest-first with opaque tokens bound to the filters', async () => {
    const seen: Event[] = [];
    let token: string | null = null;
    do {
      const res = await get(`limit=2${token ? `&page_token=${encodeURIComponent(token)}` : ''}`);
      const body = res.json() as { data: Event[]; has_more: boolean; next_page_token: string | null };
      seen.push(...body.data);
      expect(body.has_more).toBe(body.next_page_token !== null);
      token = body.next_page_token;
    } while (token);
    expect(seen.map((e) => e.id)).toEqual(all.map((e) => e.id));
    const first = (await get('limit=2')).json();
    expectError(await get(`limit=2&type=batch.completed&page_token=${encodeURIComponent(first.next_page_token)}`), 400, 'invalid_parameter', 'page_token');
  });

  it('applies every filter', async () => {
    const ids = async (query: string) => ((await get(query)).json().data as Event[]).map((e) => e.id);
    expect(await ids('type=document.failed')).toEqual([all[3].id]);
    expect(await ids('type=batch.completed')).toEqual([all[0].id, all[2].id]);
    expect(await ids('batch_name=ev-a')).toEqual(all.slice(2).map((e) => e.id));
    expect(await ids(`document_id=${docs[0]}`)).toEqual([all[4].id]);
    expect(await ids(`created_from=${encodeURIComponent(all[1].created_at)}`)).toEqual(all.filter((e) => e.created_at >= all[1].created_at).map((e) => e.id));
    expect(await ids(`created_to=${encodeURIComponent(all[3].created_at)}`)).toEqual(all.filter((e) => e.created_at <= all[3].created_at).map((e) => e.id));
    expect(await ids('created_from=2000-01-01&created_to=2000-01-02')).toEqual([]);
  });

  it('rejects bad parameters with invalid_parameter', async () => {
    expectError(await get('type=document.started'), 400, 'invalid_parameter', 'type');
    expectError(await get('limit=0'), 400, 'invalid_parameter', 'limit');
    expectError(await get('limit=101'), 400, 'invalid_parameter', 'limit');
    expectError(await get('page_token=garbage'), 400, 'invalid_parameter', 'page_token');
    expectError(await get('batch_name=not%20valid!'), 400, 'invalid_parameter', 'batch_name');
    expectError(await get('created_from=yesterday'), 400, 'invalid_parameter', 'created_from');
    expectError(await get('created_to=2026-13-45T99:00:00Z'), 400, 'invalid_parameter', 'created_to');
  });
});
