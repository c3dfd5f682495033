import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { scanImage } from '../../bench/lib/business/scan.js';
import { ocrPage } from '../../src/extract/read/ocr-page.js';
import { TesseractPool, type OcrWord } from '../../src/extract/read/tesseract-pool.js';
import type { GreyRaster } from '../../src/extract/read/grey-raster.js';
import { renderPdfPage } from '../fixtures/extract/scans.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

/** A narrow till receipt with an upside-down stamp above its text, as stamped receipts are often filed. */
function stampedReceipt(): Promise<Buffer> {
  const doc = new PDFDocument({ size: [227, 600], margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.save().rotate(180, { origin: [113, 60] }).font('Helvetica-Bold').fontSize(20).text('POSTED 12 MAY', 30, 50).fontSize(12).text('PAID IN FULL', 40, 75).restore();
  doc.font('Courier').fontSize(7.5);
  const lines = [
    'CORNER GROCERY LTD', '12 HIGH STREET', 'SPRINGFIELD 4021', 'TAX INVOICE 18039/103', '', 'DATE 21-05-17  TIME 04:56PM',
    '--------------------------------', 'MILK 1L                 2.40', 'BREAD WHOLEMEAL         3.10', 'EGGS FREE RANGE 12      5.95',
    'APPLES 1KG              4.20', 'COFFEE BEANS 500G      11.80', 'BUTTER UNSALTED         3.75', '--------------------------------',
    'SUBTOTAL               31.20', 'TAX 6%                  1.87', 'TOTAL                  33.07', 'CASH                   40.00',
    'CHANGE                  6.93', '', 'THANK YOU PLEASE COME AGAIN',
  ];
  lines.forEach((l, i) => doc.text(l, 14, 140 + i * 12, { lineBreak: false }));
  doc.end();
  return done;
}

/** The real pool, counting the images it was asked to read. */
class CountingPool extends TesseractPool {
  readings = 0;
  override recognize(image: GreyRaster, dpi: number, model = 'eng'): Promise<OcrWord[]> {
    this.readings++;
    return super.recognize(image, dpi, model);
  }
}

describe('orientation of a poorly read page', () => {
  const pool = new CountingPool(2, DEFAULT_SETTINGS);
  afterAll(() => pool.close());

  it('keeps an upright receipt upright, read once, when it reads poorly but far better than a page upside down', async () => {
    // The stamp on top reads better turned over, so a sample of the top lines would take the page for upside down.
    const raster = await renderPdfPage(await stampedReceipt(), 200);
    const scan = await scanImage(raster, { kind: 'flatbed', dpi: 120, rotate: 0, blur: 1, noise: 15, jpegQuality: 55, light: 0.9, keystone: 0, shadow: 0 }, 3);
    const page = await ocrPage(scan, 'fast', pool, DEFAULT_SETTINGS);
    expect(page.orientation).toBe(0);
    expect(page.confidence).toBeLessThan(DEFAULT_SETTINGS.read.orientation.confidentReading);
    expect(page.confidence).toBeGreaterThanOrEqual(DEFAULT_SETTINGS.read.orientation.upsideDownBelow);
    const text = page.words.map((w) => w.text).join(' ');
    expect(text).toMatch(/GROCERY/);
    expect(text).toMatch(/STREET/);
    // Read once: its top part and the rest, each in two bands on the two workers; no sample of its top lines
    // read both ways, no reading of the page turned.
    expect(pool.readings).toBe(4);
  }, 120_000);
});
