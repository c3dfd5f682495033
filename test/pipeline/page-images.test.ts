import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineThreads, type EngineThreads } from '../../src/extract/engines/engine-threads.js';
import type { TextLayer } from '../../src/extract/types.js';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { imageOnlyPdf, textPdf } from '../fixtures/ingest/pdf-fixtures.js';
import { upload } from '../http/helpers/uploads.js';
import { api, runWorkers, uploadTextPdf, waitForBatch } from './helpers.js';

const LETTER_PX = { width: 1700, height: 2200 };

/** An unencrypted PDF's pages are stored unpainted and painted by the first caller that reads pixels (issue 29). */
describe.each(DIALECTS)('pages painted on first use (%s)', (dialect) => {
  let t: TestApp;
  let threads: EngineThreads;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    threads = startEngineThreads(1);
  });
  afterAll(async () => {
    await threads.close();
    await t.destroy();
  });

  const stored = async (id: string) => {
    const doc = await t.services.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return {
      doc,
      image: await t.services.blobs.get(doc.image_key!),
      thumb: await t.services.blobs.get(doc.thumb_key!),
      words: (JSON.parse((await t.services.blobs.get(doc.text_layer_key!))!.toString('utf8')) as TextLayer).words,
    };
  };

  it('extracts a text PDF page without painting it; the image endpoint paints page and thumbnail on first view', async () => {
    const { accountId, apiKey } = await t.createAccount({ credits: 10 });
    const [id] = await uploadTextPdf(t, apiKey, 'lazy', 1, 3);
    const before = await stored(id);
    expect({ width: before.doc.width, height: before.doc.height }).toEqual(LETTER_PX);
    expect([before.image, before.thumb]).toEqual([null, null]);

    expect((await api(t, apiKey)('POST', '/batches/lazy/process', { fields: ['Item', 'Qty'] })).statusCode).toBe(200);
    const workers = runWorkers(t, { engine: threads.layout });
    await waitForBatch(t, accountId, 'lazy');
    await workers.stop();
    expect((await api(t, apiKey)('GET', '/batches/lazy/results')).json().documents[0]).toMatchObject({
      status: 'succeeded',
      line_items: [{ Item: 'Widget 1-1', Qty: '1' }, { Item: 'Widget 1-2', Qty: '2' }, { Item: 'Widget 1-3', Qty: '3' }],
    });
    expect((await stored(id)).image).toBeNull();

    const thumb = await api(t, apiKey)('GET', `/documents/${id}/image?size=thumb`);
    expect(thumb.statusCode).toBe(200);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 247, height: 320 });
    const full = await api(t, apiKey)('GET', `/documents/${id}/image`);
    expect(full.statusCode).toBe(200);
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ format: 'jpeg', ...LETTER_PX });
    // The heading's ink is where the text layer says it is.
    const heading = before.words.find((w) => w.text === 'Invoice')!.box;
    const region = { left: Math.floor(heading.x1 * 1700), top: Math.floor(heading.y1 * 2200), width: Math.ceil((heading.x2 - heading.x1) * 1700), height: Math.ceil((heading.y2 - heading.y1) * 2200) };
    expect(Math.min(...await sharp(full.rawPayload).extract(region).greyscale().raw().toBuffer())).toBeLessThan(100);
    const after = await stored(id);
    expect(after.image?.equals(full.rawPayload)).toBe(true);
    expect(after.thumb?.equals(thumb.rawPayload)).toBe(true);
  }, 120_000);

  it('a thumbnail grid of a many-page PDF fetches its original from the store once, not once a page', async () => {
    const { apiKey } = await t.createAccount({ credits: 10 });
    const ids = await uploadTextPdf(t, apiKey, 'grid', 6, 2);
    const { original_key: originalKey } = await t.services.db.selectFrom('uploads').innerJoin('documents', 'documents.upload_id', 'uploads.id')
      .select('uploads.original_key').where('documents.id', '=', ids[0]).executeTakeFirstOrThrow();
    const blobs = t.services.blobs;
    const getStream = blobs.getStream.bind(blobs);
    let originalFetches = 0;
    blobs.getStream = async (key) => {
      if (key === originalKey) originalFetches++;
      return getStream(key);
    };
    try {
      // As a browser fetches a grid: a few at once, the rest as those finish.
      const thumbs = [];
      for (const batch of [ids.slice(0, 3), ids.slice(3)]) thumbs.push(...await Promise.all(batch.map((id) => api(t, apiKey)('GET', `/documents/${id}/image?size=thumb`))));
      for (const thumb of thumbs) {
        expect(thumb.statusCode).toBe(200);
        expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 247, height: 320 });
      }
    } finally {
      blobs.getStream = getStream;
    }
    // Each page's own check that its upload still has an original is one more look at it (page-images.ts); the copy is fetched once.
    expect(originalFetches).toBe(1 + ids.length);
  }, 120_000);

  it('paints an encrypted PDF at upload, since its password is not kept', async () => {
    const { apiKey } = await t.createAccount({ credits: 10 });
    const res = await upload(t, apiKey, { fields: { batch_name: 'locked', password: 'pw' }, file: { filename: 'l.pdf', content: await textPdf({ pages: 1, userPassword: 'pw' }) } });
    expect(res.statusCode, res.body).toBe(200);
    const { image, thumb } = await stored((res.json() as { document_id: string[] }).document_id[0]);
    expect(await sharp(image!).metadata()).toMatchObject({ format: 'jpeg', ...LETTER_PX });
    expect(thumb).not.toBeNull();
  });

  it('paints a scanned PDF page when processing reads it with OCR', async () => {
    const { accountId, apiKey } = await t.createAccount({ credits: 10 });
    const res = await upload(t, apiKey, { fields: { batch_name: 'scan' }, file: { filename: 's.pdf', content: await imageOnlyPdf() } });
    const id = (res.json() as { document_id: string[] }).document_id[0];
    expect((await stored(id)).image).toBeNull();
    expect((await api(t, apiKey)('POST', '/batches/scan/process')).statusCode).toBe(200);
    const workers = runWorkers(t, { engine: threads.layout });
    await waitForBatch(t, accountId, 'scan', 120_000);
    await workers.stop();
    expect((await api(t, apiKey)('GET', `/documents/${id}`)).json()).toMatchObject({ status: 'succeeded' });
    expect((await stored(id)).image).not.toBeNull();
  }, 180_000);
});
