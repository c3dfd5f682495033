import { afterAll, describe, expect, it } from 'vitest';
import { generateBusinessDoc, KINDS, LANGS } from '../../bench/lib/business/index.js';
import { mix } from '../../bench/lib/business/random.js';
import { randomScanOptions, scanPages } from '../../bench/lib/business/scan.js';
import { createPageReader } from '../../src/extract/read/page-reader.js';

/**
 * A phone photo of an invoice's second page (the business bench's tuning invoice fr, seed 3): a sparse table of
 * descriptions and figures under a diagonal shadow, on a wooden table. The direction measure takes the table's
 * columns for its lines, surely; read so, as one block, the page reads as noise, and read by its columns, tesseract
 * reads it as vertical text at 93, every word boxed on end.
 */
describe('a photographed page read on its side', () => {
  const reader = createPageReader();
  afterAll(() => reader.close());

  it('is sampled on its other axis when it reads poorly, and read along its lines', { timeout: 600_000 }, async () => {
    const doc = await generateBusinessDoc({ seed: 3, kind: 'invoice', lang: 'fr' });
    const scanSeed = mix(doc.seed, KINDS.indexOf(doc.kind) * 16 + LANGS.indexOf(doc.lang) + 0x5ca7);
    const options = randomScanOptions(scanSeed);
    expect(options.kind).toBe('phone');
    const pages = await scanPages(doc.pdf, options, scanSeed);
    const { content } = await reader.read(pages[1], 'fast');
    // Words of four letters or more boxed wider than tall (in the page's own units): the lines run across.
    const long = content.words.filter((w) => w.text.length >= 4);
    const across = long.filter((w) => (w.box.x2 - w.box.x1) * content.aspect > w.box.y2 - w.box.y1);
    expect(long.length).toBeGreaterThan(100);
    expect(across.length).toBeGreaterThan(0.9 * long.length);
    expect(content.words.some((w) => w.text === 'Prestation')).toBe(true);
  });
});
