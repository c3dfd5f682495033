import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, bearer, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { docxFixture, imageFixture, legacyDocHeader, longText, multiPageTiff } from '../fixtures/ingest/file-fixtures.js';
import { corruptPdf, imageOnlyPdf, textPdf } from '../fixtures/ingest/pdf-fixtures.js';
import { expectError, expectNothingStored, footprint, upload } from './helpers/uploads.js';

const DOC_ID = /^doc_[0-9A-HJKMNP-TV-Z]{26}$/;
/** The first PDF upload of an app starts its ingest process pool (seconds under tsx on a busy machine). */
const PDF_TEST_TIMEOUT = 90_000;

describe.each(DIALECTS)('POST /documents (%s)', (dialect) => {
  let t: TestApp;
  let key: string;
  let accountId: number;
  let pdf3: Buffer;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    ({ apiKey: key, accountId } = await t.createAccount());
    pdf3 = await textPdf({ pages: 3, rows: 3 });
    jpeg = await imageFixture('jpeg');
  });
  afterAll(() => t.destroy());

  const admin = (id: number, payload: Record<string, unknown>) =>
    t.inject({ method: 'PATCH', url: `/admin/v1/accounts/${id}`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload });

  it('splits a PDF into page documents in a generated batch (array form)', async () => {
    const res = await upload(t, key, { file: { filename: 'invoice.pdf', content: pdf3 } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { document_id: string[]; batch_name: string; page_count: number; remaining_batch_capacity: number };
    expect(body.batch_name).toMatch(/^batch_\d{8}_[a-z2-7]{8}$/);
    expect(body.batch_name.slice(6, 14)).toBe(new Date().toISOString().slice(0, 10).replace(/-/g, ''));
    expect(body.page_count).toBe(3);
    expect(body.remaining_batch_capacity).toBe(97);
    const uploadId = body.document_id[0].replace(/_p1$/, '');
    expect(uploadId).toMatch(DOC_ID);
    expect(body.document_id).toEqual([1, 2, 3].map((n) => `${uploadId}_p${n}`));

    const doc = await t.inject({ method: 'GET', url: `/api/v1/documents/${body.document_id[1]}`, headers: bearer(key) });
    expect(doc.statusCode).toBe(200);
    const view = doc.json() as Record<string, unknown>;
    expect(view).toEqual({
      document_id: body.document_id[1],
      batch_name: body.batch_name,
      filename: 'invoice.pdf',
      status: 'queued',
      created_at: view.created_at,
      started_at: view.created_at,
      completed_at: null,
      corrected_at: null,
      einvoice: null,
    });
    const img = await t.inject({ method: 'GET', url: `/api/v1/documents/${body.document_id[2]}/image`, headers: bearer(key) });
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1700, height: 2200 });
  }, PDF_TEST_TIMEOUT);

  it('answers a single image with the scalar form, adding to a named batch', async () => {
    const res = await upload(t, key, { fields: { batch_name: 'Receipts-2026.v1' }, file: { filename: 'r.jpg', content: jpeg } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['batch_name', 'document_id', 'remaining_batch_capacity']);
    expect(body.document_id).toMatch(DOC_ID);
    expect(body).toMatchObject({ batch_name: 'Receipts-2026.v1', remaining_batch_capacity: 99 });
    const again = await upload(t, key, { fields: { batch_name: 'Receipts-2026.v1' }, file: { filename: 'r2.png', content: await imageFixture('png') } });
    expect(again.json()).toMatchObject({ batch_name: 'Receipts-2026.v1', remaining_batch_capacity: 98 });
  });

  it('answers every paged kind with the array form, even for one page', async () => {
    const cases: Array<[string, Buffer | string, number]> = [
      ['scan.pdf', await imageOnlyPdf(), 1],
      ['po.docx', docxFixture({ rows: 3 }), 1],
      ['notes.txt', longText(200), 4],
      ['fax.tif', await multiPageTiff(2), 2],
    ];
    for (const [filename, content, pages] of cases) {
      const res = await upload(t, key, { file: { filename, content } });
      expect({ filename, status: res.statusCode }).toEqual({ filename, status: 200 });
      const body = res.json() as { document_id: string[]; page_count: number };
      expect(body.page_count).toBe(pages);
      expect(body.document_id).toHaveLength(pages);
      expect(body.document_id[pages - 1]).toMatch(new RegExp(`^doc_[0-9A-Z]{26}_p${pages}$`));
    }
  }, PDF_TEST_TIMEOUT);

  it('requires file or url, and refuses both', async () => {
    expectError(await upload(t, key, { fields: { batch_name: 'x' } }), 400, 'missing_parameter', 'file');
    expectError(await upload(t, key, { fields: { url: 'https://example.com/a.pdf' }, file: { filename: 'a.jpg', content: jpeg } }), 400, 'invalid_parameter', 'url', 'Send either file or url, not both.');
  });

  describe('refused files leave nothing behind', () => {
    let other: { apiKey: string; accountId: number };
    beforeAll(async () => {
      other = await t.createAccount();
    });

    it.each([
      ['legacy .doc', () => legacyDocHeader(), /^Legacy Word \.doc \(OLE2\) files are not supported/],
      ['corrupt PDF', () => corruptPdf(), /corrupt or truncated/],
      ['51-page PDF', () => textPdf({ pages: 51, rows: 1 }), 'The document has 51 pages; at most 50 pages are accepted per upload.'],
      ['locked PDF', () => textPdf({ pages: 1, userPassword: 'pw' }), 'The PDF is password-protected: send its password in the `password` field.'],
      ['binary junk', () => Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 13) % 256)), /^Unsupported file type/],
    ])('%s', async (_label, make, message) => {
      const res = await upload(t, other.apiKey, { file: { filename: 'x.pdf', content: await make() } });
      expectError(res, 400, 'invalid_parameter', 'file', message);
      await expectNothingStored(t, other.accountId);
    });
  });

  describe('encrypted PDFs', () => {
    let locked: Buffer;
    beforeAll(async () => {
      locked = await textPdf({ pages: 2, userPassword: 'open-sesame' });
    });

    it('opens with the password field', async () => {
      const res = await upload(t, key, { fields: { password: 'open-sesame' }, file: { filename: 'l.pdf', content: locked } });
      expect(res.json()).toMatchObject({ page_count: 2 });
      const wrong = await upload(t, key, { fields: { password: 'nope' }, file: { filename: 'l.pdf', content: locked } });
      expectError(wrong, 400, 'invalid_parameter', 'file', /neither the given password nor the account's saved PDF passwords/);
    });

    it("falls back to the account's inbox passwords", async () => {
      const acct = await t.createAccount();
      expect((await admin(acct.accountId, { settings: { inbox_pdf_passwords: ['first', 'open-sesame'] } })).statusCode).toBe(200);
      const res = await upload(t, acct.apiKey, { fields: { password: 'wrong-first' }, file: { filename: 'l.pdf', content: locked } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ page_count: 2 });
    });
  });

  describe('batch rules', () => {
    it('refuses bad batch names', async () => {
      const before = await footprint(t, accountId);
      expectError(await upload(t, key, { fields: { batch_name: 'b'.repeat(51) }, file: { filename: 'a.jpg', content: jpeg } }), 400, 'invalid_parameter', 'batch_name', 'batch_name must be 1 to 50 characters (got 51).');
      expectError(await upload(t, key, { fields: { batch_name: 'has space' }, file: { filename: 'a.jpg', content: jpeg } }), 400, 'invalid_parameter', 'batch_name', 'batch_name may contain only letters, digits, ".", "_" and "-".');
      expect(await footprint(t, accountId)).toEqual(before);
    });

    it('enforces max_batch_size (operator override) and reports remaining capacity', async () => {
      const acct = await t.createAccount();
      await admin(acct.accountId, { max_batch_size: 3 });
      const first = await upload(t, acct.apiKey, { fields: { batch_name: 'small' }, file: { filename: 'a.jpg', content: jpeg } });
      expect(first.json()).toMatchObject({ remaining_batch_capacity: 2 });
      const tooMany = await upload(t, acct.apiKey, { fields: { batch_name: 'small' }, file: { filename: 'p.pdf', content: pdf3 } });
      expectError(tooMany, 400, 'invalid_parameter', 'batch_name', 'Batch "small" holds 1 of at most 3 documents; this upload adds 3.');
      const fill = await upload(t, acct.apiKey, { fields: { batch_name: 'small' }, file: { filename: 'p.pdf', content: await textPdf({ pages: 2, rows: 1 }) } });
      expect(fill.json()).toMatchObject({ remaining_batch_capacity: 0 });
      const full = await upload(t, acct.apiKey, { fields: { batch_name: 'small' }, file: { filename: 'a.jpg', content: jpeg } });
      expectError(full, 400, 'invalid_parameter', 'batch_name', 'Batch "small" already holds 3 documents, the plan maximum of 3.');
      expect(await footprint(t, acct.accountId)).toMatchObject({ batches: 1, uploads: 2, documents: 3 });
    });

    it('holds the batch limit under concurrent uploads', async () => {
      const acct = await t.createAccount();
      await admin(acct.accountId, { max_batch_size: 2 });
      const results = await Promise.all(Array.from({ length: 4 }, (_, i) =>
        upload(t, acct.apiKey, { fields: { batch_name: 'race' }, file: { filename: `r${i}.jpg`, content: jpeg } })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 400, 400]);
      expect(await footprint(t, acct.accountId)).toMatchObject({ batches: 1, uploads: 2, documents: 2 });
      expect((await t.services.blobs.list(`acct/${acct.accountId}/`)).length).toBe(2 * 3);
    });

    it('answers 429 with X-RateLimit-Reset past the unprocessed-queued limit', async () => {
      const acct = await t.createAccount();
      await admin(acct.accountId, { max_queued_documents: 2 });
      expect((await upload(t, acct.apiKey, { file: { filename: 'a.jpg', content: jpeg } })).statusCode).toBe(200);
      const before = await footprint(t, acct.accountId);
      const res = await upload(t, acct.apiKey, { file: { filename: 'p.pdf', content: pdf3 } });
      expectError(res, 429, 'rate_limit_exceeded', undefined, /has 1 unprocessed queued documents and allows at most 2/);
      const reset = Number(res.headers['x-ratelimit-reset']);
      expect(reset).toBeGreaterThan(Date.now() / 1000);
      expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 61);
      expect(await footprint(t, acct.accountId)).toEqual(before);
    });
  });

  describe('template_id', () => {
    it('associates an owned template, refuses others and non-integers', async () => {
      const mk = await t.inject({ method: 'POST', url: '/api/v1/templates', headers: bearer(key), payload: { name: `T-${dialect}` } });
      const templateId = (mk.json() as { template: { id: number } }).template.id;
      const ok = await upload(t, key, { fields: { template_id: String(templateId) }, file: { filename: 'a.jpg', content: jpeg } });
      expect(ok.statusCode).toBe(200);
      const row = await t.services.db.selectFrom('documents').select('template_id').where('id', '=', (ok.json() as { document_id: string }).document_id).executeTakeFirstOrThrow();
      expect(row.template_id).toBe(templateId);

      const stranger = await t.createAccount();
      expectError(await upload(t, stranger.apiKey, { fields: { template_id: String(templateId) }, file: { filename: 'a.jpg', content: jpeg } }), 404, 'template_not_found');
      expectError(await upload(t, stranger.apiKey, { fields: { template_id: 'abc' }, file: { filename: 'a.jpg', content: jpeg } }), 400, 'invalid_parameter', 'template_id');
      await expectNothingStored(t, stranger.accountId);
    });
  });

  describe('Idempotency-Key', () => {
    it('replays without a second upload, and refuses the key with a different file', async () => {
      const acct = await t.createAccount();
      const call = { headers: { 'idempotency-key': 'up-1' }, fields: { batch_name: 'idem' }, file: { filename: 'a.jpg', content: jpeg } };
      const first = await upload(t, acct.apiKey, call);
      const second = await upload(t, acct.apiKey, call);
      expect(second.statusCode).toBe(200);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
      expect(await footprint(t, acct.accountId)).toMatchObject({ uploads: 1, documents: 1 });
      const png = await imageFixture('png');
      expectError(await upload(t, acct.apiKey, { ...call, file: { filename: 'a.jpg', content: png } }), 400, 'idempotency_key_reused');
      expect(await footprint(t, acct.accountId)).toMatchObject({ uploads: 1, documents: 1 });
    });
  });
});

describe('POST /documents size cap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(DIALECTS[0], { DOCROWS_MAX_UPLOAD_MB: '1' });
  });
  afterAll(() => t.destroy());

  it('refuses a file over DOCROWS_MAX_UPLOAD_MB with invalid_parameter file', async () => {
    const acct = await t.createAccount();
    const big = Buffer.alloc(1024 * 1024 + 10, 0x41);
    expectError(await upload(t, acct.apiKey, { file: { filename: 'big.txt', content: big } }), 400, 'invalid_parameter', 'file', 'The file is larger than 1 MB, the upload limit.');
    await expectNothingStored(t, acct.accountId);
  });
});
