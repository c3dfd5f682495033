import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock.js';
import { bearer, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';

describe.each(DIALECTS)('request-rate limit per API key (%s)', (dialect) => {
  let t: TestApp;
  let now = Date.parse('2026-11-22T10:00:05Z');
  const clock: Clock = { now: () => new Date(now) };
  beforeAll(async () => {
    t = await startTestApp(dialect, { DOCROWS_RATE_LIMIT_PER_MIN: '3' }, { clock });
  });
  afterAll(async () => t.destroy());

  it('counts requests per key per minute and answers rate_limit_exceeded with the headers', async () => {
    const a = await t.createAccount();
    const b = await t.createAccount();
    const get = (key: string) => t.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(key) });
    const reset = String(Date.parse('2026-11-22T10:01:00Z') / 1000);

    for (const remaining of ['2', '1', '0']) {
      const ok = await get(a.apiKey);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers).toMatchObject({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': remaining, 'x-ratelimit-reset': reset });
    }
    const limited = await get(a.apiKey);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    expect(limited.headers).toMatchObject({ 'x-ratelimit-reset': reset, 'x-ratelimit-remaining': '0', 'retry-after': '55' });

    // Another key has its own budget.
    expect((await get(b.apiKey)).statusCode).toBe(200);

    // The next window starts afresh.
    now = Date.parse('2026-11-22T10:01:00Z');
    expect((await get(a.apiKey)).statusCode).toBe(200);
  });
});
