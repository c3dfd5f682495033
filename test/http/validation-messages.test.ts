import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, bearer, startTestApp, type TestApp } from '../helpers/app.js';

// Messages are built above the database, so one dialect covers them.
describe('validation messages a person can act on', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    key = (await t.createAccount()).apiKey;
  });
  afterAll(async () => t.destroy());

  const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string; param?: string; message: string } }).error;

  it('lists the allowed plans instead of "must be equal to constant"', async () => {
    const res = await t.inject({ method: 'POST', url: '/admin/v1/accounts', headers: bearer(ADMIN_TOKEN), payload: { plan: 'gold' } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'invalid_parameter', param: 'plan', message: 'plan must be one of `free`, `basic`, `pro` or `business`.' });
  });

  it('names the one allowed export format and the allowed qualities', async () => {
    const format = await t.inject({ method: 'GET', url: '/api/v1/batches/b1/export?format=csv', headers: bearer(key) });
    expect(errorOf(format)).toMatchObject({ code: 'invalid_parameter', param: 'format', message: 'format must be `xlsx`.' });
    const quality = await t.inject({ method: 'POST', url: '/api/v1/batches/b1/process', headers: bearer(key), payload: { quality: 'best' } });
    expect(errorOf(quality)).toMatchObject({ code: 'invalid_parameter', param: 'quality', message: 'quality must be one of `fast` or `high`.' });
  });

  it('says a wrong admin token is the admin token, not an API key', async () => {
    const res = await t.inject({ method: 'GET', url: '/admin/v1/accounts/1', headers: bearer('not-the-token') });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('invalid_api_key');
    expect(errorOf(res).message).toMatch(/^The admin token is invalid/);
  });
});
