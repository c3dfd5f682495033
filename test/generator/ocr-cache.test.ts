import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedReadingEngine } from '../../bench/lib/ocr-cache.js';
import type { Engine, EnginePage, ExtractRequest, ExtractResult } from '../../src/extract/types.js';

/** A small receipt as an image: its total is read by OCR the first time, from the saved words after. */
async function receiptImage(): Promise<Uint8Array> {
  const lines = ['CORNER SHOP', 'Bread 2.50', 'Milk 1.20', 'TOTAL 3.70'];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="${60 + lines.length * 50}"><rect width="100%" height="100%" fill="#fff"/>` +
    lines.map((t, i) => `<text x="40" y="${60 + i * 50}" font-family="DejaVu Sans, sans-serif" font-size="30">${t}</text>`).join('') +
    '</svg>';
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** Stands in for the engine on pages the cache does not read: says so in its answer. */
const fallback: Engine = {
  name: 'fallback',
  async extract(_page: EnginePage, request: ExtractRequest): Promise<ExtractResult> {
    return { ok: true, fields: request.fields.map((f) => f.name), rows: [{ total: { value: 'from the fallback', box: null } }] };
  },
};

const ask: ExtractRequest = { fields: [{ name: 'total', formatRequirement: '' }], globalFormatRequirement: '', quality: 'fast' };
const total = (r: ExtractResult) => (r.ok && r.rows[0]?.total && 'value' in r.rows[0].total ? r.rows[0].total.value : null);

describe('bench OCR cache (--ocr-cache)', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('reads a scan once, answers the same from the saved words after, in another engine too', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ocr-cache-'));
    dirs.push(dir);
    const page: EnginePage = { image: await receiptImage(), textLayer: null };
    const first = await cachedReadingEngine(dir, fallback);
    const read = await first.extract(page, ask);
    await first.close?.();
    expect(first.counts).toEqual({ hits: 0, misses: 1 });
    expect(total(read)).toBe('3.70');

    // A new engine (a later bench run) finds the words on disk and never starts OCR.
    const again = await cachedReadingEngine(dir, fallback);
    const replayed = await again.extract(page, ask);
    expect(again.counts).toEqual({ hits: 1, misses: 0 });
    expect(replayed).toEqual(read);
    // Another quality is another reading.
    await again.extract(page, { ...ask, quality: 'high' });
    expect(again.counts).toEqual({ hits: 1, misses: 1 });
    await again.close?.();
    const [folder] = await readdir(dir);
    expect(await readdir(join(dir, folder))).toHaveLength(2);
  }, 120_000);

  it('leaves a page with a usable text layer to the engine it was given', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ocr-cache-'));
    dirs.push(dir);
    const words = 'TOTAL 3.70 paid by card at the corner shop today thank you'.split(' ').map((text, i) => ({ text, box: { x1: i * 0.08, y1: 0.1, x2: i * 0.08 + 0.07, y2: 0.12 } }));
    const page: EnginePage = { image: await receiptImage(), textLayer: { words, rules: [], images: [] } };
    const engine = await cachedReadingEngine(dir, fallback);
    expect(total(await engine.extract(page, ask))).toBe('from the fallback');
    expect(engine.counts).toEqual({ hits: 0, misses: 0 });
  });
});
