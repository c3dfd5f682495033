import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { imageFixture } from '../fixtures/ingest/file-fixtures.js';
import { expectError, upload } from './helpers/uploads.js';

interface ListBody {
  data: Array<{ batch_name: string; status: string; document_count: number; created_at: string }>;
  has_more: boolean;
  next_page_token: string | null;
}

describe.each(DIALECTS)('GET /batches and GET /batches/{name} (%s)', (dialect) => {
  let t: TestApp;
  let key: string;
  let templateId: number;
  const ids: Record<string, string[]> = {};

  const list = async (query = ''): Promise<ListBody> => {
    const res = await t.inject({ method: 'GET', url: `/api/v1/batches${query}`, headers: bearer(key) });
    expect(res.statusCode).toBe(200);
    return res.json() as ListBody;
  };
  const names = async (query = ''): Promise<string[]> => (await list(query)).data.map((b) => b.batch_name);
  const setStatus = (id: string, status: string) => t.services.db.updateTable('documents').set({ status }).where('id', '=', id).execute();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    ({ apiKey: key } = await t.createAccount());
    const png = await imageFixture('png');
    const mk = await t.inject({ method: 'POST', url: '/api/v1/templates', headers: bearer(key), payload: { name: 'Invoices' } });
    templateId = (mk.json() as { template: { id: number } }).template.id;
    const plan: Array<[string, string, Record<string, string>?]> = [
      ['alpha', 'scan-1.png'], ['alpha', 'scan-2.png'], ['beta', 'Special_Invoice%.png', { template_id: String(templateId) }],
      ['gamma', 'receipt.png'], ['delta', 'other.png'],
    ];
    for (const [batch, filename, extra] of plan) {
      const res = await upload(t, key, { fields: { batch_name: batch, ...extra }, file: { filename, content: png } });
      (ids[batch] ??= []).push((res.json() as { document_id: string }).document_id);
    }
    // alpha: one processing → processing; beta: succeeded; gamma: failed + (nothing else) → failed; delta: stays queued.
    await setStatus(ids.alpha[0], 'processing');
    await setStatus(ids.beta[0], 'succeeded');
    await setStatus(ids.gamma[0], 'failed');
    await t.services.db.updateTable('uploads').set({ created_at: '2026-01-15T23:59:59.000Z' }).where('id', '=', ids.gamma[0]).execute();
  });
  afterAll(() => t.destroy());

  it('lists oldest first with aggregate status and counts', async () => {
    const body = await list();
    expect(body.has_more).toBe(false);
    expect(body.next_page_token).toBeNull();
    expect(body.data.map(({ batch_name, status, document_count }) => [batch_name, status, document_count])).toEqual([
      ['alpha', 'processing', 2], ['beta', 'succeeded', 1], ['gamma', 'failed', 1], ['delta', 'queued', 1],
    ]);
  });

  it('filters by aggregate status', async () => {
    expect(await names('?status=succeeded')).toEqual(['beta']);
    expect(await names('?status=queued,failed')).toEqual(['gamma', 'delta']);
    expect(await names('?status=canceled')).toEqual([]);
    expectError(await t.inject({ method: 'GET', url: '/api/v1/batches?status=done', headers: bearer(key) }), 400, 'invalid_parameter', 'status');
  });

  it('filters by filename substring, case-insensitively and literally', async () => {
    expect(await names('?q=SCAN')).toEqual(['alpha']);
    expect(await names(`?q=${encodeURIComponent('invoice%')}`)).toEqual(['beta']);
    expect(await names(`?q=${encodeURIComponent('l_i')}`)).toEqual(['beta']);
    expect(await names(`?q=${encodeURIComponent('%')}`)).toEqual(['beta']);
    expect(await names('?q=nothing-like-this')).toEqual([]);
  });

  it('filters by upload day, inclusive on both ends', async () => {
    expect(await names('?date_from=2026-01-15&date_to=2026-01-15')).toEqual(['gamma']);
    expect(await names('?date_to=2026-01-14')).toEqual([]);
    expect(await names('?date_from=2026-01-16')).toEqual(['alpha', 'beta', 'delta']);
    expectError(await t.inject({ method: 'GET', url: '/api/v1/batches?date_from=2026-02-30', headers: bearer(key) }), 400, 'invalid_parameter', 'date_from');
    expectError(await t.inject({ method: 'GET', url: '/api/v1/batches?date_to=15.01.2026', headers: bearer(key) }), 400, 'invalid_parameter', 'date_to');
  });

  it('filters by source, template and mode', async () => {
    expect(await names('?source=api')).toEqual(['alpha', 'beta', 'gamma', 'delta']);
    expect(await names('?source=direct')).toEqual([]);
    expect(await names('?source=share')).toEqual([]);
    expect(await names(`?template_id=${templateId}`)).toEqual(['beta']);
    expect(await names('?mode=table')).toHaveLength(4);
    expectError(await t.inject({ method: 'GET', url: '/api/v1/batches?mode=word', headers: bearer(key) }), 400, 'invalid_parameter', 'mode');
    expectError(await t.inject({ method: 'GET', url: '/api/v1/batches?source=fax', headers: bearer(key) }), 400, 'invalid_parameter', 'source');
    expectError(await t.inject({ method: 'GET', url: '/api/v1/batches?template_id=x', headers: bearer(key) }), 400, 'invalid_parameter', 'template_id');
  });

  it('pages with limit and page_token, refusing foreign tokens', async () => {
    const first = await list('?limit=3');
    expect(first.data.map((b) => b.batch_name)).toEqual(['alpha', 'beta', 'gamma']);
    expect(first.has_more).toBe(true);
    const second = await list(`?limit=3&page_token=${first.next_page_token}`);
    expect(second).toMatchObject({ has_more: false, next_page_token: null });
    expect(second.data.map((b) => b.batch_name)).toEqual(['delta']);
    // A token is bound to its filters.
    expectError(await t.inject({ method: 'GET', url: `/api/v1/batches?limit=3&status=queued&page_token=${first.next_page_token}`, headers: bearer(key) }), 400, 'invalid_parameter', 'page_token');
    expectError(await t.inject({ method: 'GET', url: '/api/v1/batches?page_token=garbage', headers: bearer(key) }), 400, 'invalid_parameter', 'page_token');
    for (const limit of ['0', '101', 'x']) {
      expectError(await t.inject({ method: 'GET', url: `/api/v1/batches?limit=${limit}`, headers: bearer(key) }), 400, 'invalid_parameter', 'limit');
    }
  });

  it('lists newest first with order=newest, paging backwards with its own tokens', async () => {
    expect(await names('?order=newest')).toEqual(['delta', 'gamma', 'beta', 'alpha']);
    expect(await names('?order=newest&status=queued,failed')).toEqual(['delta', 'gamma']);
    const first = await list('?order=newest&limit=3');
    expect(first.data.map((b) => b.batch_name)).toEqual(['delta', 'gamma', 'beta']);
    const second = await list(`?order=newest&limit=3&page_token=${first.next_page_token}`);
    expect(second.data.map((b) => b.batch_name)).toEqual(['alpha']);
    // A token of one order is refused in the other.
    expectError(await t.inject({ method: 'GET', url: `/api/v1/batches?limit=3&page_token=${first.next_page_token}`, headers: bearer(key) }), 400, 'invalid_parameter', 'page_token');
    expectError(await t.inject({ method: 'GET', url: '/api/v1/batches?order=latest', headers: bearer(key) }), 400, 'invalid_parameter', 'order');
  });

  it('shows one batch with status_counts, all_done and the documents never processed', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/batches/alpha', headers: bearer(key) });
    const body = res.json() as Record<string, unknown>;
    expect(body).toEqual({
      batch_name: 'alpha',
      document_count: 2,
      status_counts: { queued: 1, processing: 1, succeeded: 0, failed: 0, canceled: 0 },
      all_done: false,
      not_processed: 1,
      created_at: body.created_at,
    });
    await setStatus(ids.alpha[0], 'succeeded');
    await setStatus(ids.alpha[1], 'canceled');
    const done = (await t.inject({ method: 'GET', url: '/api/v1/batches/alpha', headers: bearer(key) })).json();
    expect(done).toMatchObject({ status_counts: { queued: 0, processing: 0, succeeded: 1, failed: 0, canceled: 1 }, all_done: true, not_processed: 0 });
    // Uploaded and never processed: queued by the contract, not_processed by the extension; queued by process: no longer.
    expect((await t.inject({ method: 'GET', url: '/api/v1/batches/delta', headers: bearer(key) })).json()).toMatchObject({ status_counts: { queued: 1 }, not_processed: 1 });
    await setStatus(ids.delta[0], 'queued');
    expect((await t.inject({ method: 'GET', url: '/api/v1/batches/delta', headers: bearer(key) })).json()).toMatchObject({ status_counts: { queued: 1 }, not_processed: 0 });
  });

  it('answers batch_not_found for unknown and foreign batches', async () => {
    expectError(await t.inject({ method: 'GET', url: '/api/v1/batches/nope', headers: bearer(key) }), 404, 'batch_not_found');
    const stranger = await t.createAccount();
    expectError(await t.inject({ method: 'GET', url: '/api/v1/batches/alpha', headers: bearer(stranger.apiKey) }), 404, 'batch_not_found');
    const theirs = await t.inject({ method: 'GET', url: '/api/v1/batches', headers: bearer(stranger.apiKey) });
    expect((theirs.json() as ListBody).data).toEqual([]);
  });
});
