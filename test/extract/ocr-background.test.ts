import { describe, expect, it } from 'vitest';
import type { GreyRaster } from '../../src/extract/read/grey-raster.js';
import { evenLight, whitenBackground } from '../../src/extract/read/page-background.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

/**
 * A phone photo in miniature: a dark desk (100, lighter to the right) around
 * a sheet of paper (230) with a line of ink (20) on it.
 */
function photo(): GreyRaster {
  const width = 200;
  const height = 160;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const paper = x >= 30 && x < 170 && y >= 20 && y < 140;
      const ink = y >= 60 && y < 66 && x >= 50 && x < 150 && x % 7 < 4;
      data[y * width + x] = ink ? 20 : paper ? 230 : 90 + Math.round(x / 10);
    }
  }
  return { width, height, data };
}

const at = (r: GreyRaster, x: number, y: number) => r.data[y * r.width + x];

describe('page background', () => {
  it('whitens the surface around the paper and leaves the ink on it', () => {
    const out = whitenBackground(photo(), DEFAULT_SETTINGS);
    expect([at(out, 2, 2), at(out, 197, 80), at(out, 100, 157)]).toEqual([255, 255, 255]);
    expect(at(out, 50, 62)).toBe(20);
    expect(at(out, 100, 100)).toBe(230);
  });

  it('leaves a page without a dark frame as it is', () => {
    const page = photo();
    page.data.fill(240);
    // A dark banner along the top edge is part of the page, not a frame.
    page.data.fill(30, 0, 200 * 20);
    expect(whitenBackground(page, DEFAULT_SETTINGS)).toBe(page);
  });

  it('evens out light falling off across the paper', () => {
    const width = 256;
    const height = 256;
    const data = new Uint8Array(width * height);
    // Paper from 250 on the left to 160 on the right, a dark dot (ink at 40% of the paper's light) in each half.
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = Math.round(250 - (90 * x) / width);
    for (const cx of [40, 216]) for (let y = 120; y < 124; y++) for (let x = cx; x < cx + 4; x++) data[y * width + x] = Math.round(data[y * width + x] * 0.4);
    const out = evenLight({ width, height, data }, DEFAULT_SETTINGS);
    // Paper comes out near white on both sides (the right edge was 164; a fall this steep leaves a little), ink equally dark on both.
    expect(at(out, 10, 10)).toBeGreaterThan(240);
    expect(at(out, 245, 10)).toBeGreaterThan(225);
    expect(Math.abs(at(out, 41, 121) - at(out, 217, 121))).toBeLessThan(15);
    expect(at(out, 217, 121)).toBeLessThan(120);
  });
});
