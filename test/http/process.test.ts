import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectCreditsInvariant } from '../helpers/credits.js';
import { expectError } from './helpers/uploads.js';
import { api, ledgerOf, uploadTextPdf } from '../pipeline/helpers.js';

/** POST /batches/{name}/process without workers: eligibility, credits, errors, idempotency. */
describe.each(DIALECTS)('POST /batches/{name}/process (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect, { DOCROWS_ALLOW_PRIVATE_URLS: 'false' }); });
  afterAll(async () => { await expectCreditsInvariant(t.services.db); await t.destroy(); });

  const admin = (method: 'PATCH' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.inject({ method, url: `/admin/v1${url}`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, ...(payload ? { payload } : {}) });
  const credits = async (apiKey: string) => (await api(t, apiKey)('GET', '/account')).json().available_credits as number;
  const statuses = async (ids: string[]) => {
    const rows = await t.services.db.selectFrom('documents').select(['id', 'status', 'charged_amount', 'wave']).where('id', 'in', ids).orderBy('id').execute();
    return rows.map((r) => r.status);
  };
  const jobCount = async (ids: string[]) => (await t.services.db.selectFrom('jobs').select('payload').where('kind', '=', 'document.extract').execute())
    .filter((j) => ids.includes((JSON.parse(j.payload) as { documentId: string }).documentId)).length;

  it('queues every uploaded document, charges 1 credit each with one ledger row per document', async () => {
    const { accountId, apiKey } = await t.createAccount({ credits: 10 });
    const ids = await uploadTextPdf(t, apiKey, 'b-std', 3);
    const res = await api(t, apiKey)('POST', '/batches/b-std/process');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ batch_name: 'b-std', queued: 3, quality: 'fast', webhook_registered: false });
    expect(await credits(apiKey)).toBe(7);
    expect(await statuses(ids)).toEqual(['queued', 'queued', 'queued']);
    for (const id of ids) {
      expect(await ledgerOf(t, id)).toEqual([{
        action: 'deduction', amount: -1, reason: 'extraction', point_type: 'personal', consumer_id: accountId, batch_name: 'b-std', document_id: id,
      }]);
    }
    expect(await jobCount(ids)).toBe(3);
    const doc = await api(t, apiKey)('GET', `/documents/${ids[0]}`);
    expect(doc.json().status).toBe('queued');
    // Nothing newly eligible: invalid_parameter, nothing charged.
    const again = await api(t, apiKey)('POST', '/batches/b-std/process');
    expectError(again, 400, 'invalid_parameter', 'batch_name');
    expect(await credits(apiKey)).toBe(7);
    expect(await jobCount(ids)).toBe(3);
  });

  it('charges the tier in force at the call, locks it on the documents and refunds at that rate', async () => {
    const { accountId, apiKey } = await t.createAccount({ credits: 20, tier: 'advanced' });
    const ids = await uploadTextPdf(t, apiKey, 'b-adv', 2);
    expect((await api(t, apiKey)('POST', '/batches/b-adv/process')).statusCode).toBe(200);
    expect(await credits(apiKey)).toBe(14);
    expect((await ledgerOf(t, ids[0]))[0]).toMatchObject({ action: 'deduction_advanced', amount: -3 });
    // The operator moves the account to premium: the queued documents keep the advanced rate.
    expect((await admin('PATCH', `/accounts/${accountId}`, { tier: 'premium' })).statusCode).toBe(200);
    const cancel = await admin('POST', `/documents/${ids[0]}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ document_id: ids[0], status: 'canceled', batch_name: 'b-adv' });
    expect(cancel.json().completed_at).toEqual(expect.any(String));
    expect((await ledgerOf(t, ids[0])).map((r) => [r.action, r.amount])).toEqual([['deduction_advanced', -3], ['refund_advanced', 3]]);
    expect(await credits(apiKey)).toBe(17);
    // Reprocessing the canceled document bills the premium rate now in force.
    expect((await api(t, apiKey)('POST', '/batches/b-adv/process')).json().queued).toBe(1);
    expect((await ledgerOf(t, ids[0])).map((r) => [r.action, r.amount])).toEqual([['deduction_advanced', -3], ['refund_advanced', 3], ['deduction_premium', -6]]);
    expect(await credits(apiKey)).toBe(11);
    // A canceled document cannot be canceled again; nothing more is refunded.
    expect((await admin('POST', `/documents/${ids[1]}/cancel`)).statusCode).toBe(200);
    expectError(await admin('POST', `/documents/${ids[1]}/cancel`), 400, 'invalid_parameter', 'document_id');
    expectError(await admin('POST', '/documents/doc_missing/cancel'), 404, 'document_not_found');
    expect(await credits(apiKey)).toBe(14);
  });

  it('bills a team member against the owner pool with point_type team', async () => {
    const owner = await t.createAccount({ credits: 5 });
    const member = await t.createAccount({ credits: 0, owner_id: owner.accountId });
    const ids = await uploadTextPdf(t, member.apiKey, 'b-team', 1);
    expect((await api(t, member.apiKey)('POST', '/batches/b-team/process')).statusCode).toBe(200);
    expect(await ledgerOf(t, ids[0])).toEqual([expect.objectContaining({ point_type: 'team', consumer_id: member.accountId, amount: -1 })]);
    expect(await credits(owner.apiKey)).toBe(4);
  });

  it('insufficient_credits changes nothing, not even the webhook registration', async () => {
    const { apiKey } = await t.createAccount({ credits: 1, tier: 'standard' });
    const ids = await uploadTextPdf(t, apiKey, 'b-poor', 2);
    const res = await api(t, apiKey)('POST', '/batches/b-poor/process', { webhook_url: 'https://93.184.216.34/hook' });
    expectError(res, 402, 'insufficient_credits');
    expect(await credits(apiKey)).toBe(1);
    expect(await statuses(ids)).toEqual(['uploaded', 'uploaded']);
    expect(await ledgerOf(t, ids[0])).toEqual([]);
    expect(await jobCount(ids)).toBe(0);
    expect(await t.services.db.selectFrom('webhook_registrations').selectAll().where('batch_name', '=', 'b-poor').execute()).toEqual([]);
  });

  it('answers the listed errors and changes nothing', async () => {
    const { apiKey } = await t.createAccount({ credits: 10 });
    const other = await t.createAccount({ credits: 10 });
    const ids = await uploadTextPdf(t, apiKey, 'b-err', 1);
    await uploadTextPdf(t, other.apiKey, 'b-other', 1);
    const call = api(t, apiKey);
    expectError(await call('POST', '/batches/nope/process'), 404, 'batch_not_found');
    expectError(await call('POST', '/batches/b-other/process'), 404, 'batch_not_found');
    expectError(await call('POST', '/batches/b-err/process', { quality: 'best' }), 400, 'invalid_parameter', 'quality');
    expectError(await call('POST', '/batches/b-err/process', { template_id: 'abc' }), 400, 'invalid_parameter', 'template_id');
    expectError(await call('POST', '/batches/b-err/process', { template_id: 999999 }), 404, 'template_not_found');
    expectError(await call('POST', '/batches/b-err/process', { webhook_url: 'ftp://example.com/x' }), 400, 'invalid_parameter', 'webhook_url');
    // A private receiver is refused with the setting that allows it named (issue 25, first steps).
    const privately = /resolves to 127\.0\.0\.1, a private.*The server's operator can allow private addresses with DOCROWS_ALLOW_PRIVATE_URLS=true\.$/;
    expectError(await call('POST', '/batches/b-err/process', { webhook_url: 'http://127.0.0.1:9/x' }), 400, 'invalid_parameter', 'webhook_url', privately);
    expectError(await call('PUT', '/batches/b-err/webhook', { callback_url: 'http://127.0.0.1:9/x' }), 400, 'invalid_parameter', 'callback_url', privately);
    expectError(await call('POST', '/batches/b-err/process', { fields: ['Item', 'Item'] }), 400, 'invalid_parameter', 'fields[1]');
    const tpl = await api(t, other.apiKey)('POST', '/templates', { name: 'Theirs' });
    expectError(await call('POST', '/batches/b-err/process', { template_id: tpl.json().template.id }), 404, 'template_not_found');
    expect(await credits(apiKey)).toBe(10);
    expect(await statuses(ids)).toEqual(['uploaded']);
  });

  it('locks template_id over fields, ad-hoc fields as strings or objects, quality from thinking_type', async () => {
    const { apiKey } = await t.createAccount({ credits: 10, settings: { thinking_type: 'high' } });
    const call = api(t, apiKey);
    const tpl = (await call('POST', '/templates', { name: 'Invoice' })).json().template;
    await call('POST', `/templates/${tpl.id}/fields`, { name: 'Qty', format_requirement: 'integer' });
    await call('POST', `/templates/${tpl.id}/fields`, { name: 'Item' });
    const a = await uploadTextPdf(t, apiKey, 'b-tpl', 1);
    const b = await uploadTextPdf(t, apiKey, 'b-adhoc', 1);
    const c = await uploadTextPdf(t, apiKey, 'b-upload-tpl', 1, 3, { template_id: String(tpl.id) });
    const d = await uploadTextPdf(t, apiKey, 'b-infer', 1);
    expect((await call('POST', '/batches/b-tpl/process', { template_id: tpl.id, fields: ['Ignored'] })).json().quality).toBe('high');
    expect((await call('POST', '/batches/b-adhoc/process', { fields: ['Item', { name: 'Price', format_requirement: 'two decimals' }], quality: 'fast' })).json().quality).toBe('fast');
    expect((await call('POST', '/batches/b-upload-tpl/process')).statusCode).toBe(200);
    expect((await call('POST', '/batches/b-infer/process', { fields: [] })).statusCode).toBe(200);
    const locked = async (id: string) => JSON.parse((await t.services.db.selectFrom('documents').select('request').where('id', '=', id).executeTakeFirstOrThrow()).request!);
    expect(await locked(a[0])).toEqual({
      fields: [{ name: 'Qty', format_requirement: 'integer' }, { name: 'Item', format_requirement: '' }],
      global_format_requirement: '', quality: 'high', template_id: tpl.id,
    });
    expect(await locked(b[0])).toEqual({
      fields: [{ name: 'Item', format_requirement: '' }, { name: 'Price', format_requirement: 'two decimals' }],
      global_format_requirement: '', quality: 'fast', template_id: null,
    });
    expect((await locked(c[0])).template_id).toBe(tpl.id);
    expect(await locked(d[0])).toEqual({ fields: [], global_format_requirement: '', quality: 'high', template_id: null });
  });

  it('registers webhook_url in the same call and re-arms a fired webhook when it queues new documents', async () => {
    const { accountId, apiKey } = await t.createAccount({ credits: 10 });
    await uploadTextPdf(t, apiKey, 'b-hook', 1);
    const res = await api(t, apiKey)('POST', '/batches/b-hook/process', { webhook_url: 'https://93.184.216.34/hook' });
    expect(res.json().webhook_registered).toBe(true);
    const reg = await t.services.db.selectFrom('webhook_registrations').selectAll().where('account_id', '=', accountId).executeTakeFirstOrThrow();
    expect(reg).toMatchObject({ batch_name: 'b-hook', callback_url: 'https://93.184.216.34/hook', fired_at: null });
    expect(reg.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    await t.services.db.updateTable('webhook_registrations').set({ fired_at: '2026-01-01T00:00:00.000Z' }).where('id', '=', reg.id).execute();
    await uploadTextPdf(t, apiKey, 'b-hook', 1);
    const again = await api(t, apiKey)('POST', '/batches/b-hook/process');
    expect(again.json()).toMatchObject({ queued: 1, webhook_registered: false });
    const after = await t.services.db.selectFrom('webhook_registrations').selectAll().where('id', '=', reg.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ fired_at: null, secret: reg.secret });
  });

  it('two concurrent calls with one Idempotency-Key charge once and answer the same', async () => {
    const { apiKey } = await t.createAccount({ credits: 10 });
    const ids = await uploadTextPdf(t, apiKey, 'b-idem', 2);
    const call = api(t, apiKey);
    const headers = { 'idempotency-key': 'proc-1' };
    const [r1, r2] = await Promise.all([
      call('POST', '/batches/b-idem/process', { quality: 'fast' }, headers),
      call('POST', '/batches/b-idem/process', { quality: 'fast' }, headers),
    ]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect(r1.json()).toEqual({ batch_name: 'b-idem', queued: 2, quality: 'fast', webhook_registered: false });
    expect(r2.json()).toEqual(r1.json());
    expect([r1.headers['idempotent-replayed'], r2.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    expect(await credits(apiKey)).toBe(8);
    expect((await ledgerOf(t, ids[0])).length).toBe(1);
    const replay = await call('POST', '/batches/b-idem/process', { quality: 'fast' }, headers);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expectError(await call('POST', '/batches/b-idem/process', { quality: 'high' }, headers), 400, 'idempotency_key_reused');
    expect(await credits(apiKey)).toBe(8);
  });
});
