import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createLayoutEngine } from '../../src/extract/layout/index.js';
import { boxMapper } from '../../src/extract/read/ocr-page.js';
import { measureLines, rotateQuarter, typicalLineHeight, type BinaryImage } from '../../src/extract/read/page-geometry.js';
import { findRasterRules } from '../../src/extract/read/raster-rules.js';
import { loadSharp } from '../../src/libvips.js';
import { modelFolder } from '../../src/extract/lang/index.js';
import { lineBand, rejoinSplitDecimals, type OcrWord } from '../../src/extract/read/tesseract-pool.js';
import { existsSync } from 'node:fs';
import { renderPdfPage } from '../fixtures/extract/scans.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

/** Text-like stripes of dashes along lines of slope tan(deg). */
/** The skew search the engine ran before it took its range and step from the page quality: ±5° in 0.5° steps. */
const SEARCH = { range: 5, step: 0.5 };

function stripes(deg: number): BinaryImage {
  const width = 400;
  const height = 300;
  const bits = new Uint8Array(width * height);
  const slope = Math.tan((deg * Math.PI) / 180);
  for (let line = 40; line < 260; line += 20) {
    for (let x = 20; x < 380; x++) {
      if (x % 9 > 6) continue;
      for (let t = 0; t < 6; t++) {
        const y = Math.round(line + x * slope + t);
        if (y >= 0 && y < height) bits[y * width + x] = 1;
      }
    }
  }
  return { width, height, bits };
}

describe('page geometry', () => {
  it('measures skew within a quarter degree', () => {
    expect(Math.abs(measureLines(stripes(2), SEARCH, DEFAULT_SETTINGS).skew - 2)).toBeLessThanOrEqual(0.25);
    expect(Math.abs(measureLines(stripes(-3.5), SEARCH, DEFAULT_SETTINGS).skew + 3.5)).toBeLessThanOrEqual(0.25);
    expect(measureLines(stripes(0), SEARCH, DEFAULT_SETTINGS).skew).toBe(0);
  });

  it('turns by quarters exactly', () => {
    const img: BinaryImage = { width: 3, height: 2, bits: Uint8Array.from([1, 0, 0, 0, 0, 0]) };
    const q1 = rotateQuarter(img, 1);
    expect([q1.width, q1.height, [...q1.bits]]).toEqual([2, 3, [0, 1, 0, 0, 0, 0]]);
    expect([...rotateQuarter(img, 2).bits]).toEqual([0, 0, 0, 0, 0, 1]);
  });

  it('maps boxes of a half-turned page back onto the stored page', () => {
    const back = boxMapper(180, 200, 100, 200, 100);
    const b = back({ x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.4 });
    expect([b.x1, b.y1, b.x2, b.y2].map((v) => Math.round(v * 1000) / 1000)).toEqual([0.7, 0.6, 0.9, 0.8]);
  });

  it('finds ruling lines in a raster', () => {
    const width = 200;
    const height = 100;
    const bits = new Uint8Array(width * height);
    for (let x = 10; x < 190; x++) bits[50 * width + x] = 1;
    for (let y = 5; y < 95; y++) bits[y * width + 100] = bits[y * width + 101] = 1;
    const rules = findRasterRules({ width, height, bits }, DEFAULT_SETTINGS).map((r) => [r.x1, r.y1, r.x2, r.y2].map((v) => Math.round(v * 1000) / 1000));
    expect(rules).toEqual([
      [0.05, 0.505, 0.95, 0.505],
      [0.505, 0.05, 0.505, 0.95],
    ]);
  });

  it('rejoins amounts whose decimal point the recognizer dropped', () => {
    const w = (text: string, x0: number, x1: number): OcrWord => ({ text, confidence: 90, x0, x1, y0: 10, y1: 30 });
    expect(rejoinSplitDecimals([w('1,393', 0, 60), w('85', 70, 90), w('12', 200, 220), w('7', 300, 310)], DEFAULT_SETTINGS).map((x) => x.text)).toEqual(['1,393.85', '12', '7']);
    expect(rejoinSplitDecimals([w('393.', 0, 50), w('85', 60, 80)], DEFAULT_SETTINGS).map((x) => x.text)).toEqual(['393.85']);
  });

  it('measures the height of text lines at the page skew', () => {
    // stripes(): lines of 6-pixel-tall dashes; turned 2°, they still measure about 6 at the found skew.
    expect(typicalLineHeight(stripes(0), 0, DEFAULT_SETTINGS)).toBe(6);
    expect(Math.abs(typicalLineHeight(stripes(2), measureLines(stripes(2), SEARCH, DEFAULT_SETTINGS).skew, DEFAULT_SETTINGS) - 6)).toBeLessThanOrEqual(1);
  });

  it('gives every word of a text line the band from its ascenders to its baseline', () => {
    const line = { baseline: { x0: 0, y0: 100, x1: 1000, y1: 110 }, rowAttributes: { rowHeight: 30, descenders: 6 } };
    expect(lineBand(line, 0)).toEqual([76, 100]);
    expect(lineBand(line, 500)).toEqual([81, 105]);
  });

  it('leaves the last groups of an IBAN apart', () => {
    const w = (text: string, x0: number, x1: number): OcrWord => ({ text, confidence: 90, x0, x1, y0: 10, y1: 30 });
    const iban = ['DE54', '8532', '9310', '0689', '9614', '23'].map((t, i) => w(t, i * 60, i * 60 + 50));
    expect(rejoinSplitDecimals(iban, DEFAULT_SETTINGS).map((x) => x.text)).toEqual(['DE54', '8532', '9310', '0689', '9614', '23']);
  });
});

