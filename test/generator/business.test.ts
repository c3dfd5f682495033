import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generateBusinessDoc, generateBusinessSet, KINDS, LANGS, seedSplit, type BusinessDoc } from '../../bench/lib/business/index.js';
import { DOCUMENT_NAMES } from '../../bench/lib/business/names.js';
import { ingestPages, randomScanOptions, scanPages } from '../../bench/lib/business/scan.js';
import { withPdfText } from '../extract/helpers/pdf-text.js';
import { pageImage } from '../../src/extract/types.js';

/** All words of every page as the engine's text layer reads them, in one string. */
async function pageText(pdfBytes: Buffer): Promise<string> {
  return withPdfText(new Uint8Array(pdfBytes), (pdf) => {
    const parts: string[] = [];
    for (let p = 0; p < pdf.pageCount; p++) parts.push(...pdf.textLayer(p).textLayer.words.map((w) => w.text));
    return parts.join(' ').replace(/\s+/g, ' ');
  });
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

function missingTruth(doc: BusinessDoc, text: string): string[] {
  const values = [...Object.entries(doc.fields).map(([k, v]) => [k, v]), ...doc.lines.flatMap((row) => Object.entries(row))];
  return values.filter(([, v]) => v && !text.includes(collapse(v))).map(([k, v]) => `${k}=${v}`);
}

describe('business document generator', () => {
  it('is deterministic per seed: same seed, same PDF and truth; another seed, another document', async () => {
    const a = await generateBusinessDoc({ seed: 11, kind: 'invoice', lang: 'de' });
    const b = await generateBusinessDoc({ seed: 11, kind: 'invoice', lang: 'de' });
    const c = await generateBusinessDoc({ seed: 12, kind: 'invoice', lang: 'de' });
    expect(b.pdf.equals(a.pdf)).toBe(true);
    expect(b.fields).toEqual(a.fields);
    expect(b.lines).toEqual(a.lines);
    expect(c.fields.invoice_number === a.fields.invoice_number && c.fields.total_amount === a.fields.total_amount).toBe(false);
  });

  it('prints every truth value (fields and line cells) in the text layer, for every kind and language', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    for (const kind of KINDS) {
      for (const lang of LANGS) {
        const doc = await generateBusinessDoc({ seed: 3, kind, lang });
        expect(doc.id).toBe(`${kind}-${lang}-3`);
        if (Object.keys(doc.fields).length < 3 || doc.lines.length < 1 || doc.lineColumns.length < 2) problems.push(`${doc.id}: thin truth`);
        const missing = missingTruth(doc, await pageText(doc.pdf));
        if (missing.length) problems.push(`${doc.id}: ${missing.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('prints the tax rate of a tax label set in capitals ("IVA À TAXA DE 13%")', async () => {
    const doc = await generateBusinessDoc({ seed: 9, kind: 'purchase_order', lang: 'pt' });
    const text = await pageText(doc.pdf);
    expect(text).toContain('IVA À TAXA DE 13%');
    expect(missingTruth(doc, text)).toEqual([]);
  });

  it('names the requested fields in the document style and maps each back to a truth key', async () => {
    const docs = await generateBusinessSet({ split: 'tuning', perPair: 6, kinds: ['invoice'], langs: ['fr'] });
    const styles = new Set(docs.map((d) => d.request.style));
    expect(styles.size).toBeGreaterThan(1);
    for (const d of docs) {
      expect(d.request.fields.map((f) => f.key).sort()).toEqual(Object.keys(d.fields).sort());
      expect(d.request.lines.map((f) => f.key)).toEqual(d.lineColumns);
      expect(new Set(d.request.fields.map((f) => f.name)).size).toBe(d.request.fields.length);
      if (d.request.style === 'camel') expect(d.request.fields.find((f) => f.key === 'invoice_number')?.name).toBe('invoiceNumber');
      // A snake_case request names a value by its key or by another name clients give it (names.ts, DOCUMENT_NAMES).
      if (d.request.style === 'snake') expect(d.request.fields.every((f) => f.name === f.key || DOCUMENT_NAMES[f.key]?.includes(f.name))).toBe(true);
    }
  });

  it('splits seeds into tuning and held-out, stably and about evenly', async () => {
    const seeds = Array.from({ length: 400 }, (_, i) => i + 1);
    const tuning = seeds.filter((s) => seedSplit(s) === 'tuning').length;
    expect(tuning).toBeGreaterThan(150);
    expect(tuning).toBeLessThan(250);
    const docs = await generateBusinessSet({ split: 'heldout', perPair: 2, kinds: ['receipt'], langs: ['en', 'pt'] });
    expect(docs).toHaveLength(4);
    expect(docs.every((d) => d.split === 'heldout' && seedSplit(d.seed) === 'heldout')).toBe(true);
  });

  it('scans a page through ingestion: a JPEG at the scan resolution, no text layer, the same for the same seed', { timeout: 30_000 }, async () => {
    const doc = await generateBusinessDoc({ seed: 5, kind: 'receipt', lang: 'es' });
    const [digital] = await ingestPages(doc.pdf);
    expect(digital.textLayer?.words.length).toBeGreaterThan(10);
    const options = { ...randomScanOptions(5), kind: 'phone' as const, dpi: 150 };
    const [a] = await scanPages(doc.pdf, options, 9);
    const [b] = await scanPages(doc.pdf, options, 9);
    expect(a.textLayer).toBeNull();
    expect(Buffer.from(pageImage(a)).equals(Buffer.from(pageImage(b)))).toBe(true);
    const meta = await sharp(pageImage(a)).metadata();
    const source = await sharp(pageImage(digital)).metadata();
    expect(meta.format).toBe('jpeg');
    // A 3:4 photo of the page at 150 of 200 dpi, the table around it: the page (turned, slanted) fills 55–90% of it.
    expect(Math.abs(meta.height! / meta.width! - 4 / 3)).toBeLessThan(0.01);
    expect(meta.height).toBeGreaterThan(source.height! * 0.75);
    expect(meta.height).toBeLessThan((source.height! * 0.75) / 0.55 + 200);
  });
});
