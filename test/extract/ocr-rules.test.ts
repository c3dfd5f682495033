import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findPageRules } from '../../src/extract/read/ocr-page.js';
import { median3, type GreyRaster } from '../../src/extract/read/grey-raster.js';
import { rng } from '../helpers/rng.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

/**
 * A 300 dpi Letter page: blocks of text-like ink, and one thin grey table rule
 * (4 px, grey 120) across it at y = 1500, all under scan grain.
 */
function ruledScan(): GreyRaster {
  const [width, height] = [2550, 3300];
  const data = new Uint8Array(width * height).fill(255);
  for (let by = 400; by < 3000; by += 90) {
    if (Math.abs(by - 1500) <= 60) continue;
    for (let bx = 200; bx < 2300; bx += 60) {
      for (let y = by; y < by + 30; y++) for (let x = bx; x < bx + 22; x++) if ((x + y) % 5) data[y * width + x] = 30;
    }
  }
  for (let y = 1500; y < 1504; y++) data.fill(120, y * width + 200, y * width + 2350);
  const r = rng(5);
  for (let i = 0; i < data.length; i++) {
    const g = Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r());
    data[i] = Math.max(0, Math.min(255, data[i] + g * 12));
  }
  return { width, height, data };
}

describe('ruling lines of a scanned page', () => {
  it('keeps a thin rule on a 300 dpi scan whole, where a copy reduced to 1400 px breaks it into pieces', { timeout: 30_000 }, async () => {
    const page = ruledScan();
    const across = (rules: Awaited<ReturnType<typeof findPageRules>>) => rules.filter((r) => r.y1 === r.y2 && Math.abs(r.y1 - 1502 / 3300) < 0.002);
    const whole = across(await findPageRules(page, DEFAULT_SETTINGS.read.scale.rulesLongSide, DEFAULT_SETTINGS));
    expect(whole).toHaveLength(1);
    expect(whole[0].x1).toBeCloseTo(200 / 2550, 2);
    expect(whole[0].x2).toBeCloseTo(2350 / 2550, 2);
    expect(across(await findPageRules(page, 1400, DEFAULT_SETTINGS))).toHaveLength(3);
  });
});

describe('3×3 median of a grey raster', () => {
  /** The median of each pixel's 3×3 window, edges extended, by sorting the nine values. */
  function sortedMedian(r: GreyRaster): number[] {
    const at = (x: number, y: number) => r.data[Math.min(r.height - 1, Math.max(0, y)) * r.width + Math.min(r.width - 1, Math.max(0, x))];
    return Array.from({ length: r.width * r.height }, (_, i) => {
      const [x, y] = [i % r.width, Math.floor(i / r.width)];
      const window = [-1, 0, 1].flatMap((dy) => [-1, 0, 1].map((dx) => at(x + dx, y + dy)));
      return window.sort((a, b) => a - b)[4];
    });
  }

  it('equals sorting each window, on any raster (tall ones filtered in several strips)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 400 }), fc.infiniteStream(fc.integer({ min: 0, max: 255 })), async (width, height, values) => {
        const data = Uint8Array.from(values.take(width * height));
        const raster = { width, height, data };
        expect(Array.from((await median3(raster, DEFAULT_SETTINGS.read.ink.medianStripRows)).data)).toEqual(sortedMedian(raster));
      }),
    );
  });
});
