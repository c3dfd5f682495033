import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, bearer, startTestApp, type TestApp } from '../helpers/app.js';

type Operation = { parameters?: Array<{ name: string; in: string; schema?: { type?: string } }> };

/** docs/decisions.md, Requests and errors: one rule for every route of the reference. */
describe('an unknown query parameter', () => {
  let t: TestApp;
  let key: string;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    ({ apiKey: key } = await t.createAccount());
    paths = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json().paths;
  });
  afterAll(() => t.destroy());

  it('is refused with invalid_parameter naming it on every route of the OpenAPI document, and nothing changes', async () => {
    const before = (await t.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(key) })).json();
    const tried: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
          const type = op.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema?.type;
          return type === 'integer' ? '1' : 'x';
        });
        const headers = path.startsWith('/admin/') ? bearer(ADMIN_TOKEN) : bearer(key);
        const res = await t.inject({ method: method.toUpperCase() as 'GET', url: `${url}?limt=5`, headers, ...(method === 'get' || method === 'delete' ? {} : { payload: {} }) });
        expect({ route: `${method.toUpperCase()} ${path}`, status: res.statusCode, error: res.json().error })
          .toMatchObject({ status: 400, error: { type: 'invalid_request_error', code: 'invalid_parameter', param: 'limt', message: 'Unknown parameter "limt".' } });
        tried.push(`${method} ${path}`);
      }
    }
    expect(tried).toContain('get /api/v1/batches');
    expect(tried.length).toBeGreaterThan(30);
    expect((await t.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(key) })).json()).toEqual(before);
  });

  it('is refused beside known ones, and a known one still works', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/v1/batches?limit=5', headers: bearer(key) })).statusCode).toBe(200);
    const res = await t.inject({ method: 'GET', url: '/api/v1/batches?limit=5&limt=5', headers: bearer(key) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.param).toBe('limt');
  });
});
