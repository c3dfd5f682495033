import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { applyContentCrop, findContentCrop, pageBoxOfCrop } from '../../src/extract/read/content-crop.js';
import type { GreyRaster } from '../../src/extract/read/grey-raster.js';
import { ocrPage } from '../../src/extract/read/ocr-page.js';
import { TesseractPool } from '../../src/extract/read/tesseract-pool.js';
import { rng } from '../helpers/rng.js';
import { renderPdfPage, tillReceiptPdf } from '../fixtures/extract/scans.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

const at = (r: GreyRaster, x: number, y: number) => r.data[y * r.width + x];

/** Lines of "words" (dark blocks with gaps, like glyphs at 1/3 scale) from (x, y), `lines` lines `pitch` apart. */
function printLines(r: GreyRaster, x0: number, y0: number, width: number, lines: number, pitch: number): void {
  for (let l = 0; l < lines; l++) {
    for (let y = y0 + l * pitch; y < y0 + l * pitch + 8; y++) for (let x = x0; x < x0 + width; x++) if (x % 6 < 3 && (x - x0) % 60 < 48) r.data[y * r.width + x] = 40;
  }
}

/**
 * An A4 flatbed scan in miniature (800×1130): cardboard (165, with grain)
 * under a receipt (paper 225) with print on it, the scanner lid's dark strip
 * along the left edge, and the lid's thin shadow line along the bottom.
 */
function lidScan(): GreyRaster {
  const width = 800;
  const height = 1130;
  const r = rng(5);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const receipt = x >= 480 && x < 700 && y >= 60 && y < 760;
      data[y * width + x] = x < 40 ? 35 : receipt ? 225 : 160 + Math.round(r() * 10);
    }
  }
  for (let x = 0; x < width; x++) for (let y = 1110; y < 1112; y++) data[y * width + x] = 60;
  const scan = { width, height, data };
  printLines(scan, 500, 90, 180, 30, 22);
  return scan;
}

describe('content crop', () => {
  it('finds a receipt on a large scan and leaves out the lid, its shadow and the cardboard', () => {
    const scan = lidScan();
    const crop = findContentCrop(scan, DEFAULT_SETTINGS);
    expect(crop).toBeDefined();
    const { x1, y1, x2, y2 } = crop!.box;
    // All the print (x 500–680, y 90–736) is inside, the lid strip (x < 40) and the shadow line (y 1110) are not.
    expect([x1 * 800, y1 * 1130]).toEqual([expect.any(Number), expect.any(Number)]);
    expect(x1 * 800).toBeGreaterThan(440);
    expect(x1 * 800).toBeLessThanOrEqual(500);
    expect(x2 * 800).toBeGreaterThanOrEqual(680);
    expect(y1 * 1130).toBeLessThanOrEqual(90);
    expect(y2 * 1130).toBeGreaterThanOrEqual(736);
    expect(y2 * 1130).toBeLessThan(1100);

    const cut = applyContentCrop(scan, crop!);
    const ox = Math.floor(x1 * 800);
    const oy = Math.floor(y1 * 1130);
    expect([cut.width, cut.height]).toEqual([Math.ceil(x2 * 800) - ox, Math.ceil(y2 * 1130) - oy]);
    // Print and the paper beside it come through as scanned; cardboard left in the box is painted white.
    expect(at(cut, 500 - ox, 90 - oy)).toBe(40);
    expect(at(cut, 690 - ox, 400 - oy)).toBe(225);
    if (ox < 470) expect(at(cut, 0, 400 - oy)).toBe(255);
  });

  it('maps a box of the crop back onto the page', () => {
    const crop = findContentCrop(lidScan(), DEFAULT_SETTINGS)!;
    const { x1, y1, x2, y2 } = crop.box;
    expect(pageBoxOfCrop(crop, { x1: 0, y1: 0, x2: 1, y2: 1 })).toEqual({ x1, y1, x2, y2 });
    const mid = pageBoxOfCrop(crop, { x1: 0.5, y1: 0.5, x2: 0.5, y2: 0.5 });
    expect(mid.x1).toBeCloseTo((x1 + x2) / 2, 9);
    expect(mid.y1).toBeCloseTo((y1 + y2) / 2, 9);
  });

  it('leaves a page its content fills alone', () => {
    const page = { width: 800, height: 1130, data: new Uint8Array(800 * 1130).fill(235) };
    printLines(page, 60, 60, 680, 45, 22);
    expect(findContentCrop(page, DEFAULT_SETTINGS)).toBeUndefined();
  });

  it('keeps print on the dim half of a badly lit receipt photo', () => {
    // Paper from 225 at the top to 150 at the bottom edge, printed all the way down: no surface, so nothing to cut away.
    const width = 600;
    const height = 900;
    const data = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) data.fill(Math.round(225 - (75 * y) / height), y * width, (y + 1) * width);
    const photo = { width, height, data };
    printLines(photo, 150, 40, 300, 38, 22);
    const crop = findContentCrop(photo, DEFAULT_SETTINGS);
    if (crop) expect(crop.box.y2 * height).toBeGreaterThanOrEqual(40 + 37 * 22 + 8);
  });
});

describe('a small receipt on an A4 flatbed scan', () => {
  const pool = new TesseractPool(2, DEFAULT_SETTINGS);
  afterAll(() => pool.close());

  it('is read alone, and its words land where it lies on the page', { timeout: 180_000 }, async () => {
    // The receipt at 300 dpi on an A4 sheet of cardboard (2480×3508), the lid's dark strip along the left edge.
    const printed = await renderPdfPage(await tillReceiptPdf(), 300);
    const meta = await sharp(printed).metadata();
    const [left, top] = [1500, 300];
    const lid = await sharp({ create: { width: 120, height: 3508, channels: 3, background: '#232323' } }).png().toBuffer();
    const scan = await sharp({ create: { width: 2480, height: 3508, channels: 3, background: '#a5a29c' } })
      .composite([{ input: lid, left: 0, top: 0 }, { input: printed, left, top }])
      .jpeg({ quality: 85 })
      .toBuffer();

    const page = await ocrPage(scan, 'fast', pool, DEFAULT_SETTINGS);

    const text = page.words.map((w) => w.text).join(' ');
    expect(text).toMatch(/GROCERY/);
    expect(text).toMatch(/15\.65/);
    // The frame read is the receipt's print with a margin, not the sheet around it.
    const frame = page.toPageBox({ x1: 0, y1: 0, x2: 1, y2: 1 });
    expect(frame.x1 * 2480).toBeGreaterThan(left - 100);
    expect(frame.x2 * 2480).toBeLessThan(left + meta.width! + 100);
    expect(frame.y1 * 3508).toBeGreaterThan(top - 100);
    expect(frame.y2 * 3508).toBeLessThan(top + meta.height! + 100);
    const total = page.words.find((w) => w.text === '15.65')!;
    const box = page.toPageBox(total.box);
    // On the stored page: inside the receipt.
    expect(box.x1 * 2480).toBeGreaterThan(left);
    expect(box.x2 * 2480).toBeLessThan(left + meta.width!);
    expect(box.y1 * 3508).toBeGreaterThan(top);
    expect(box.y2 * 3508).toBeLessThan(top + meta.height!);
  });
});
