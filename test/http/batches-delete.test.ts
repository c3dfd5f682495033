import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectCreditsInvariant } from '../helpers/credits.js';
import { imageFixture } from '../fixtures/ingest/file-fixtures.js';
import { expectError, footprint, upload } from './helpers/uploads.js';

describe.each(DIALECTS)('DELETE /batches/{name} (%s)', (dialect) => {
  let t: TestApp;
  let png: Buffer;
  beforeAll(async () => {
    // Callback hosts are not resolvable in the sandbox; private URLs allowed skips the DNS check.
    t = await startTestApp(dialect, { DOCROWS_ALLOW_PRIVATE_URLS: 'true' });
    png = await imageFixture('png');
  });
  afterAll(() => t.destroy());

  const credits = async (apiKey: string): Promise<number> =>
    ((await t.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(apiKey) })).json() as { available_credits: number }).available_credits;

  it('refunds charged queued documents and removes rows, blobs, webhook and bbox jobs', async () => {
    const acct = await t.createAccount({ credits: 10 });
    const h = bearer(acct.apiKey);
    const pages: string[] = [];
    for (const filename of ['p1.png', 'p2.png']) {
      const res = await upload(t, acct.apiKey, { fields: { batch_name: 'doomed' }, file: { filename, content: png } });
      pages.push((res.json() as { document_id: string }).document_id);
    }
    const processed = await t.inject({ method: 'POST', url: '/api/v1/batches/doomed/process', headers: h, payload: {} });
    expect(processed.json()).toMatchObject({ queued: 2 });
    expect(await credits(acct.apiKey)).toBe(8);
    // A later upload that was never processed: deleted without a refund.
    await upload(t, acct.apiKey, { fields: { batch_name: 'doomed' }, file: { filename: 'late.png', content: png } });
    // One charged page already finished: not refunded either.
    await t.services.db.updateTable('documents').set({ status: 'succeeded' }).where('id', '=', pages[1]).execute();
    const batchId = (await t.services.db.selectFrom('batches').select('id').where('name', '=', 'doomed').executeTakeFirstOrThrow()).id;
    await t.services.db.insertInto('bbox_jobs').values({
      id: 'bbx_done', document_id: pages[1], batch_id: batchId, pool_account_id: acct.accountId, consumer_id: acct.accountId,
      status: 'succeeded', running_document_id: null, row_groups: 1, charged_amount: 0, charged_tier: 'standard',
      created_at: '2026-01-01T00:00:00.000Z', completed_at: '2026-01-01T00:00:01.000Z',
    }).execute();
    const hook = await t.inject({ method: 'PUT', url: '/api/v1/batches/doomed/webhook', headers: h, payload: { callback_url: 'https://example.com/hook' } });
    expect(hook.statusCode).toBe(200);
    expect((await footprint(t, acct.accountId)).blobs).toBeGreaterThan(0);

    const res = await t.inject({ method: 'DELETE', url: '/api/v1/batches/doomed', headers: h });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ batch_name: 'doomed', deleted: true, document_count: 3, refunded_credits: 1 });
    expect(await credits(acct.apiKey)).toBe(9);
    const refunds = await t.services.db.selectFrom('ledger_entries').select(['action', 'amount', 'document_id', 'batch_name'])
      .where('pool_account_id', '=', acct.accountId).where('action', '=', 'refund').execute();
    expect(refunds).toEqual([{ action: 'refund', amount: 1, document_id: pages[0], batch_name: 'doomed' }]);
    await expectCreditsInvariant(t.services.db);

    expect(await footprint(t, acct.accountId)).toEqual({ batches: 0, uploads: 0, documents: 0, blobs: 0, blobSweeps: 0 });
    const hooks = await t.services.db.selectFrom('webhook_registrations').select('id').where('account_id', '=', acct.accountId).execute();
    expect(hooks).toEqual([]);
    expect(await t.services.db.selectFrom('bbox_jobs').select('id').where('batch_id', '=', batchId).execute()).toEqual([]);
    expectError(await t.inject({ method: 'GET', url: `/api/v1/documents/${pages[0]}`, headers: h }), 404, 'document_not_found');
    expectError(await t.inject({ method: 'GET', url: '/api/v1/batches/doomed', headers: h }), 404, 'batch_not_found');
    expectError(await t.inject({ method: 'DELETE', url: '/api/v1/batches/doomed', headers: h }), 404, 'batch_not_found');

    // The name is free again: a new upload starts a fresh batch.
    const again = await upload(t, acct.apiKey, { fields: { batch_name: 'doomed' }, file: { filename: 'new.png', content: png } });
    expect(again.json()).toMatchObject({ batch_name: 'doomed', remaining_batch_capacity: 99 });
  });

  it("answers batch_not_found for another account's batch and leaves it intact", async () => {
    const owner = await t.createAccount();
    const stranger = await t.createAccount();
    await upload(t, owner.apiKey, { fields: { batch_name: 'mine' }, file: { filename: 'a.png', content: png } });
    const before = await footprint(t, owner.accountId);
    expectError(await t.inject({ method: 'DELETE', url: '/api/v1/batches/mine', headers: bearer(stranger.apiKey) }), 404, 'batch_not_found');
    expect(await footprint(t, owner.accountId)).toEqual(before);
  });
});

