import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EINVOICE_CONFIDENCE, withEInvoice } from '../../src/einvoice/index.js';
import { createLayoutEngine } from '../../src/extract/index.js';
import type { CellValue, Engine, EnginePage, ExtractRequest } from '../../src/extract/types.js';
import { renderInvoicePdf } from '../../src/ingest/einvoice-pdf.js';
import { ingestFile } from '../../src/ingest/ingest.js';
import { attachInvoiceXml } from '../../bench/lib/einvoice/hybrid-pdf.js';
import { sampleInvoice } from '../../bench/lib/einvoice/sample.js';
import { writeCii, writeUbl } from '../../bench/lib/einvoice/write-xml.js';

let dir: string;
let layout: Engine;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docrows-einvoice-'));
  layout = createLayoutEngine();
});
afterAll(async () => {
  await layout.close?.();
  await rm(dir, { recursive: true, force: true });
});

/** An upload's pages as the engine receives them, e-invoice included. */
async function enginePages(name: string, bytes: Uint8Array): Promise<EnginePage[]> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  const upload = await ingestFile(path, { passwords: [], maxPages: 50 });
  return upload.pages.map((p, i) => ({
    image: p.jpeg, textLayer: p.textLayer, ...(upload.einvoice ? { einvoice: { ...upload.einvoice, page: i + 1 } } : {}),
  }));
}

const request = (...names: string[]): ExtractRequest => ({ fields: names.map((name) => ({ name, formatRequirement: '' })), globalFormatRequirement: '', quality: 'fast' });

/** A stand-in for a model engine: counts its calls and the fields it was asked for. */
function countingEngine(inner: Engine) {
  const asked: string[][] = [];
  const engine: Engine = { name: 'model', extract: (page, req) => (asked.push(req.fields.map((f) => f.name)), inner.extract(page, req)) };
  return { engine, asked };
}

