import { createDeflate } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { findInvoiceAttachment } from '../../src/einvoice/pdf-attachment.js';
import { readEInvoice } from '../../src/einvoice/read-invoice.js';
import type { AppError } from '../../src/errors.js';
import { attachInvoiceXml } from '../../bench/lib/einvoice/hybrid-pdf.js';
import { sampleInvoice } from '../../bench/lib/einvoice/sample.js';
import { writeCii } from '../../bench/lib/einvoice/write-xml.js';

let blank: Uint8Array;
const xml = Buffer.from(writeCii(sampleInvoice('en16931')));

beforeAll(async () => {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Rechnung RE-2026-1187', { x: 50, y: 780, size: 14 });
  blank = await doc.save();
});

/** `bytes` zero bytes as FlateDecode data, deflated a megabyte at a time so the test never holds them. */
async function deflatedZeros(bytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 1 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const mb = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < bytes / mb.length; i++) if (!deflate.write(mb)) await new Promise((r) => deflate.once('drain', r));
  deflate.end();
  await done;
  return Buffer.concat(out);
}

async function refusal(pdf: Uint8Array): Promise<AppError> {
  try {
    await findInvoiceAttachment(pdf);
  } catch (e) {
    return e as AppError;
  }
  throw new Error('the attachment was read');
}

describe('finding the e-invoice XML in a PDF', () => {
  it('reads factur-x.xml from the embedded files and /AF, byte for byte', async () => {
    const found = await findInvoiceAttachment(await attachInvoiceXml(blank, xml));
    expect(found?.name).toBe('factur-x.xml');
    expect(Buffer.from(found!.bytes).equals(xml)).toBe(true);
    expect(readEInvoice(found!.bytes).number).toBe('RE-2026-1187');
  });

  it.each(['ZUGFeRD-invoice.xml', 'zugferd-invoice.xml', 'xrechnung.xml'])('finds %s in the name tree alone', async (name) => {
    const found = await findInvoiceAttachment(await attachInvoiceXml(blank, xml, { name, inAf: false, relationship: 'Unspecified' }));
    expect(found?.name).toBe(name);
  });

  it.each(['Data', 'Alternative', 'Source'] as const)('finds an associated file of another name related as %s', async (relationship) => {
    const found = await findInvoiceAttachment(await attachInvoiceXml(blank, xml, { name: 'invoice-4711.xml', inNameTree: false, relationship }));
    expect(found).toMatchObject({ name: 'invoice-4711.xml', named: false });
  });

  it('leaves a supplementary XML of another name alone, and a PDF without attachments', async () => {
    expect(await findInvoiceAttachment(await attachInvoiceXml(blank, xml, { name: 'notes.xml', relationship: 'Supplement' }))).toBeNull();
    expect(await findInvoiceAttachment(blank)).toBeNull();
  });

  it('refuses a 1 GB attachment (a 1 MB deflate bomb) without inflating it', async () => {
    const bomb = await deflatedZeros(1024 * 1024 * 1024);
    const pdf = await attachInvoiceXml(blank, bomb, { deflated: true });
    const before = process.memoryUsage().rss;
    const e = await refusal(pdf);
    expect(e.code).toBe('invalid_parameter');
    expect(e.param).toBe('file');
    expect(e.message).toMatch(/factur-x\.xml cannot be read: it inflates beyond/);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses an attachment stored with a filter it does not inflate', async () => {
    const pdf = await attachInvoiceXml(blank, xml);
    const hacked = Buffer.from(Buffer.from(pdf).toString('latin1').replaceAll('/FlateDecode', '/LZWDecode   '), 'latin1');
    expect((await refusal(hacked)).message).toMatch(/filter other than FlateDecode/);
  });
});
