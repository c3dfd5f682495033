import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { textPdf } from '../fixtures/ingest/pdf-fixtures.js';
import { expectError, expectNothingStored, upload } from './helpers/uploads.js';
import { attachInvoiceXml } from '../../bench/lib/einvoice/hybrid-pdf.js';
import { sampleInvoice } from '../../bench/lib/einvoice/sample.js';
import { PROFILES, writeCii, writeUbl } from '../../bench/lib/einvoice/write-xml.js';

const TIMEOUT = 90_000;

/** POST /documents, then each page's Document object. */
async function uploadAndView(t: TestApp, key: string, filename: string, content: Buffer | Uint8Array) {
  const res = await upload(t, key, { file: { filename, content: Buffer.from(content) } });
  expect(res.statusCode, res.body).toBe(200);
  const ids = (res.json() as { document_id: string[] }).document_id;
  expect(Array.isArray(ids)).toBe(true);
  return Promise.all(ids.map(async (id) => (await t.inject({ method: 'GET', url: `/api/v1/documents/${id}`, headers: bearer(key) })).json() as Record<string, unknown>));
}

describe.each(DIALECTS)('e-invoice uploads (%s)', (dialect) => {
  let t: TestApp;
  let off: TestApp;
  let key: string;
  let offKey: string;
  let plainPdf: Buffer;

  beforeAll(async () => {
    [t, off] = await Promise.all([startTestApp(dialect), startTestApp(dialect, { DOCROWS_EINVOICE: 'off' })]);
    ({ apiKey: key } = await t.createAccount());
    ({ apiKey: offKey } = await off.createAccount());
    plainPdf = await textPdf({ pages: 1, rows: 3 });
  }, TIMEOUT);
  afterAll(async () => {
    await Promise.all([t?.destroy(), off?.destroy()]);
  });

  it('takes a UBL XML as a paged upload rendered by docrows, and says which e-invoice it is', async () => {
    const views = await uploadAndView(t, key, 'peppol.xml', Buffer.from(writeUbl(sampleInvoice('peppol'))));
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ filename: 'peppol.xml', status: 'queued', einvoice: { syntax: 'UBL', profile: PROFILES.peppol } });
    const img = await t.inject({ method: 'GET', url: `/api/v1/documents/${views[0].document_id as string}/image`, headers: bearer(key) });
    expect(img.headers['content-type']).toBe('image/jpeg');
  }, TIMEOUT);

  it('takes a CII XML (XRechnung) the same way', async () => {
    const views = await uploadAndView(t, key, 'xrechnung.xml', Buffer.from(writeCii(sampleInvoice('xrechnung'))));
    expect(views[0].einvoice).toEqual({ syntax: 'CII', profile: PROFILES.xrechnung });
  }, TIMEOUT);

  it('marks every page of a hybrid PDF with the XML it carries; a PDF without one has einvoice null', async () => {
    const pdf2 = await textPdf({ pages: 2, rows: 3 });
    const views = await uploadAndView(t, key, 'factur-x.pdf', await attachInvoiceXml(pdf2, Buffer.from(writeCii(sampleInvoice('basic')))));
    expect(views.map((v) => v.einvoice)).toEqual([1, 2].map(() => ({ syntax: 'CII', profile: PROFILES.basic })));
    const plain = await uploadAndView(t, key, 'plain.pdf', plainPdf);
    expect(plain[0].einvoice).toBeNull();
  }, TIMEOUT);

  it('with DOCROWS_EINVOICE=off reads a hybrid PDF as a plain one', async () => {
    const views = await uploadAndView(off, offKey, 'factur-x.pdf', await attachInvoiceXml(plainPdf, Buffer.from(writeCii(sampleInvoice('en16931')))));
    expect(views[0].einvoice).toBeNull();
  }, TIMEOUT);

  it('refuses other XML with invalid_parameter on file and stores nothing', async () => {
    const { apiKey, accountId: fresh } = await t.createAccount();
    const res = await upload(t, apiKey, { file: { filename: 'note.xml', content: Buffer.from('<?xml version="1.0"?><note xmlns="urn:x"><to>Tove</to></note>') } });
    expectError(res, 400, 'invalid_parameter', 'file', /not an e-invoice/);
    await expectNothingStored(t, fresh);
  }, TIMEOUT);

  it('refuses an XML with an external entity and fetches nothing', async () => {
    let requests = 0;
    const origin: Server = createServer((_req, res) => {
      requests++;
      res.end('<x/>');
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/entity`;
      const xml = `<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY e SYSTEM "${url}">]>` +
        `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&e;</ID></Invoice>`;
      const xmlRes = await upload(t, key, { file: { filename: 'xxe.xml', content: Buffer.from(xml) } });
      expectError(xmlRes, 400, 'invalid_parameter', 'file', /DOCTYPE/);
      const pdfRes = await upload(t, key, { file: { filename: 'xxe.pdf', content: Buffer.from(await attachInvoiceXml(plainPdf, Buffer.from(xml))) } });
      expectError(pdfRes, 400, 'invalid_parameter', 'file', /DOCTYPE/);
      expect(requests).toBe(0);
    } finally {
      origin.close();
    }
  }, TIMEOUT);
});