describe.each(DIALECTS)('PUT /batches/{name}/webhook (%s)', (dialect) => {
  let t: TestApp;
  let key: string;
  let accountId: number;
  let strict: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DOCROWS_ALLOW_PRIVATE_URLS: 'true' });
    ({ apiKey: key, accountId } = await t.createAccount());
    strict = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.destroy();
    await strict.destroy();
  });

  const put = (name: string, payload: unknown) =>
    t.inject({ method: 'PUT', url: `/api/v1/batches/${name}/webhook`, headers: bearer(key), payload: payload as Record<string, unknown> });

  it('creates a registration for a batch without documents, then updates only the URL', async () => {
    const first = await put('future-batch', { callback_url: 'https://example.com/a' });
    expect(first.statusCode).toBe(200);
    const reg = first.json() as Record<string, string | null>;
    expect(reg).toEqual({
      batch_name: 'future-batch',
      callback_url: 'https://example.com/a',
      webhook_secret: reg.webhook_secret,
      created_at: reg.created_at,
      fired_at: null,
    });
    expect(reg.webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(reg.webhook_secret!.slice(6), 'base64')).toHaveLength(24);

    await t.services.db.updateTable('webhook_registrations').set({ fired_at: '2026-03-01T00:00:00.000Z' })
      .where('account_id', '=', accountId).where('batch_name', '=', 'future-batch').execute();
    const second = await put('future-batch', { callback_url: 'http://example.org/b' });
    expect(second.json()).toEqual({ ...reg, callback_url: 'http://example.org/b', fired_at: '2026-03-01T00:00:00.000Z' });
  });

  it('validates callback_url and batch_name', async () => {
    expectError(await put('b1', {}), 400, 'missing_parameter', 'callback_url');
    expectError(await put('b1', { callback_url: 'ftp://example.com/x' }), 400, 'invalid_parameter', 'callback_url', 'callback_url must be an http:// or https:// URL.');
    expectError(await put('b1', { callback_url: 'not a url' }), 400, 'invalid_parameter', 'callback_url');
    const other = await strict.createAccount();
    for (const url of ['http://127.0.0.1:8080/hook', 'http://[::1]/hook', 'http://10.0.0.7/hook', 'http://169.254.169.254/']) {
      const res = await strict.inject({ method: 'PUT', url: '/api/v1/batches/b1/webhook', headers: bearer(other.apiKey), payload: { callback_url: url } });
      expectError(res, 400, 'invalid_parameter', 'callback_url', /non-public address/);
    }
    expectError(await put('b'.repeat(51), { callback_url: 'https://example.com/a' }), 400, 'invalid_parameter', 'batch_name');
    expectError(await put('bad%20name', { callback_url: 'https://example.com/a' }), 400, 'invalid_parameter', 'batch_name');
    const rows = await t.services.db.selectFrom('webhook_registrations').select('batch_name').where('account_id', '=', accountId).execute();
    expect(rows.map((r) => r.batch_name)).toEqual(['future-batch']);
  });
});
