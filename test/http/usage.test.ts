import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, bearer, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectCreditsInvariant } from '../helpers/credits.js';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe.each(DIALECTS)('usage ledger and credit grants (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t.destroy());

  const usage = (key: string, query = '') => t.inject({ method: 'GET', url: `/api/v1/account/usage${query}`, headers: bearer(key) });

  it('records the initial credits and every grant, newest first, with the spec fields', async () => {
    const { accountId, apiKey } = await t.createAccount({ credits: 40 });
    const patch = await t.inject({ method: 'PATCH', url: `/admin/v1/accounts/${accountId}`, headers: admin, payload: { credits_delta: 15 } });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().available_credits).toBe(55);
    const res = await usage(apiKey);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.has_more).toBe(false);
    expect(body.next_page_token).toBeNull();
    expect(body.data.map((e: { amount: number }) => e.amount)).toEqual([15, 40]);
    expect(body.data[0]).toEqual({
      id: expect.any(Number), action: 'grant', reason: null, batch_name: null, document_id: null,
      point_type: 'personal', amount: 15, consumer_id: accountId, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await t.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(apiKey) })).json().available_credits).toBe(55);
    await expectCreditsInvariant(t.services.db);
  });

  it('refuses a grant that would take the balance below zero and changes nothing', async () => {
    const { accountId, apiKey } = await t.createAccount({ credits: 5 });
    const res = await t.inject({ method: 'PATCH', url: `/admin/v1/accounts/${accountId}`, headers: admin, payload: { credits_delta: -6 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_parameter', param: 'credits_delta' });
    expect((await usage(apiKey)).json().data).toHaveLength(1);
    await expectCreditsInvariant(t.services.db);
  });

  it('pages newest-first with an opaque token and refuses a tampered one', async () => {
    const { accountId, apiKey } = await t.createAccount({ credits: 1 });
    for (let i = 2; i <= 5; i++) {
      await t.inject({ method: 'PATCH', url: `/admin/v1/accounts/${accountId}`, headers: admin, payload: { credits_delta: i } });
    }
    const first = (await usage(apiKey, '?limit=2')).json();
    expect(first.data.map((e: { amount: number }) => e.amount)).toEqual([5, 4]);
    expect(first.has_more).toBe(true);
    const second = (await usage(apiKey, `?limit=2&page_token=${first.next_page_token}`)).json();
    expect(second.data.map((e: { amount: number }) => e.amount)).toEqual([3, 2]);
    const third = (await usage(apiKey, `?limit=2&page_token=${second.next_page_token}`)).json();
    expect(third).toEqual({ data: [expect.objectContaining({ amount: 1 })], has_more: false, next_page_token: null });

    const token = first.next_page_token as string;
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const bad = await usage(apiKey, `?limit=2&page_token=${tampered}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'invalid_parameter', param: 'page_token' });
    // A token from another list (other filters) is refused too.
    const foreign = await usage(apiKey, `?limit=2&batch_name=x&page_token=${token}`);
    expect(foreign.json().error).toMatchObject({ code: 'invalid_parameter', param: 'page_token' });
  });

  it('filters by batch_name', async () => {
    const { apiKey } = await t.createAccount({ credits: 3 });
    const res = await usage(apiKey, '?batch_name=none-yet');
    expect(res.json()).toEqual({ data: [], has_more: false, next_page_token: null });
  });

  it('shows a member only its own entries while the owner sees the pool', async () => {
    const owner = await t.createAccount({ credits: 30 });
    const member = await t.createAccount({ credits: 0, owner_id: owner.accountId });
    expect((await usage(member.apiKey)).json().data).toEqual([]);
    expect((await usage(owner.apiKey)).json().data).toHaveLength(1);
    const grantMember = await t.inject({ method: 'PATCH', url: `/admin/v1/accounts/${member.accountId}`, headers: admin, payload: { credits_delta: 5 } });
    expect(grantMember.json().error).toMatchObject({ code: 'invalid_parameter', param: 'credits_delta' });
  });
});
