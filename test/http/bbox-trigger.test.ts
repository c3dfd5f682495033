import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectCreditsInvariant } from '../helpers/credits.js';
import { seedSucceededDocument } from '../helpers/seed-succeeded.js';
import { generatePage } from '../helpers/bbox-page.js';

const GROUP_BATCH_ID = /^bbx_[0-9A-HJKMNP-TV-Z]{26}$/;

describe.each(DIALECTS)('POST /documents/{id}/bbox (%s)', (dialect) => {
  let t: TestApp;
  const page = generatePage(40);

  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.destroy(); });

  async function account(body: Record<string, unknown> = {}) {
    return t.createAccount({ credits: 10, ...body });
  }
  const post = (apiKey: string, id: string, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url: `/api/v1/documents/${id}/bbox`, headers: { ...bearer(apiKey), ...headers } });
  const get = (apiKey: string, id: string) => t.inject({ method: 'GET', url: `/api/v1/documents/${id}/bbox`, headers: bearer(apiKey) });
  const credits = async (apiKey: string) => (await t.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(apiKey) })).json().available_credits as number;
  const usage = async (apiKey: string) => (await t.inject({ method: 'GET', url: '/api/v1/account/usage', headers: bearer(apiKey) })).json().data as Array<Record<string, unknown>>;
  const bboxRows = async () => ({
    jobs: (await t.services.db.selectFrom('bbox_jobs').select('id').execute()).length,
    groups: (await t.services.db.selectFrom('bbox_row_groups').select('bbox_job_id').execute()).length,
  });

  it('starts a job split into row groups and charges 1 credit through the ledger', async () => {
    const { accountId, apiKey } = await account();
    const doc = await seedSucceededDocument(t.services, { accountId, page });
    const res = await post(apiKey, doc.documentId);
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toEqual({ document_id: doc.documentId, group_batch_id: expect.stringMatching(GROUP_BATCH_ID), status: 'queued', already_running: false, row_groups: 4 });
    expect(await credits(apiKey)).toBe(9);
    const [spend] = await usage(apiKey);
    expect(spend).toMatchObject({ action: 'deduction', reason: 'bbox', amount: -1, batch_name: doc.batchName, document_id: doc.documentId, point_type: 'personal', consumer_id: accountId });
    const queued = await t.services.db.selectFrom('jobs').select(['kind', 'payload']).where('kind', '=', 'bbox.row_group').where('payload', 'like', `%${body.group_batch_id}%`).orderBy('id').execute();
    expect(queued.map((j) => JSON.parse(j.payload))).toEqual([0, 1, 2, 3].map((g) => ({ bboxJobId: body.group_batch_id, groupIndex: g })));

    const state = await get(apiKey, doc.documentId);
    expect(state.statusCode).toBe(200);
    expect(state.json()).toEqual({ document_id: doc.documentId, exists: true, status: 'queued', group_batch_id: body.group_batch_id, rows: {} });
    await expectCreditsInvariant(t.services.db);
  });

  it('answers 200 already_running with nothing charged while a job runs', async () => {
    const { accountId, apiKey } = await account();
    const doc = await seedSucceededDocument(t.services, { accountId, page });
    const first = (await post(apiKey, doc.documentId)).json();
    const again = await post(apiKey, doc.documentId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first, already_running: true });
    expect(await credits(apiKey)).toBe(9);
    expect((await usage(apiKey)).filter((e) => e.reason === 'bbox')).toHaveLength(1);
    await expectCreditsInvariant(t.services.db);
  });

  it('two concurrent triggers make one job and one charge', async () => {
    const { accountId, apiKey } = await account();
    const doc = await seedSucceededDocument(t.services, { accountId, page });
    const results = await Promise.all([post(apiKey, doc.documentId), post(apiKey, doc.documentId), post(apiKey, doc.documentId)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 202]);
    expect(new Set(results.map((r) => r.json().group_batch_id)).size).toBe(1);
    expect(await credits(apiKey)).toBe(9);
    const jobs = await t.services.db.selectFrom('bbox_jobs').select('id').where('document_id', '=', doc.documentId).execute();
    expect(jobs).toHaveLength(1);
    await expectCreditsInvariant(t.services.db);
  });

  it('charges the tier multiplier with the tier-suffixed action', async () => {
    const { accountId, apiKey } = await account({ tier: 'premium' });
    const doc = await seedSucceededDocument(t.services, { accountId, page });
    expect((await post(apiKey, doc.documentId)).statusCode).toBe(202);
    expect(await credits(apiKey)).toBe(4);
    expect((await usage(apiKey))[0]).toMatchObject({ action: 'deduction_premium', reason: 'bbox', amount: -6 });
    await expectCreditsInvariant(t.services.db);
  });

  it('a team member spends the owner pool', async () => {
    const owner = await account({ tier: 'advanced' });
    const member = await t.createAccount({ owner_id: owner.accountId });
    const doc = await seedSucceededDocument(t.services, { accountId: member.accountId, page });
    expect((await post(member.apiKey, doc.documentId)).statusCode).toBe(202);
    expect(await credits(owner.apiKey)).toBe(7);
    expect((await usage(member.apiKey))[0]).toMatchObject({ action: 'deduction_advanced', point_type: 'team', consumer_id: member.accountId, amount: -3 });
    await expectCreditsInvariant(t.services.db);
  });

  it('insufficient_credits changes nothing', async () => {
    const { accountId, apiKey } = await account({ credits: 2, tier: 'advanced' });
    const doc = await seedSucceededDocument(t.services, { accountId, page });
    const before = await bboxRows();
    const res = await post(apiKey, doc.documentId);
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ type: 'insufficient_credits', code: 'insufficient_credits' });
    expect(res.json().error.param).toBeUndefined();
    expect(await credits(apiKey)).toBe(2);
    expect(await bboxRows()).toEqual(before);
    expect((await get(apiKey, doc.documentId)).json()).toEqual({ document_id: doc.documentId, exists: false, status: null, group_batch_id: null, rows: {} });
    await expectCreditsInvariant(t.services.db);
  });

  it.each([
    ['processing', null],
    ['queued', null],
    ['uploaded', null],
    ['failed', null],
    ['canceled', null],
  ])('a %s document is invalid_parameter and nothing changes', async (status, result) => {
    const { accountId, apiKey } = await account();
    const doc = await seedSucceededDocument(t.services, { accountId, page, status, result });
    const before = await bboxRows();
    const res = await post(apiKey, doc.documentId);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_parameter', param: 'document_id' });
    expect(await credits(apiKey)).toBe(10);
    expect(await bboxRows()).toEqual(before);
  });

  it('a document whose page is no longer stored is invalid_parameter', async () => {
    const { accountId, apiKey } = await account();
    const doc = await seedSucceededDocument(t.services, { accountId, page });
    await t.services.db.updateTable('documents').set({ image_key: null, text_layer_key: null }).where('id', '=', doc.documentId).execute();
    const res = await post(apiKey, doc.documentId);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_parameter', param: 'document_id' });
    expect(await credits(apiKey)).toBe(10);
  });

  it('unknown and foreign documents are document_not_found on both routes', async () => {
    const { apiKey } = await account();
    const other = await account();
    const foreign = await seedSucceededDocument(t.services, { accountId: other.accountId, page });
    for (const id of ['doc_01J00000000000000000000000', foreign.documentId]) {
      for (const res of [await post(apiKey, id), await get(apiKey, id)]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toMatchObject({ type: 'not_found_error', code: 'document_not_found' });
      }
    }
    expect(await credits(other.apiKey)).toBe(10);
  });

  it('a document with 0 rows gets a job that completes at once and costs nothing', async () => {
    const { accountId, apiKey } = await account();
    const doc = await seedSucceededDocument(t.services, { accountId, page, result: { fields: ['Description'], rows: [] } });
    const res = await post(apiKey, doc.documentId);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ document_id: doc.documentId, group_batch_id: expect.stringMatching(GROUP_BATCH_ID), status: 'succeeded', already_running: false, row_groups: 0 });
    expect(await credits(apiKey)).toBe(10);
    expect((await get(apiKey, doc.documentId)).json()).toEqual({ document_id: doc.documentId, exists: true, status: 'succeeded', group_batch_id: res.json().group_batch_id, rows: {} });
    // Not running any more: a new trigger starts a new job.
    const again = await post(apiKey, doc.documentId);
    expect(again.statusCode).toBe(202);
    expect(again.json().group_batch_id).not.toBe(res.json().group_batch_id);
    await expectCreditsInvariant(t.services.db);
  });

  it('honours Idempotency-Key: a retry replays without a second charge, an unknown parameter is refused', async () => {
    const { accountId, apiKey } = await account();
    const doc = await seedSucceededDocument(t.services, { accountId, page });
    const first = await post(apiKey, doc.documentId, { 'idempotency-key': 'bbox-1' });
    expect(first.statusCode).toBe(202);
    const replay = await post(apiKey, doc.documentId, { 'idempotency-key': 'bbox-1' });
    expect(replay.statusCode).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const concurrent = await Promise.all([1, 2].map(() => post(apiKey, doc.documentId, { 'idempotency-key': 'bbox-1' })));
    expect(concurrent.map((r) => r.statusCode)).toEqual([202, 202]);
    expect(await credits(apiKey)).toBe(9);
    const reused = await t.inject({ method: 'POST', url: `/api/v1/documents/${doc.documentId}/bbox?retry=1`, headers: { ...bearer(apiKey), 'idempotency-key': 'bbox-1' } });
    // The route takes no parameter: one it does not name is refused before the key is looked at.
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatchObject({ code: 'invalid_parameter', param: 'retry', type: 'invalid_request_error' });
    expect(await credits(apiKey)).toBe(9);
    // Same key on another document's route is another scope: a fresh trigger.
    const doc2 = await seedSucceededDocument(t.services, { accountId, page });
    expect((await post(apiKey, doc2.documentId, { 'idempotency-key': 'bbox-1' })).statusCode).toBe(202);
    expect(await credits(apiKey)).toBe(8);
    await expectCreditsInvariant(t.services.db);
  });

  it('needs an API key', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/documents/doc_x/bbox' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('missing_api_key');
  });
});