describe('reading e-invoice pages from their XML', () => {
  it('UBL and CII uploads of one invoice give the same rows, every line and header value equal to the XML and boxed on the page', async () => {
    const invoice = sampleInvoice('en16931');
    const engine = withEInvoice(layout, { compare: true });
    const req = request('invoice_number', 'invoice_date', 'seller_vat_id', 'iban', 'description', 'quantity', 'unit_price', 'line_total', 'vat_rate');
    const results = [];
    for (const [name, xml] of [['a.xml', writeUbl({ ...invoice, syntax: 'UBL' })], ['b.xml', writeCii(invoice)]] as const) {
      const [page] = await enginePages(name, Buffer.from(xml));
      results.push(await engine.extract(page, req));
    }
    expect(results[0]).toEqual(results[1]);
    const result = results[0];
    if (!result.ok) throw new Error(result.failure.message);
    expect(result.rows.map((r) => (r.line_total as CellValue).value)).toEqual(['610.00', '600.00', '80.00']);
    expect(result.rows.map((r) => (r.vat_rate as CellValue).value)).toEqual(['19', '19', '7']);
    const first = result.rows[0] as Record<string, CellValue>;
    expect(first.invoice_number).toMatchObject({ value: 'RE-2026-1187', confidence: EINVOICE_CONFIDENCE.printed });
    expect(first.invoice_date.value).toBe('2026-03-14');
    expect(first.seller_vat_id.value).toBe('DE123456789');
    expect(first.description.value).toBe('Schraubstock 125 mm');
    for (const cell of Object.values(first)) expect(cell.box, JSON.stringify(cell)).not.toBeNull();
  }, 120_000);

  it('sends the lines of a multi-page invoice to the pages that print them', async () => {
    const invoice = sampleInvoice('en16931');
    invoice.lines = Array.from({ length: 40 }, (_, i) => ({ ...invoice.lines[i % 3], id: String(i + 1), name: `Artikel ${i + 1}` }));
    const pages = await enginePages('long.xml', Buffer.from(writeCii(invoice)));
    expect(pages.length).toBe(2);
    const engine = withEInvoice(layout, { compare: false });
    const ids = [];
    for (const page of pages) {
      const result = await engine.extract(page, request('position', 'description'));
      if (!result.ok) throw new Error(result.failure.message);
      ids.push(result.rows.map((r) => (r.position as CellValue).value));
    }
    expect(ids.flat()).toEqual(invoice.lines.map((l) => l.id));
    expect(ids[0].length).toBeGreaterThan(10);
    expect(ids[1].length).toBeGreaterThan(5);
  }, 120_000);

  it('keeps the XML value at confidence below 0.5 where the page prints another total, boxed where the page prints it', async () => {
    const printed = sampleInvoice('en16931');
    const xml = { ...printed, totals: { ...printed.totals, grandTotal: '1625.50' } };
    const pdf = await attachInvoiceXml(await renderInvoicePdf(printed, 5), Buffer.from(writeCii(xml)));
    const [page] = await enginePages('differs.pdf', pdf);
    const result = await withEInvoice(layout, { compare: true }).extract(page, request('total_amount', 'invoice_number'));
    if (!result.ok) throw new Error(result.failure.message);
    const total = result.rows[0].total_amount as CellValue;
    expect(total.value).toBe('1625.50');
    expect(total.confidence).toBeLessThan(0.5);
    expect(total.box).not.toBeNull();
    expect((result.rows[0].invoice_number as CellValue).confidence).toBe(EINVOICE_CONFIDENCE.printed);
  }, 120_000);

  it('asks the model engine nothing the XML answers, and only the rest otherwise', async () => {
    const [page] = await enginePages('hybrid.pdf', await attachInvoiceXml(await renderInvoicePdf(sampleInvoice('basic'), 5), Buffer.from(writeCii(sampleInvoice('basic')))));
    const model = countingEngine(layout);
    const engine = withEInvoice(model.engine, { compare: false });
    const all = await engine.extract(page, request('invoice_number', 'total_amount', 'quantity'));
    expect(all.ok).toBe(true);
    expect(model.asked).toEqual([]);
    await engine.extract(page, request('invoice_number', 'photo'));
    expect(model.asked).toEqual([['photo']]);
  }, 120_000);

  it('answers a unit as a person writes it, in the invoice\'s language, and the code where the field asks for the code', async () => {
    const invoice = sampleInvoice('en16931');
    const [page] = await enginePages('units.xml', Buffer.from(writeCii(invoice)));
    const result = await withEInvoice(layout, { compare: true }).extract(page, request('Einheit', 'unit_code'));
    if (!result.ok) throw new Error(result.failure.message);
    // H87 and C62 are pieces (German seller: Stk), HUR is the hour (h); the rendered page prints them so, and is boxed.
    expect(result.rows.map((r) => (r.Einheit as CellValue).value)).toEqual(['Stk', 'h', 'Stk']);
    for (const r of result.rows) expect((r.Einheit as CellValue).confidence).toBe(EINVOICE_CONFIDENCE.printed);
    expect(result.rows.map((r) => (r.unit_code as CellValue).value)).toEqual(['H87', 'HUR', 'C62']);
    // A French seller's pieces are pce; the model engine (no page reading) gets the same words.
    const french = { ...invoice, seller: { ...invoice.seller, countryCode: 'FR' } };
    const [frPage] = await enginePages('units-fr.xml', Buffer.from(writeCii(french)));
    const fr = await withEInvoice(layout, { compare: false }).extract(frPage, request('unit'));
    if (!fr.ok) throw new Error(fr.failure.message);
    expect(fr.rows.map((r) => (r.unit as CellValue).value)).toEqual(['pce', 'h', 'pce']);
  }, 120_000);

  it('keeps the page\'s own spelling of a unit on a hybrid PDF, not a disagreement', async () => {
    const xml = sampleInvoice('en16931');
    // The printed invoice writes its units out in full; the XML has the codes.
    const printed = { ...xml, lines: xml.lines.map((l) => ({ ...l, unitCode: l.unitCode === 'HUR' ? 'Std.' : 'Stück' })) };
    const [page] = await enginePages('units-hybrid.pdf', await attachInvoiceXml(await renderInvoicePdf(printed, 5), Buffer.from(writeCii(xml))));
    const result = await withEInvoice(layout, { compare: true }).extract(page, request('description', 'unit'));
    if (!result.ok) throw new Error(result.failure.message);
    expect(result.rows.map((r) => (r.unit as CellValue).value)).toEqual(['Stück', 'Std.', 'Stück']);
    for (const r of result.rows) expect((r.unit as CellValue).confidence).toBe(EINVOICE_CONFIDENCE.pageSpelling);
  }, 120_000);

  it('signs a credit note\'s amounts as credits, whichever way its XML writes them; a price stays a price', async () => {
    const credit = sampleInvoice('peppol', { creditNote: true });
    const req = request('total_amount', 'amount_due', 'tax_amount', 'unit_price', 'line_total', 'quantity');
    const read = async (name: string, bytes: Uint8Array) => {
      const [page] = await enginePages(name, bytes);
      const result = await withEInvoice(layout, { compare: true }).extract(page, req);
      if (!result.ok) throw new Error(result.failure.message);
      return result.rows as Array<Record<string, CellValue>>;
    };
    // Written positive (as EN 16931 asks of a credit note), in UBL and as a hybrid PDF carrying CII.
    for (const rows of [
      await read('credit.xml', Buffer.from(writeUbl(credit))),
      await read('credit.pdf', await attachInvoiceXml(await renderInvoicePdf(credit, 5), Buffer.from(writeCii({ ...credit, syntax: 'CII' })))),
    ]) {
      expect(rows[0].total_amount).toMatchObject({ value: '-1525.50', confidence: EINVOICE_CONFIDENCE.printed });
      expect(rows[0].amount_due.value).toBe('-1425.50');
      expect(rows[0].tax_amount.value).toBe('-235.50');
      expect(rows.map((r) => r.line_total.value)).toEqual(['-610.00', '-600.00', '-80.00']);
      expect(rows.map((r) => r.unit_price.value)).toEqual(['305.00', '80.00', '80.00']);
      expect(rows.map((r) => r.quantity.value)).toEqual(['2', '7.5', '1']);
    }
    // Written negative already: the producer signed them, and they stay as written.
    const negate = (a: string | null) => (a === null ? null : `-${a}`);
    const signed = {
      ...credit, syntax: 'CII' as const,
      totals: { ...credit.totals, lineNet: negate(credit.totals.lineNet), taxExclusive: negate(credit.totals.taxExclusive), tax: negate(credit.totals.tax), grandTotal: negate(credit.totals.grandTotal), due: negate(credit.totals.due) },
      lines: credit.lines.map((l) => ({ ...l, netAmount: negate(l.netAmount) })),
    };
    const rows = await read('signed.xml', Buffer.from(writeCii(signed)));
    expect(rows[0].total_amount.value).toBe('-1525.50');
    expect(rows.map((r) => r.line_total.value)).toEqual(['-610.00', '-600.00', '-80.00']);
    // An invoice's amounts are what it writes.
    const invoice = await read('invoice.xml', Buffer.from(writeCii(sampleInvoice('en16931'))));
    expect(invoice[0].total_amount.value).toBe('1525.50');
  }, 120_000);

  it('leaves a page without an e-invoice to the wrapped engine', async () => {
    const [page] = await enginePages('plain.pdf', await renderInvoicePdf(sampleInvoice('en16931'), 5));
    expect(page.einvoice).toBeUndefined();
    const model = countingEngine(layout);
    await withEInvoice(model.engine, { compare: false }).extract(page, request('invoice_number'));
    expect(model.asked).toEqual([['invoice_number']]);
  }, 120_000);
});
