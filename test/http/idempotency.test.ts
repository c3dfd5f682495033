import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock.js';
import { bearer, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';

// The machinery is shared by every Idempotency-Key route; POST /templates exercises it here.
describe.each(DIALECTS)('Idempotency-Key (%s)', (dialect) => {
  let t: TestApp;
  let now = Date.parse('2026-11-22T09:00:00Z');
  const clock: Clock = { now: () => new Date(now) };
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
  });
  afterAll(async () => t.destroy());

  const create = (key: string, idem: string | undefined, payload: Record<string, unknown>) =>
    t.inject({
      method: 'POST', url: '/api/v1/templates', payload,
      headers: { ...bearer(key), ...(idem !== undefined ? { 'idempotency-key': idem } : {}) },
    });
  const templateCount = async (key: string) =>
    (await t.inject({ method: 'GET', url: '/api/v1/templates', headers: bearer(key) })).json().data.length as number;

  it('replays the first answer for a retry and does the work once', async () => {
    const { apiKey } = await t.createAccount();
    const first = await create(apiKey, 'k-1', { name: 'Invoices' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await create(apiKey, 'k-1', { name: 'Invoices' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await templateCount(apiKey)).toBe(1);
  });

  it('answers idempotency_key_reused for the same key with other parameters, changing nothing', async () => {
    const { apiKey } = await t.createAccount();
    await create(apiKey, 'k-2', { name: 'A' });
    const res = await create(apiKey, 'k-2', { name: 'B' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ type: 'invalid_request_error', code: 'idempotency_key_reused' });
    expect(res.json().error).not.toHaveProperty('param');
    expect(await templateCount(apiKey)).toBe(1);
  });

  it('fingerprints canonical JSON: key order does not matter', async () => {
    const { apiKey } = await t.createAccount();
    const base = await create(apiKey, 'k-3', { name: 'Orders', base_template_id: undefined });
    const same = await t.inject({
      method: 'POST', url: '/api/v1/templates', headers: { ...bearer(apiKey), 'idempotency-key': 'k-3', 'content-type': 'application/json' },
      payload: '{ "name" : "Orders" }',
    });
    expect(same.headers['idempotent-replayed']).toBe('true');
    expect(same.json()).toEqual(base.json());
  });

  it('replays a stored 4xx answer too', async () => {
    const { apiKey } = await t.createAccount();
    await create(apiKey, undefined, { name: 'Taken' });
    const first = await create(apiKey, 'k-4', { name: 'Taken' });
    expect(first.statusCode).toBe(400);
    const again = await create(apiKey, 'k-4', { name: 'Taken' });
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('makes concurrent requests with one key wait and replay: one template', async () => {
    const { apiKey } = await t.createAccount();
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(apiKey, 'k-5', { name: 'Raced' })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().template.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(await templateCount(apiKey)).toBe(1);
  });

  it('scopes keys per account', async () => {
    const a = await t.createAccount();
    const b = await t.createAccount();
    await create(a.apiKey, 'shared', { name: 'Mine' });
    const other = await create(b.apiKey, 'shared', { name: 'Theirs' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json().template.name).toBe('Theirs');
  });

  it('forgets a key after 24 hours', async () => {
    const { apiKey } = await t.createAccount();
    await create(apiKey, 'k-6', { name: 'Day one' });
    now += 24 * 3600 * 1000 + 1000;
    const later = await create(apiKey, 'k-6', { name: 'Day two' });
    expect(later.statusCode).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await templateCount(apiKey)).toBe(2);
  });

  it('refuses an over-long key', async () => {
    const { apiKey } = await t.createAccount();
    const res = await create(apiKey, 'x'.repeat(256), { name: 'Long' });
    expect(res.json().error).toMatchObject({ code: 'invalid_parameter', param: 'Idempotency-Key' });
    expect(await templateCount(apiKey)).toBe(0);
  });
});
