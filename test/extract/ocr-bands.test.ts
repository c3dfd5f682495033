import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { offsetWords, recognizeInBands, splitIntoBands } from '../../src/extract/read/bands.js';
import { halfTurn, type GreyRaster } from '../../src/extract/read/grey-raster.js';
import { pickUpright, probeCrop } from '../../src/extract/read/ocr-page.js';
import { majority3 } from '../../src/extract/read/page-geometry.js';
import { TesseractPool } from '../../src/extract/read/tesseract-pool.js';
import { renderPdfPage } from '../fixtures/extract/scans.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

/** A row-ink profile: `lines` as [first row, one past last row, ink per row], zero elsewhere. */
function profile(height: number, lines: Array<[number, number, number]>, specks: Array<[number, number]> = []): number[] {
  const ink = new Array<number>(height).fill(0);
  for (const [y0, y1, n] of lines) for (let y = y0; y < y1; y++) ink[y] = n;
  for (const [y, n] of specks) ink[y] = n;
  return ink;
}

describe('band splitting', () => {
  it('cuts in the emptiest row of the gap that halves the ink', () => {
    const ink = profile(100, [[10, 20, 100], [30, 40, 100], [50, 60, 100], [70, 80, 100]]);
    expect(splitIntoBands(ink, 2, 2)).toEqual([{ y0: 0, y1: 44 }, { y0: 44, y1: 100 }]);
    // A heavy first line (a bold title) moves the cut up: each band gets about half the text.
    const heavy = profile(100, [[10, 20, 400], [30, 40, 100], [50, 60, 100], [70, 80, 100]]);
    expect(splitIntoBands(heavy, 2, 2)).toEqual([{ y0: 0, y1: 24 }, { y0: 24, y1: 100 }]);
  });

  it('never cuts through a line: specks below the noise floor stay out of the cut row', () => {
    const ink = profile(100, [[10, 20, 100], [30, 40, 100], [50, 60, 100], [70, 80, 100]], [[44, 1], [45, 2]]);
    const bands = splitIntoBands(ink, 2, 2);
    expect(bands).toEqual([{ y0: 0, y1: 43 }, { y0: 43, y1: 100 }]);
    expect(ink[bands[0].y1]).toBe(0);
  });

  it('splits into three bands in order, and keeps a page without gaps whole', () => {
    const ink = profile(120, [[10, 20, 100], [30, 40, 100], [50, 60, 100], [70, 80, 100], [90, 100, 100], [105, 115, 100]]);
    const bands = splitIntoBands(ink, 3, 2);
    expect(bands).toEqual([{ y0: 0, y1: 44 }, { y0: 44, y1: 84 }, { y0: 84, y1: 120 }]);
    for (const b of bands.slice(1)) expect(ink[b.y0]).toBe(0);
    expect(splitIntoBands(profile(50, [[0, 50, 10]]), 2, 2)).toEqual([{ y0: 0, y1: 50 }]);
    expect(splitIntoBands(ink, 1, 2)).toEqual([{ y0: 0, y1: 120 }]);
  });

  it('moves band words into page coordinates', () => {
    expect(offsetWords([{ text: 'Total', confidence: 90, x0: 5, y0: 3, x1: 40, y1: 15 }], 288)).toEqual([
      { text: 'Total', confidence: 90, x0: 5, y0: 291, x1: 40, y1: 303 },
    ]);
  });

  it('removes grain specks and keeps strokes (3×3 majority)', () => {
    const w = 6;
    const bits = new Uint8Array(w * 5);
    bits[1 * w + 1] = 1; // a lone speck
    for (let y = 1; y < 4; y++) for (let x = 3; x < 6; x++) bits[y * w + x] = 1; // a 3×3 blob at the edge
    expect([...majority3({ width: w, height: 5, bits }).bits]).toEqual([
      0, 0, 0, 0, 0, 0,
      0, 0, 0, 0, 1, 0,
      0, 0, 0, 1, 1, 1,
      0, 0, 0, 0, 1, 0,
      0, 0, 0, 0, 0, 0,
    ]);
  });
});

/** A text page rendered at 200 dpi as a grey raster. */
async function textPage(): Promise<GreyRaster> {
  const doc = new PDFDocument({ size: [420, 300], margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica').fontSize(12);
  // Table cells stand well apart, as in a table: whether two close words are one is the recognizer's call either way.
  [['Quarterly supply report'], ['Coffee beans', '12', '48.00'], ['Green tea', '3', '9.75'], ['Paper cups', '100', '15.20'], ['Oat milk', '24', '31.90'], ['Delivered to the warehouse']].forEach((cells, i) => {
    cells.forEach((t, k) => doc.text(t, [30, 220, 320][k], 30 + i * 40, { lineBreak: false }));
  });
  doc.end();
  const png = await renderPdfPage(await done, 200);
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

describe('OCR in bands', () => {
  const one = new TesseractPool(1, DEFAULT_SETTINGS);
  const two = new TesseractPool(2, DEFAULT_SETTINGS);
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  it('reads the same words at the same places whole and in two concurrent bands', { timeout: 120_000 }, async () => {
    const page = await textPage();
    const whole = await recognizeInBands(one, page, 200, DEFAULT_SETTINGS);
    const banded = await recognizeInBands(two, page, 200, DEFAULT_SETTINGS);
    expect(banded.map((w) => w.text)).toEqual(whole.map((w) => w.text));
    expect(whole.map((w) => w.text).join(' ')).toBe('Quarterly supply report Coffee beans 12 48.00 Green tea 3 9.75 Paper cups 100 15.20 Oat milk 24 31.90 Delivered to the warehouse');
    banded.forEach((w, i) => {
      const v = whole[i];
      expect(Math.max(Math.abs(w.x0 - v.x0), Math.abs(w.y0 - v.y0), Math.abs(w.x1 - v.x1), Math.abs(w.y1 - v.y1))).toBeLessThanOrEqual(2);
    });
  });

  it('tells upright from upside down on a sample of the first lines', { timeout: 120_000 }, async () => {
    const page = await textPage();
    const sample = probeCrop(page, 200, DEFAULT_SETTINGS);
    // Four text lines of the six, the last ending above the fifth.
    expect(sample.height).toBeLessThan(page.height / 2);
    expect(await pickUpright([page], two, 200, DEFAULT_SETTINGS)).toEqual({ index: 0, halfTurn: false });
    expect(await pickUpright([halfTurn(page)], two, 200, DEFAULT_SETTINGS)).toEqual({ index: 0, halfTurn: true });
  });
});
