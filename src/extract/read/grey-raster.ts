import { setImmediate } from 'node:timers/promises';
import { GREY_LEVELS, WHITE } from '../units.js';

/** An 8-bit single-channel image, row-major (0 = black, 255 = white). */
export interface GreyRaster {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Netpbm P5 bytes of a raster: tesseract's image reader (Leptonica) reads it
 * without any decompression, where a PNG would be zlib-encoded here and
 * decoded again inside the WASM engine.
 */
export function toPgm(r: GreyRaster): Buffer {
  const header = Buffer.from(`P5\n${r.width} ${r.height}\n255\n`, 'latin1');
  return Buffer.concat([header, r.data]);
}

/** Rows [y0, y1) of a raster with `pad` white rows added above and below. */
export function cropRows(r: GreyRaster, y0: number, y1: number, pad = 0): GreyRaster {
  const rows = y1 - y0;
  const height = rows + pad + pad;
  const data = new Uint8Array(height * r.width).fill(WHITE);
  data.set(r.data.subarray(y0 * r.width, y1 * r.width), pad * r.width);
  return { width: r.width, height, data };
}

/** The raster turned by 180°: reversing the pixel order is exactly that rotation. */
export function halfTurn(r: GreyRaster): GreyRaster {
  return { width: r.width, height: r.height, data: r.data.slice().reverse() };
}

/** The grey level under which more than the share `q` of `values` lie (a histogram: no sort of a whole page's pixels). */
export function greyPercentile(values: Uint8Array, q: number): number {
  const counts = new Uint32Array(GREY_LEVELS);
  for (const v of values) counts[v]++;
  let seen = 0;
  for (let v = 0; v < GREY_LEVELS; v++) {
    seen += counts[v];
    if (seen > q * values.length) return v;
  }
  return WHITE;
}

/** Ink pixels (darker than `threshold`) per row. */
export function rowInk(r: GreyRaster, threshold: number): Uint32Array {
  const ink = new Uint32Array(r.height);
  for (let y = 0; y < r.height; y++) {
    let n = 0;
    const row = y * r.width;
    for (let x = 0; x < r.width; x++) if (r.data[row + x] <= threshold) n++;
    ink[y] = n;
  }
  return ink;
}

/** The middle one of three values. */
function mid3(a: number, b: number, c: number): number {
  const least = a < b ? a : b;
  const most = a < b ? b : a;
  return c <= least ? least : c >= most ? most : c;
}

/**
 * 3×3 median, edges extended. Each column's three values are sorted once
 * per row and shared by the three windows over it; the window's median is
 * then the middle of (largest of the smallest, middle of the middles,
 * smallest of the largest). libvips' rank filter took about 0.2 s of CPU on
 * a 2000 px page. The page is filtered in strips with a turn of the event
 * loop between them (`stripRows` rows each): it runs while the Tesseract workers read the page, and a
 * band they finish must not wait a whole filter (about 0.1 s) for its next
 * band to be handed out (language-reading.ts reads the page in two steps).
 */
export async function median3(r: GreyRaster, stripRows: number): Promise<GreyRaster> {
  const out = new Uint8Array(r.width * r.height);
  for (let y = 0; y < r.height; y += stripRows) {
    if (y > 0) await setImmediate();
    medianRows(r, out, y, Math.min(r.height, y + stripRows));
  }
  return { width: r.width, height: r.height, data: out };
}

/** The 3×3 median of rows [y0, y1) into `out`. */
function medianRows(r: GreyRaster, out: Uint8Array, y0: number, y1: number): void {
  const { width: w, height: h, data } = r;
  const lo = new Uint8Array(w);
  const md = new Uint8Array(w);
  const hi = new Uint8Array(w);
  for (let y = y0; y < y1; y++) {
    const above = Math.max(0, y - 1) * w;
    const here = y * w;
    const below = Math.min(h - 1, y + 1) * w;
    for (let x = 0; x < w; x++) {
      const a = data[above + x];
      const b = data[here + x];
      const c = data[below + x];
      const least = a < b ? a : b;
      const most = a < b ? b : a;
      lo[x] = c < least ? c : least;
      hi[x] = c > most ? c : most;
      md[x] = c <= least ? least : c >= most ? most : c;
    }
    for (let x = 0; x < w; x++) {
      const l = x > 0 ? x - 1 : 0;
      const n = x < w - 1 ? x + 1 : x;
      let most = lo[l] > lo[x] ? lo[l] : lo[x];
      if (lo[n] > most) most = lo[n];
      let least = hi[l] < hi[x] ? hi[l] : hi[x];
      if (hi[n] < least) least = hi[n];
      out[here + x] = mid3(most, mid3(md[l], md[x], md[n]), least);
    }
  }
}
