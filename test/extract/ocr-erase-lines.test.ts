import { describe, expect, it } from 'vitest';
import { eraseRulingLines } from '../../src/extract/read/erase-lines.js';
import { otsuThreshold } from '../../src/extract/read/page-geometry.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

/** Otsu's threshold by its definition: the grey level that maximizes the between-class variance, the lowest among equals. */
function otsuByDefinition(grey: Uint8Array): number {
  let best = -1;
  let threshold = 128;
  for (let t = 0; t < 255; t++) {
    const dark = grey.filter((v) => v <= t);
    const light = grey.filter((v) => v > t);
    if (dark.length === 0) continue;
    if (light.length === 0) break;
    const mean = (a: Uint8Array) => a.reduce((s, v) => s + v, 0) / a.length;
    const between = dark.length * light.length * (mean(dark) - mean(light)) ** 2;
    if (between > best * (1 + 1e-12)) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

describe('otsuThreshold', () => {
  it('agrees with the definition on images of every length modulo four', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (const length of [1, 2, 3, 5, 6, 7, 401, 1002, 4003]) {
      // Ink around 40, paper around 210, as on a scan.
      const grey = Uint8Array.from({ length }, () => (next() % 5 === 0 ? 30 + (next() % 30) : 190 + (next() % 40)));
      expect(otsuThreshold(grey), `length ${length}`).toBe(otsuByDefinition(grey));
    }
  });
});

describe('eraseRulingLines', () => {
  const width = 300;
  const height = 200;
  const at = (g: Uint8Array, x: number, y: number) => g[y * width + x];

  /** White page: a rule across the whole width (rows 50–51) with grey anti-aliased rows above and below, a column rule, and letter strokes. */
  function page(): Uint8Array {
    const g = new Uint8Array(width * height).fill(255);
    const set = (x: number, y: number, v: number) => (g[y * width + x] = v);
    for (let x = 0; x < width; x++) {
      set(x, 49, 200);
      set(x, 50, 0);
      set(x, 51, 0);
      set(x, 52, 200);
    }
    for (let y = 80; y < 190; y++) set(150, y, 0);
    // Letters: solid 6×12 blocks whose strokes set the page's typical run lengths, clear of the rules.
    for (let i = 0; i < 28; i++) for (let y = 60; y < 72; y++) for (let x = 0; x < 6; x++) set(20 + i * 10 + x, y, 10);
    return g;
  }

  it('whitens a rule two rows thick across the whole width, a column rule and their anti-aliased edges; keeps text and pixels two away', () => {
    const g = page();
    g[48 * width + 299] = 100;
    g[53 * width + 0] = 100;
    eraseRulingLines(g, width, height, DEFAULT_SETTINGS);
    for (const x of [0, 1, 150, 298, 299]) expect([at(g, x, 49), at(g, x, 50), at(g, x, 51), at(g, x, 52)], `x ${x}`).toEqual([255, 255, 255, 255]);
    expect([at(g, 149, 100), at(g, 150, 100), at(g, 151, 100)]).toEqual([255, 255, 255]);
    // Two rows from the rule: no edge of it.
    expect([at(g, 299, 48), at(g, 0, 53)]).toEqual([100, 100]);
    expect(at(g, 20, 65)).toBe(10);
    expect(at(g, 140, 65)).toBe(10);
  });
});