describe('OCR language data', () => {
  it('comes from the installed npm package as a local path, so tesseract.js reads it from disk and never fetches', () => {
    const dir = modelFolder('eng');
    expect(dir).toMatch(/node_modules\/@tesseract\.js-data\/eng\/4\.0\.0_best_int$/);
    expect(/^[a-z]+:\/\//i.test(dir)).toBe(false);
    expect(existsSync(`${dir}/eng.traineddata.gz`)).toBe(true);
  });
});

describe('OCR threads', () => {
  it('gives libvips as many threads as the engine has OCR threads, never fewer than it had', async () => {
    const before = sharp.concurrency();
    try {
      sharp.concurrency(1);
      const one = createLayoutEngine({ ocrThreads: 1 });
      // libvips loads with the first page whose pixels are read (src/libvips.ts)
      expect((await loadSharp()).concurrency()).toBe(1);
      const two = createLayoutEngine({ ocrThreads: 2 });
      expect(sharp.concurrency()).toBe(2);
      const again = createLayoutEngine({ ocrThreads: 1 });
      expect(sharp.concurrency()).toBe(2);
      await Promise.all([one, two, again].map((e) => e.close?.()));
    } finally {
      sharp.concurrency(before);
    }
  });
});

describe('OCR pages', () => {
  const engine = createLayoutEngine({ ocrThreads: 1 });
  afterAll(() => engine.close?.());

  /** A small three-column table rendered at 200 dpi, turned clockwise by `degrees` and saved as JPEG. */
  async function scannedTable(degrees: number): Promise<Buffer> {
    const doc = new PDFDocument({ size: [320, 200], margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
    doc.font('Helvetica-Bold').fontSize(11);
    [['Item', 20], ['Qty', 170], ['Amount', 240]].forEach(([t, x]) => doc.text(String(t), Number(x), 40, { lineBreak: false }));
    doc.font('Helvetica').fontSize(11);
    [['Coffee beans', '12', '48.00'], ['Green tea', '3', '9.75'], ['Paper cups', '100', '15.20']].forEach((row, i) => {
      doc.text(row[0], 20, 70 + i * 25, { lineBreak: false });
      doc.text(row[1], 170, 70 + i * 25, { lineBreak: false });
      doc.text(row[2], 240, 70 + i * 25, { lineBreak: false });
    });
    doc.end();
    const png = await renderPdfPage(await done, 200);
    return sharp(png).rotate(degrees).jpeg({ quality: 80 }).toBuffer();
  }

  const fields = ['Item', 'Qty', 'Amount'].map((name) => ({ name, formatRequirement: '' }));
  const table = [
    ['Coffee beans', '12', '48.00'],
    ['Green tea', '3', '9.75'],
    ['Paper cups', '100', '15.20'],
  ];

  it('reads a scanned, sideways table with the engine', { timeout: 180_000 }, async () => {
    const result = await engine.extract({ image: await scannedTable(90), textLayer: null }, { fields, globalFormatRequirement: '', quality: 'fast' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows.map((r) => Object.values(r).map((c) => ('value' in c ? c.value : null)))).toEqual(table);
  });

  it('reads a scanned, upside-down table with the engine', { timeout: 180_000 }, async () => {
    const result = await engine.extract({ image: await scannedTable(180), textLayer: null }, { fields, globalFormatRequirement: '', quality: 'fast' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows.map((r) => Object.values(r).map((c) => ('value' in c ? c.value : null)))).toEqual(table);
    // Boxes refer to the stored (upside-down) image: the first row sits in its lower part.
    const box = result.rows[0].Item.box;
    expect(box && box.y1).toBeGreaterThan(0.5);
  });
});
