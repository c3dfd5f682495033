import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, bearer, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe.each(DIALECTS)('authentication (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t.destroy());

  const account = (key: string) => t.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(key) });

  it('refuses a key with another scheme or an empty bearer', async () => {
    const { apiKey } = await t.createAccount();
    const basic = await t.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Basic ${apiKey}` } });
    expect(basic.statusCode).toBe(401);
    expect(basic.json().error.code).toBe('invalid_api_key');
    const empty = await t.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: '' } });
    expect(empty.json().error.code).toBe('missing_api_key');
  });

  it('answers invalid_api_key for a revoked key, by prefix or full key, while other keys keep working', async () => {
    const { accountId, apiKey } = await t.createAccount();
    const second = await t.inject({ method: 'POST', url: `/admin/v1/accounts/${accountId}/api-keys`, headers: admin });
    expect(second.statusCode).toBe(201);
    const otherKey = second.json().api_key as string;
    expect(otherKey).toMatch(/^dr_live_[0-9A-Za-z]{32}$/);

    const revoke = await t.inject({ method: 'DELETE', url: `/admin/v1/api-keys/${apiKey.slice(0, 14)}`, headers: admin });
    expect(revoke.statusCode).toBe(204);
    expect((await account(apiKey)).json().error.code).toBe('invalid_api_key');
    expect((await account(otherKey)).statusCode).toBe(200);

    const again = await t.inject({ method: 'DELETE', url: `/admin/v1/api-keys/${apiKey}`, headers: admin });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'invalid_parameter', param: 'api_key' });
  });

  it('answers invalid_api_key for a disabled account and accepts it again once enabled', async () => {
    const { accountId, apiKey } = await t.createAccount({ disabled: true });
    expect((await account(apiKey)).json().error.code).toBe('invalid_api_key');
    await t.inject({ method: 'PATCH', url: `/admin/v1/accounts/${accountId}`, headers: admin, payload: { disabled: false } });
    expect((await account(apiKey)).statusCode).toBe(200);
  });

  it('answers plan_required (403) on the free plan', async () => {
    const { apiKey } = await t.createAccount({ plan: 'free' });
    const res = await account(apiKey);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ type: 'authentication_error', code: 'plan_required' });
  });

  it('resolves a team member to the owner plan and credit pool', async () => {
    const owner = await t.createAccount({ plan: 'business', credits: 900, tier: 'advanced' });
    const member = await t.createAccount({ plan: 'free', credits: 0, owner_id: owner.accountId });
    const res = await account(member.apiKey);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ plan: 'business', role: 'member', available_credits: 900, max_batch_size: 2000, upload_concurrency: 8 });
  });

  it('refuses a member key once the owner is disabled', async () => {
    const owner = await t.createAccount({ plan: 'pro' });
    const member = await t.createAccount({ owner_id: owner.accountId });
    await t.inject({ method: 'PATCH', url: `/admin/v1/accounts/${owner.accountId}`, headers: admin, payload: { disabled: true } });
    expect((await account(member.apiKey)).json().error.code).toBe('invalid_api_key');
  });
});
