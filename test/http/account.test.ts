import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';

describe.each(DIALECTS)('account (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t.destroy());

  it('returns the account of the key', async () => {
    const { apiKey } = await t.createAccount({ plan: 'pro', credits: 250 });
    const res = await t.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(apiKey) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ plan: 'pro', role: 'owner', available_credits: 250, max_batch_size: 500, upload_concurrency: 4 });
  });

  it('answers missing_api_key without a key and invalid_api_key with a wrong one', async () => {
    const none = await t.inject({ method: 'GET', url: '/api/v1/account' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toEqual({
      type: 'authentication_error',
      code: 'missing_api_key',
      message: expect.any(String),
      doc_url: `${t.config.baseUrl}/docs/errors#missing_api_key`,
    });
    const wrong = await t.inject({ method: 'GET', url: '/api/v1/account', headers: bearer('dr_live_nope') });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_api_key');
    expect(wrong.json().error).not.toHaveProperty('param');
  });
});
