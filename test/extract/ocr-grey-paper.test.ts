import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { GreyRaster } from '../../src/extract/read/grey-raster.js';
import { isGreyPaper } from '../../src/extract/read/page-background.js';
import { ocrPage } from '../../src/extract/read/ocr-page.js';
import { TesseractPool } from '../../src/extract/read/tesseract-pool.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';
import { renderPdfPage, tillReceiptPdf } from '../fixtures/extract/scans.js';

/** A page of one grey with a dark line across it. */
function page(paper: number): GreyRaster {
  const data = new Uint8Array(300 * 200).fill(paper);
  data.fill(30, 100 * 300, 104 * 300);
  return { width: 300, height: 200, data };
}

describe('grey paper', () => {
  it('tells a thermal receipt scanned dark from white and cream paper', () => {
    expect(isGreyPaper(page(140), DEFAULT_SETTINGS)).toBe(true);
    expect(isGreyPaper(page(235), DEFAULT_SETTINGS)).toBe(false);
    expect(isGreyPaper(page(255), DEFAULT_SETTINGS)).toBe(false);
  });

  const pool = new TesseractPool(2, DEFAULT_SETTINGS);
  afterAll(() => pool.close());

  it('reads a receipt scanned on dark grey paper', { timeout: 180_000 }, async () => {
    // Print at grey 60 on paper at 135, as a SROIE receipt scanned dark: read as it was, tesseract found no word on it.
    const printed = await renderPdfPage(await tillReceiptPdf(), 200);
    const scan = await sharp(printed).greyscale().linear(75 / 255, 60).jpeg({ quality: 85 }).toBuffer();

    const read = await ocrPage(scan, 'fast', pool, DEFAULT_SETTINGS);

    const text = read.words.map((w) => w.text).join(' ');
    expect(read.words.length).toBeGreaterThan(20);
    expect(text).toMatch(/GROCERY/);
    expect(text).toMatch(/CHANGE 4\.35/);
  });
});
