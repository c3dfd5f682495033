import { afterAll, describe, expect, it } from 'vitest';
import { generateBusinessDoc } from '../../bench/lib/business/index.js';
import { ingestPages, randomScanOptions, scanPages } from '../../bench/lib/business/scan.js';
import { createLayoutEngine } from '../../src/extract/index.js';
import type { EnginePage, ExtractResult } from '../../src/extract/types.js';

/**
 * Polish, the language added as one folder (src/extract/lang/pl/) and one
 * registry line: a generated Polish invoice read through the engine's public
 * function, from its text layer and from a scan (OCR in English first, then
 * with the Polish tessdata_fast model).
 */
const FIELDS = ['invoice_number', 'invoice_date', 'seller_name', 'buyer_name', 'seller_vat_id', 'subtotal', 'tax_amount', 'total_amount'];
const MONEY = new Set(['subtotal', 'tax_amount', 'total_amount', 'unit_price', 'line_total']);

/** A value as compared: spaces folded; an amount by its digits and decimal comma (a scan may close "3 672,11 zł" up to "3672,11"). */
const norm = (key: string, v: string | null | undefined) => (MONEY.has(key) ? (v ?? '').replace(/[^\d,.-]/g, '') : (v ?? '').replace(/\s+/g, ' ').trim().toLowerCase());

const values = (res: ExtractResult, keys: string[]) => (res.ok ? res.rows.map((row) => Object.fromEntries(keys.map((k) => [k, norm(k, row[k] && 'value' in row[k] ? row[k].value : '')]))) : []);

describe('a Polish invoice, end to end', () => {
  const engine = createLayoutEngine();
  afterAll(() => engine.close?.());

  async function read(page: EnginePage, keys: string[]) {
    return engine.extract(page, { fields: keys.map((name) => ({ name, formatRequirement: '' })), globalFormatRequirement: '', quality: 'fast' });
  }

  async function check(pages: EnginePage[], doc: Awaited<ReturnType<typeof generateBusinessDoc>>) {
    expect(pages).toHaveLength(1);
    const fields = await read(pages[0], FIELDS);
    expect(values(fields, FIELDS)).toEqual([Object.fromEntries(FIELDS.map((k) => [k, norm(k, doc.fields[k])]))]);
    const rows = await read(pages[0], doc.lineColumns);
    expect(values(rows, doc.lineColumns)).toEqual(doc.lines.map((row) => Object.fromEntries(doc.lineColumns.map((k) => [k, norm(k, row[k])]))));
  }

  it('prints Polish words and reads every field and row from the text layer', { timeout: 60_000 }, async () => {
    const doc = await generateBusinessDoc({ seed: 9, kind: 'invoice', lang: 'pl', narrow: true });
    // The document is Polish as printed: its date with the month in the genitive, its NIP and its letters.
    expect(doc.fields.invoice_date).toMatch(/^\d{1,2} (stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia) \d{4}$/);
    expect(doc.fields.seller_vat_id).toMatch(/^PL\d{10}$/);
    expect(doc.lines.length).toBeGreaterThan(2);
    await check(await ingestPages(doc.pdf), doc);
  });

  it('reads every field and row from a scan of it, with the Polish OCR model', { timeout: 180_000 }, async () => {
    const doc = await generateBusinessDoc({ seed: 9, kind: 'invoice', lang: 'pl', narrow: true });
    const pages = await scanPages(doc.pdf, { ...randomScanOptions(9), kind: 'flatbed' }, 9);
    expect(pages[0].textLayer).toBeNull();
    await check(pages, doc);
    // The description column carries Polish letters the English model does not read ("ł", "ą", "ę", "ż").
    const rows = await read(pages[0], ['description']);
    const text = rows.ok ? rows.rows.map((r) => (r.description && 'value' in r.description ? r.description.value : '')).join(' ') : '';
    expect(doc.lines.map((l) => l.description).join(' ')).toMatch(/[ąćęłńśźż]/);
    expect(text).toMatch(/[ąćęłńśźż]/);
  });
});
