import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, bearer, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe.each(DIALECTS)('admin API (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t.destroy());

  it('creates an account with settings and limit overrides and shows them', async () => {
    const res = await t.inject({
      method: 'POST', url: '/admin/v1/accounts', headers: admin,
      payload: {
        plan: 'pro', credits: 7, tier: 'premium', max_batch_size: 12, max_queued_documents: 30,
        settings: { thinking_type: 'high', auto_annotate_bbox: true, retention_days: 9, inbox_pdf_passwords: ['s3cret'] },
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.api_key).toMatch(/^dr_live_[0-9A-Za-z]{32}$/);
    expect(body.account).toEqual({
      id: body.account_id, plan: 'pro', role: 'owner', available_credits: 7, max_batch_size: 12, upload_concurrency: 4,
      tier: 'premium', owner_id: null, disabled: false, max_queued_documents: 30,
      settings: { thinking_type: 'high', auto_annotate_bbox: true, retention_days: 9, inbox_pdf_passwords: ['s3cret'] },
      created_at: expect.any(String),
    });
    const account = await t.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(body.api_key) });
    expect(account.json().max_batch_size).toBe(12);
  });

  it('stores only the hash of a key', async () => {
    const { apiKey } = await t.createAccount();
    const rows = await t.services.db.selectFrom('api_keys').select(['key_hash', 'prefix']).execute();
    expect(rows.some((r) => r.key_hash === apiKey || r.prefix === apiKey)).toBe(false);
    expect(rows.some((r) => apiKey.startsWith(r.prefix))).toBe(true);
  });

  it('validates every input and changes nothing on error', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ plan: 'gold' }, 'invalid_parameter', 'plan'],
      [{ plan: 'basic', tier: 'ultra' }, 'invalid_parameter', 'tier'],
      [{ plan: 'basic', credits: -1 }, 'invalid_parameter', 'credits'],
      [{ plan: 'basic', settings: { thinking_type: 'slow' } }, 'invalid_parameter', 'settings.thinking_type'],
      [{ plan: 'basic', owner_id: 999999 }, 'invalid_parameter', 'owner_id'],
      [{ plan: 'basic', surprise: 1 }, 'invalid_parameter', 'surprise'],
    ];
    const before = await t.services.db.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const [payload, code, param] of cases) {
      const res = await t.inject({ method: 'POST', url: '/admin/v1/accounts', headers: admin, payload });
      expect({ payload, status: res.statusCode, error: res.json().error }).toMatchObject({ status: 400, error: { code, param } });
    }
    const after = await t.services.db.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('updates plan, tier and settings', async () => {
    const { accountId, apiKey } = await t.createAccount();
    const res = await t.inject({
      method: 'PATCH', url: `/admin/v1/accounts/${accountId}`, headers: admin,
      payload: { plan: 'business', tier: 'advanced', settings: { retention_days: null, thinking_type: 'high' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ plan: 'business', tier: 'advanced', settings: { retention_days: null, thinking_type: 'high' } });
    expect((await t.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(apiKey) })).json().plan).toBe('business');
  });

  it('flips the processing pause switch', async () => {
    const on = await t.inject({ method: 'PUT', url: '/admin/v1/processing', headers: admin, payload: { paused: true } });
    expect(on.json()).toEqual({ paused: true });
    const off = await t.inject({ method: 'PUT', url: '/admin/v1/processing', headers: admin, payload: { paused: false } });
    expect(off.json()).toEqual({ paused: false });
    const bad = await t.inject({ method: 'PUT', url: '/admin/v1/processing', headers: admin, payload: { paused: 'yes' } });
    expect(bad.json().error).toMatchObject({ code: 'invalid_parameter', param: 'paused' });
  });
});
