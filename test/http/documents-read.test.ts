import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { imageFixture } from '../fixtures/ingest/file-fixtures.js';
import { startFileServer } from '../fixtures/ingest/http-server.js';
import { expectError, expectNothingStored, upload } from './helpers/uploads.js';

describe.each(DIALECTS)('GET /documents/{id} and /image (%s)', (dialect) => {
  let t: TestApp;
  let key: string;
  let docId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    ({ apiKey: key } = await t.createAccount());
    // 400×300 with a black bar over the top eighth (rows 0..37).
    const res = await upload(t, key, { fields: { batch_name: 'imgs' }, file: { filename: 'a.png', content: await imageFixture('png') } });
    docId = (res.json() as { document_id: string }).document_id;
  });
  afterAll(() => t.destroy());

  const get = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers: { ...bearer(key), ...headers } });

  it('serves the full page, the thumbnail and a crop as JPEG', async () => {
    const full = await get(`/api/v1/documents/${docId}/image`);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 300 });

    const thumb = await get(`/api/v1/documents/${docId}/image?size=thumb`);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 320, height: 240 });

    // size=thumb is ignored when crop is given.
    const crop = await get(`/api/v1/documents/${docId}/image?crop=0.25,0,0.75,0.1&size=thumb`);
    expect(crop.statusCode).toBe(200);
    expect(await sharp(crop.rawPayload).metadata()).toMatchObject({ width: 200, height: 30 });
    const { data } = await sharp(crop.rawPayload).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(data.reduce((a, b) => a + b, 0) / data.length).toBeLessThan(20);
  });

  it('falls back to the full image when no thumbnail exists', async () => {
    await t.services.db.updateTable('documents').set({ thumb_key: null }).where('id', '=', docId).execute();
    const res = await get(`/api/v1/documents/${docId}/image?size=thumb`);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });
  });

  it('sends an ETag and answers If-None-Match with 304', async () => {
    const first = await get(`/api/v1/documents/${docId}/image?crop=0,0,0.5,0.5`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('private, max-age=86400');
    const again = await get(`/api/v1/documents/${docId}/image?crop=0,0,0.5,0.5`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await get(`/api/v1/documents/${docId}/image`, { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it.each([
    ['abc', 'crop must be four comma-separated numbers x1,y1,x2,y2 from 0 to 1.'],
    ['0,0,1', 'crop must be four comma-separated numbers x1,y1,x2,y2 from 0 to 1.'],
    ['0,0,1,1,1', 'crop must be four comma-separated numbers x1,y1,x2,y2 from 0 to 1.'],
    ['0,0,1.5,1', 'crop coordinates must be between 0 and 1.'],
    ['-0.1,0,1,1', 'crop coordinates must be between 0 and 1.'],
    ['0.5,0.5,0.5,0.9', 'crop is empty after clamping to the image: x1 must be below x2 and y1 below y2.'],
    ['0.8,0.1,0.2,0.9', 'crop is empty after clamping to the image: x1 must be below x2 and y1 below y2.'],
  ])('refuses crop=%s', async (crop, message) => {
    expectError(await get(`/api/v1/documents/${docId}/image?crop=${crop}`), 400, 'invalid_parameter', 'crop', message);
  });

  it('answers document_not_found for unknown, foreign and purged documents', async () => {
    expectError(await get('/api/v1/documents/doc_nope'), 404, 'document_not_found');
    expectError(await get('/api/v1/documents/doc_nope/image'), 404, 'document_not_found');
    const stranger = await t.createAccount();
    const foreign = await t.inject({ method: 'GET', url: `/api/v1/documents/${docId}`, headers: bearer(stranger.apiKey) });
    expectError(foreign, 404, 'document_not_found');
    const foreignImage = await t.inject({ method: 'GET', url: `/api/v1/documents/${docId}/image`, headers: bearer(stranger.apiKey) });
    expectError(foreignImage, 404, 'document_not_found');

    await t.services.db.updateTable('documents').set({ image_key: null, thumb_key: null, purged_at: new Date().toISOString() }).where('id', '=', docId).execute();
    expectError(await get(`/api/v1/documents/${docId}/image`), 404, 'document_not_found');
    expectError(await get(`/api/v1/documents/${docId}/image?size=thumb`), 404, 'document_not_found');
    // The row itself stays readable after the purge.
    expect((await get(`/api/v1/documents/${docId}`)).statusCode).toBe(200);
  });

  it('shows line_items only once succeeded, and failure on failed documents', async () => {
    const res = await upload(t, key, { file: { filename: 'b.png', content: await imageFixture('png') } });
    const id = (res.json() as { document_id: string }).document_id;
    const db = t.services.db;
    const result = JSON.stringify({
      fields: ['item', 'photo'],
      rows: [{ item: { value: 'Widget', box: null }, photo: { type: 'image_region', box: { x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.4 } } }],
    });
    await db.updateTable('documents').set({ status: 'processing', result }).where('id', '=', id).execute();
    expect((await get(`/api/v1/documents/${id}`)).json()).not.toHaveProperty('line_items');
    await db.updateTable('documents').set({ status: 'succeeded', completed_at: '2026-01-02T03:04:05.000Z' }).where('id', '=', id).execute();
    const view = (await get(`/api/v1/documents/${id}`)).json() as Record<string, unknown>;
    expect(view.status).toBe('succeeded');
    expect(view.completed_at).toBe('2026-01-02T03:04:05.000Z');
    expect(view.line_items).toEqual([{
      item: 'Widget',
      photo: {
        type: 'image_region',
        bbox: { x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.4, unit: 'normalized' },
        image_url: `${t.config.baseUrl}/api/v1/documents/${id}/image?crop=0.1,0.2,0.3,0.4`,
      },
    }]);
    await db.updateTable('documents').set({ status: 'failed', result: null, failure_code: 'no_content', failure_message: 'The page is blank.' }).where('id', '=', id).execute();
    const failed = (await get(`/api/v1/documents/${id}`)).json() as Record<string, unknown>;
    expect(failed).toMatchObject({ status: 'failed', failure: { code: 'no_content', message: 'The page is blank.' } });
    expect(failed).not.toHaveProperty('line_items');
  });
});

describe('POST /documents with url', () => {
  let server: Awaited<ReturnType<typeof startFileServer>>;
  let png: Buffer;
  beforeAll(async () => {
    png = await imageFixture('png');
    server = await startFileServer({
      '/scan.png': (_req, res) => res.writeHead(200).end(png),
      '/big': (_req, res) => res.writeHead(200, { 'content-length': String(31 * 1024 * 1024) }).end(),
      '/hop': (_req, res) => res.writeHead(302, { location: '/scan.png' }).end(),
    });
  });
  afterAll(() => server.close());

  describe('private addresses refused (default)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(DIALECTS[0]);
    });
    afterAll(() => t.destroy());

    it.each(['/scan.png', '/hop'])('refuses the local server (%s) and stores nothing', async (path) => {
      const acct = await t.createAccount();
      const res = await upload(t, acct.apiKey, { fields: { url: server.url(path) } });
      expectError(res, 400, 'invalid_parameter', 'url', /resolves to 127\.0\.0\.1, a private, loopback or otherwise non-public address/);
      await expectNothingStored(t, acct.accountId);
    });
  });

  describe('DOCROWS_ALLOW_PRIVATE_URLS=true', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(DIALECTS[0], { DOCROWS_ALLOW_PRIVATE_URLS: 'true' });
    });
    afterAll(() => t.destroy());

    it('downloads, ingests and names the document from the URL', async () => {
      const acct = await t.createAccount();
      const res = await upload(t, acct.apiKey, { fields: { url: server.url('/hop'), batch_name: 'web' } });
      expect(res.json()).toMatchObject({ batch_name: 'web' });
      const id = (res.json() as { document_id: string }).document_id;
      const doc = await t.inject({ method: 'GET', url: `/api/v1/documents/${id}`, headers: bearer(acct.apiKey) });
      expect(doc.json()).toMatchObject({ filename: 'scan.png', batch_name: 'web', status: 'queued' });
    });

    it('refuses a download over 30 MB', async () => {
      const acct = await t.createAccount();
      expectError(await upload(t, acct.apiKey, { fields: { url: server.url('/big') } }), 400, 'invalid_parameter', 'url', 'The file at the url is larger than 30 MB, the download limit.');
      await expectNothingStored(t, acct.accountId);
    });
  });
});
