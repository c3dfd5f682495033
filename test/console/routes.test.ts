import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerConsoleRoutes } from '../../src/http/routes/console.js';
import { bearer, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { imageFixture } from '../fixtures/ingest/file-fixtures.js';
import { expectError, expectNothingStored, upload } from '../http/helpers/uploads.js';

describe('console routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.destroy());

  it('GET / redirects to /console/, /console to /console/', async () => {
    const root = await t.inject({ method: 'GET', url: '/' });
    expect([root.statusCode, root.headers.location]).toEqual([302, '/console/']);
    const bare = await t.inject({ method: 'GET', url: '/console' });
    expect([bare.statusCode, bare.headers.location]).toEqual([301, '/console/']);
  });

  it('serves the built shell and bundle without a key, under a CSP that allows only this origin', async () => {
    const html = await t.inject({ method: 'GET', url: '/console/' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers['content-security-policy']).toBe("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    expect(html.headers['x-content-type-options']).toBe('nosniff');
    // Every asset the shell names is local and served.
    const assets = [...html.body.matchAll(/(?:<script[^>]* src|<link rel="stylesheet" href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.sort()).toEqual(['app.js', 'styles.css']);
    for (const asset of assets) {
      const res = await t.inject({ method: 'GET', url: `/console/${asset}` });
      expect({ asset, status: res.statusCode }).toEqual({ asset, status: 200 });
    }
    expect((await t.inject({ method: 'GET', url: '/console/nope.js' })).statusCode).toBe(404);
  });

  it('stays out of the OpenAPI document', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p === '/' || p.startsWith('/console'))).toEqual([]);
  });

  it('answers 503 with the fix when the assets were never built', async () => {
    const app = Fastify();
    await registerConsoleRoutes(app, path.join(os.tmpdir(), `docrows-no-console-${process.pid}`));
    const res = await app.inject({ method: 'GET', url: '/console/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    await app.close();
  });
});

describe.each(DIALECTS)('X-Docrows-Source on uploads (%s)', (dialect) => {
  let t: TestApp;
  let key: string;
  let accountId: number;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    ({ apiKey: key, accountId } = await t.createAccount());
    jpeg = await imageFixture('jpeg');
  });
  afterAll(() => t.destroy());

  const names = async (source: string) =>
    ((await t.inject({ method: 'GET', url: `/api/v1/batches?source=${source}`, headers: bearer(key) })).json() as { data: Array<{ batch_name: string }> }).data.map((b) => b.batch_name);

  it('rejects a value other than console and stores nothing', async () => {
    const res = await upload(t, key, { fields: { batch_name: 'x' }, file: { filename: 'a.jpg', content: jpeg }, headers: { 'x-docrows-source': 'email' } });
    expectError(res, 400, 'invalid_parameter', 'X-Docrows-Source');
    await expectNothingStored(t, accountId);
  });

  it('console uploads are source direct, others api; the filter tells them apart', async () => {
    const consoleUpload = await upload(t, key, { fields: { batch_name: 'from-console' }, file: { filename: 'a.jpg', content: jpeg }, headers: { 'x-docrows-source': 'console' } });
    expect(consoleUpload.statusCode).toBe(200);
    expect((await upload(t, key, { fields: { batch_name: 'from-api' }, file: { filename: 'b.jpg', content: jpeg } })).statusCode).toBe(200);
    expect(await names('direct')).toEqual(['from-console']);
    expect(await names('api')).toEqual(['from-api']);
    const uploads = await t.services.db.selectFrom('uploads').select(['filename', 'source']).where('account_id', '=', accountId).orderBy('filename').execute();
    expect(uploads).toEqual([{ filename: 'a.jpg', source: 'direct' }, { filename: 'b.jpg', source: 'api' }]);
  });

  it('an idempotent replay needs the same source', async () => {
    const send = (source?: string) => upload(t, key, {
      fields: { batch_name: 'idem' }, file: { filename: 'c.jpg', content: jpeg },
      headers: { 'idempotency-key': 'console-1', ...(source ? { 'x-docrows-source': source } : {}) },
    });
    expect((await send('console')).statusCode).toBe(200);
    expect((await send('console')).headers['idempotent-replayed']).toBe('true');
    expectError(await send(), 400, 'idempotency_key_reused');
  });
});
