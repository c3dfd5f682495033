import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOG } from '../../src/errors.js';
import { ADMIN_TOKEN, bearer, startTestApp, type TestApp } from '../helpers/app.js';

// The error shape is produced above the database, so one dialect covers it.
describe('error responses', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    key = (await t.createAccount()).apiKey;
  });
  afterAll(async () => t.destroy());

  const errorOf = (body: string) => (JSON.parse(body) as { error: Record<string, unknown> }).error;

  it('answers an unknown route with the error body', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/nothing-here', headers: bearer(key) });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res.body)).toEqual({
      type: 'not_found_error',
      code: 'not_found',
      message: 'No route GET /api/v1/nothing-here.',
      doc_url: `${t.config.baseUrl}/docs/errors#not_found`,
    });
  });

  it('answers an unsupported method with 405, Allow and the error body', async () => {
    const res = await t.inject({ method: 'DELETE', url: '/api/v1/account', headers: bearer(key) });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET');
    expect(errorOf(res.body)).toMatchObject({ code: 'method_not_allowed', type: 'invalid_request_error' });
  });

  it('answers malformed JSON with invalid_parameter param body', async () => {
    const res = await t.inject({
      method: 'POST', url: '/admin/v1/accounts',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      payload: '{"plan": "basic"',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'invalid_parameter', param: 'body' });
  });

  it('answers wrong types and out-of-range values with invalid_parameter naming the param', async () => {
    for (const [query, message] of [['limit=0', 'limit must be >= 1.'], ['limit=201', 'limit must be <= 200.'], ['limit=ten', 'limit must be integer.']]) {
      const res = await t.inject({ method: 'GET', url: `/api/v1/account/usage?${query}`, headers: bearer(key) });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.body)).toEqual({
        type: 'invalid_request_error', code: 'invalid_parameter', param: 'limit', message,
        doc_url: `${t.config.baseUrl}/docs/errors#invalid_parameter`,
      });
    }
  });

  it('answers a missing required body property with missing_parameter', async () => {
    const res = await t.inject({ method: 'POST', url: '/admin/v1/accounts', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'missing_parameter', param: 'plan' });
  });

  it('omits param on codes that do not carry it', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/account', headers: bearer('dr_live_unknown') });
    expect(errorOf(res.body)).not.toHaveProperty('param');
  });

  it('serves a readable error guide with an anchor for every code', async () => {
    const res = await t.inject({ method: 'GET', url: '/docs/errors' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    for (const code of Object.keys(ERROR_CATALOG)) expect(res.body).toContain(`id="${code}"`);
  });

  it('maps every catalog code to the status and type of the spec', () => {
    const spec: Record<string, [string, number]> = {
      missing_api_key: ['authentication_error', 401], invalid_api_key: ['authentication_error', 401],
      plan_required: ['authentication_error', 403], missing_parameter: ['invalid_request_error', 400],
      invalid_parameter: ['invalid_request_error', 400], duplicate_field_name: ['invalid_request_error', 400],
      idempotency_key_reused: ['invalid_request_error', 400], document_not_found: ['not_found_error', 404],
      batch_not_found: ['not_found_error', 404], template_not_found: ['not_found_error', 404],
      insufficient_credits: ['insufficient_credits', 402], rate_limit_exceeded: ['rate_limit_error', 429],
      internal_error: ['internal_error', 500], template_limit_reached: ['invalid_request_error', 400],
    };
    for (const [code, [type, status]] of Object.entries(spec)) {
      expect(ERROR_CATALOG[code as keyof typeof ERROR_CATALOG]).toMatchObject({ type, status });
    }
  });

  it('serves health and readiness without a key', async () => {
    expect((await t.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok' });
  });
});

describe('admin API token', () => {
  it('is absent without DOCROWS_ADMIN_TOKEN and refuses missing or wrong tokens when set', async () => {
    const off = await startTestApp('sqlite', { DOCROWS_ADMIN_TOKEN: '' });
    const absent = await off.inject({ method: 'POST', url: '/admin/v1/accounts', payload: { plan: 'basic' } });
    expect(absent.statusCode).toBe(404);
    await off.destroy();

    const on = await startTestApp('sqlite');
    const none = await on.inject({ method: 'POST', url: '/admin/v1/accounts', payload: { plan: 'basic' } });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('missing_api_key');
    const wrong = await on.inject({ method: 'POST', url: '/admin/v1/accounts', headers: bearer('nope'), payload: { plan: 'basic' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_api_key');
    await on.destroy();
  });
});
