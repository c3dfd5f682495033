import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { upload } from './helpers/uploads.js';
import { api, runWorkers, waitForBatch, waitUntil } from '../pipeline/helpers.js';
import type { RunningWorkers } from '../../src/workers.js';
import { fieldTruth, LINE_FIELDS, lineTruth, monthValues, NORDLICHT, SENDER_FIELDS, senderPdf } from '../fixtures/sender-pages.js';

/**
 * Layout memory on scans through HTTP, on the real layout engine (OCR in its
 * engine threads): the words OCR read off a scan are kept beside the page,
 * the learning of a correction finds the person's values on those words
 * without reading the page again, a page read before they were kept is read
 * again, and the words go with their batch.
 */

const FIELDS = [...SENDER_FIELDS, ...LINE_FIELDS];
const truth = (month: number) => lineTruth(monthValues(month)).map((row) => ({ ...fieldTruth(monthValues(month)), ...row }));
const isWords = (key: string) => key.endsWith('.words.json.gz');

describe.each(DIALECTS)('layout memory learned from the words a scan was read with (%s)', (dialect) => {
  let t: TestApp;
  let workers: RunningWorkers;
  let accountId: number;
  let key: string;
  let call: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    ({ accountId, apiKey: key } = await t.createAccount({ credits: 100 }));
    call = api(t, key);
    workers = runWorkers(t, { workers: 1 });
  }, 120_000);
  afterAll(async () => {
    await workers?.stop();
    await t.destroy();
  });

  const memories = async () => (await call('GET', '/layout_memories')).json().data as Array<{ id: string; documents: number }>;
  const learnedDocuments = async () => (await memories()).reduce((n, m) => n + m.documents, 0);
  const blobs = () => t.services.blobs.list(`acct/${accountId}/`);
  const pageKeys = (id: string) => t.services.db.selectFrom('documents').select(['image_key', 'upload_id']).where('id', '=', id).executeTakeFirstOrThrow();

  /** Uploads `content` into `batch`, reads it with every field and returns its first page's id. */
  async function read(batch: string, filename: string, content: Buffer, contentType: string): Promise<string> {
    const res = await upload(t, key, { fields: { batch_name: batch }, file: { filename, content, contentType } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('POST', `/batches/${batch}/process`, { fields: FIELDS })).statusCode).toBe(200);
    await waitForBatch(t, accountId, batch, 180_000);
    return (res.json() as { document_id: string | string[] }).document_id.toString().split(',')[0];
  }

  /** A month's page as a scan: the PDF's page image as the service painted it, uploaded as a JPEG of its own. */
  async function scanOf(month: number): Promise<Buffer> {
    const id = await read(`pdf-${month}`, `pdf-${month}.pdf`, await senderPdf(NORDLICHT, 'a', monthValues(month)), 'application/pdf');
    const image = await call('GET', `/documents/${id}/image`);
    expect(image.statusCode).toBe(200);
    return image.rawPayload;
  }

  let scan1: string;
  let scan2: string;

  it('a scan\'s words are kept beside its page when it is read; a text page keeps none', async () => {
    const [jpeg1, jpeg2] = [await scanOf(1), await scanOf(2)];
    expect((await blobs()).filter(isWords)).toEqual([]);
    scan1 = await read('scan-1', 'scan-1.jpg', jpeg1, 'image/jpeg');
    scan2 = await read('scan-2', 'scan-2.jpg', jpeg2, 'image/jpeg');
    const words = (await blobs()).filter(isWords);
    expect(words).toHaveLength(2);
    for (const id of [scan1, scan2]) {
      const { upload_id } = await pageKeys(id);
      expect(words.filter((k) => k.includes(`/${upload_id}/`))).toHaveLength(1);
    }
  }, 600_000);

  it('a correction of a scan is learned from the kept words, without the page: its image gone, the memory still learns', async () => {
    // Without its words the learning job would read the page again, and there is no page to read now.
    const { image_key } = await pageKeys(scan1);
    await t.services.blobs.delete(image_key!);
    expect((await call('GET', `/documents/${scan1}/image`)).statusCode).toBe(404);
    expect(await memories()).toEqual([]);
    const res = await call('PUT', `/documents/${scan1}/line_items`, { line_items: truth(1) });
    expect(res.statusCode, res.body).toBe(200);
    await waitUntil(async () => (await learnedDocuments()) === 1, 120_000, 'the memory of the corrected scan');
  }, 180_000);

  it('a value a person changes on a scan is boxed where the scan prints it, found on the kept words', async () => {
    type Cell = { value: string | null; bbox: { x1: number; y1: number; x2: number; y2: number } | null };
    const cells = async () => (await call('GET', '/batches/scan-1/results?include=bbox')).json().documents[0].line_items as Array<Record<string, Cell>>;
    const before = await cells();
    const rows = truth(1);
    // Row 1's amount set to row 2's, a value the scan prints once, on row 2 (the page image itself is gone).
    expect(rows[0].Betrag).not.toBe(rows[1].Betrag);
    const res = await call('PUT', `/documents/${scan1}/line_items`, { line_items: [{ ...rows[0], Betrag: rows[1].Betrag }, ...rows.slice(1)] });
    expect(res.statusCode, res.body).toBe(200);
    const after = await cells();
    const printed = before[1].Betrag.bbox!;
    const moved = after[0].Betrag.bbox!;
    expect(after[0].Betrag.value).toBe(rows[1].Betrag);
    expect(moved).not.toBeNull();
    expect(Math.abs(moved.y1 - printed.y1)).toBeLessThan(0.01);
    expect(Math.abs(moved.x2 - printed.x2)).toBeLessThan(0.02);
    expect(Math.abs(moved.y1 - before[0].Betrag.bbox!.y1)).toBeGreaterThan(0.01);
    // The correction is learned too: the same page teaches again.
    await waitUntil(async () => (await learnedDocuments()) === 2, 120_000, 'the second correction of the scan learned');
  }, 180_000);

  it('a scan read before its words were kept is read again to learn its correction', async () => {
    const { image_key } = await pageKeys(scan2);
    await t.services.blobs.delete(`${image_key!.replace(/\.jpg$/, '')}.words.json.gz`);
    const res = await call('PUT', `/documents/${scan2}/line_items`, { line_items: truth(2) });
    expect(res.statusCode, res.body).toBe(200);
    await waitUntil(async () => (await learnedDocuments()) === 3, 180_000, 'the correction of the older scan learned');
  }, 240_000);

  it('deleting a batch deletes its scan\'s words', async () => {
    const { upload_id } = await pageKeys(scan1);
    expect((await blobs()).filter((k) => k.includes(`/${upload_id}/`) && isWords(k))).toHaveLength(1);
    expect((await call('DELETE', '/batches/scan-1')).statusCode).toBe(200);
    expect((await blobs()).filter((k) => k.includes(`/${upload_id}/`))).toEqual([]);
  }, 60_000);
});
