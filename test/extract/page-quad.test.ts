import { afterAll, describe, expect, it } from 'vitest';
import { generateBusinessDoc } from '../../bench/lib/business/index.js';
import { ingestPages, randomScanOptions, scanPages, type PhoneFrame } from '../../bench/lib/business/scan.js';
import { createLayoutEngine } from '../../src/extract/index.js';
import { createPageReader } from '../../src/extract/read/page-reader.js';
import type { EnginePage, ExtractResult } from '../../src/extract/types.js';
import { pageImage } from '../../src/extract/types.js';
import { withSettings } from '../../src/extract/settings.js';

/**
 * A phone photo of a page (the paper a quadrilateral on a table, turned past
 * the skew the read stage straightens, seen at a slant in both axes) is read
 * from its rectified paper (src/extract/read/page-quad.ts); a flatbed scan and
 * a born-digital raster are read exactly as before.
 */
const PHOTO: PhoneFrame = { fill: 0.72, x: 0.3, y: 0.6, turn: 11, slant: 0.04, surface: 'wood', surfaceGrey: 110, paperGrey: 0.93 };
/** The step off: a paper that must cover at most 0% of the photo is never found. */
const NO_QUAD = { read: { pageQuad: { maxAreaShare: 0 } } };

const norm = (v: string | null | undefined) => (v ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
const rowsOf = (res: ExtractResult, keys: string[]) => (res.ok ? res.rows.map((r) => keys.map((k) => norm(r[k] && 'value' in r[k] ? r[k].value : '')).join(' | ')) : []);

describe('a phone photo: the page found and rectified before it is read', () => {
  const engine = createLayoutEngine();
  const plain = createLayoutEngine({ settings: NO_QUAD });
  const reader = createPageReader();
  const plainReader = createPageReader({ settings: withSettings(NO_QUAD) });
  afterAll(async () => {
    await Promise.all([engine.close?.(), plain.close?.(), reader.close(), plainReader.close()]);
  });

  it('reads the invoice table of a slanted photo right, and wrong without the rectification', { timeout: 600_000 }, async () => {
    const doc = await generateBusinessDoc({ seed: 4, kind: 'invoice', lang: 'en' });
    const [photo] = await scanPages(doc.pdf, { ...randomScanOptions(4), kind: 'phone', dpi: 200, blur: 0, noise: 4, jpegQuality: 85, light: 0.85, shadow: 0, frame: PHOTO }, 4);
    const truth = doc.lines.map((row) => doc.lineColumns.map((k) => norm(row[k])).join(' | '));
    const ask = (e: typeof engine, page: EnginePage) => e.extract(page, { fields: doc.lineColumns.map((name) => ({ name, formatRequirement: '' })), globalFormatRequirement: '', quality: 'fast' });
    const [rectified, asPhotographed] = await Promise.all([ask(engine, photo), ask(plain, photo)]);
    // Its first page prints 22 of the invoice's rows: read from the rectified paper nearly all are right to the
    // cell (one "5" read as ">" on a run), read as photographed none is (the page turned past the skew search).
    const right = (res: ExtractResult) => rowsOf(res, doc.lineColumns).filter((row) => truth.includes(row)).length;
    expect(right(rectified)).toBeGreaterThanOrEqual(19);
    expect(right(asPhotographed)).toBeLessThanOrEqual(2);
    // Words come back boxed on the photo as stored: on the paper, which lies right of and below the photo's first fifth.
    const words = await reader.ocrWords(pageImage(photo), 'fast');
    const total = words.find((w) => /^total/i.test(w.text));
    expect(total).toBeDefined();
    expect(Math.min(...words.map((w) => w.box.x1))).toBeGreaterThan(0.05);
    expect(Math.min(...words.map((w) => w.box.y1))).toBeGreaterThan(0.05);
  });

  it('reads a flatbed scan and a born-digital page word for word as without the step', { timeout: 600_000 }, async () => {
    const doc = await generateBusinessDoc({ seed: 9, kind: 'receipt', lang: 'en' });
    const [digital] = await ingestPages(doc.pdf);
    const [scan] = await scanPages(doc.pdf, { ...randomScanOptions(9), kind: 'flatbed' }, 9);
    for (const page of [scan, digital]) {
      const [withStep, without] = await Promise.all([reader.ocrWords(pageImage(page), 'fast'), plainReader.ocrWords(pageImage(page), 'fast')]);
      expect(withStep.length).toBeGreaterThan(20);
      expect(withStep).toEqual(without);
    }
  });
});
