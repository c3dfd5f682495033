/**
 * The projective map (homography) between the unit square and a
 * quadrilateral, and a grey raster warped by it: a photographed page is a
 * quadrilateral in the photo, and its rectangle is read upright
 * (page-quad.ts). Written here rather than taken from npm: the one package
 * for it (perspective-transform, MIT) computes the coefficients only and has
 * not been released since 2016; the warp, the part that costs, was ours to
 * write either way.
 */
import type { GreyRaster } from './grey-raster.js';

export interface Point {
  x: number;
  y: number;
}

/** Corners in order: top left, top right, bottom right, bottom left. */
export type Quad = readonly [Point, Point, Point, Point];

/** x' = (a·u + b·v + c) / (g·u + h·v + 1), y' = (d·u + e·v + f) / (g·u + h·v + 1). */
export interface Homography {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
  g: number;
  h: number;
  i: number;
}

/** The map taking (0,0), (1,0), (1,1), (0,1) to the quad's corners (Heckbert's square-to-quad). */
export function squareToQuad([p0, p1, p2, p3]: Quad): Homography {
  const [dx1, dy1] = [p1.x - p2.x, p1.y - p2.y];
  const [dx2, dy2] = [p3.x - p2.x, p3.y - p2.y];
  const [dx3, dy3] = [p0.x - p1.x + p2.x - p3.x, p0.y - p1.y + p2.y - p3.y];
  const det = dx1 * dy2 - dx2 * dy1;
  const g = det === 0 ? 0 : (dx3 * dy2 - dx2 * dy3) / det;
  const h = det === 0 ? 0 : (dx1 * dy3 - dx3 * dy1) / det;
  return { a: p1.x - p0.x + g * p1.x, b: p3.x - p0.x + h * p3.x, c: p0.x, d: p1.y - p0.y + g * p1.y, e: p3.y - p0.y + h * p3.y, f: p0.y, g, h, i: 1 };
}

/** The inverse map (the adjugate: a homography is defined up to scale). */
export function invert(m: Homography): Homography {
  const { a, b, c, d, e, f, g, h, i } = m;
  return {
    a: e * i - f * h,
    b: c * h - b * i,
    c: b * f - c * e,
    d: f * g - d * i,
    e: a * i - c * g,
    f: c * d - a * f,
    g: d * h - e * g,
    h: b * g - a * h,
    i: a * e - b * d,
  };
}

/** `m` after `n`: (m ∘ n)(p) = m(n(p)). */
export function compose(m: Homography, n: Homography): Homography {
  return {
    a: m.a * n.a + m.b * n.d + m.c * n.g,
    b: m.a * n.b + m.b * n.e + m.c * n.h,
    c: m.a * n.c + m.b * n.f + m.c * n.i,
    d: m.d * n.a + m.e * n.d + m.f * n.g,
    e: m.d * n.b + m.e * n.e + m.f * n.h,
    f: m.d * n.c + m.e * n.f + m.f * n.i,
    g: m.g * n.a + m.h * n.d + m.i * n.g,
    h: m.g * n.b + m.h * n.e + m.i * n.h,
    i: m.g * n.c + m.h * n.f + m.i * n.i,
  };
}

/** x' = sx·x + tx, y' = sy·y + ty. */
export function scaling(sx: number, sy: number, tx: number, ty: number): Homography {
  return { a: sx, b: 0, c: tx, d: 0, e: sy, f: ty, g: 0, h: 0, i: 1 };
}

export function mapPoint(m: Homography, x: number, y: number): Point {
  const w = m.g * x + m.h * y + m.i;
  return { x: (m.a * x + m.b * y + m.c) / w, y: (m.d * x + m.e * y + m.f) / w };
}

/**
 * A `width`×`height` raster whose pixel (x, y) is `src` at `toSource`(x, y)
 * (pixel centres, bilinear); `fill` where that falls outside `src`.
 */
export function warpGrey(src: GreyRaster, toSource: Homography, width: number, height: number, fill: number): GreyRaster {
  const data = new Uint8Array(width * height).fill(fill);
  const { width: sw, height: sh, data: s } = src;
  const lastX = sw - 1;
  const lastY = sh - 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      // mapPoint written out: an object a pixel cost a third of the warp's time.
      const w = toSource.g * x + toSource.h * y + toSource.i;
      const fx = (toSource.a * x + toSource.b * y + toSource.c) / w;
      const fy = (toSource.d * x + toSource.e * y + toSource.f) / w;
      if (!(fx >= 0 && fy >= 0 && fx <= lastX && fy <= lastY)) continue;
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const x1 = x0 < lastX ? x0 + 1 : x0;
      const y1 = y0 < lastY ? y0 + 1 : y0;
      const tx = fx - x0;
      const ty = fy - y0;
      const top = s[y0 * sw + x0] * (1 - tx) + s[y0 * sw + x1] * tx;
      const bottom = s[y1 * sw + x0] * (1 - tx) + s[y1 * sw + x1] * tx;
      data[row + x] = Math.round(top * (1 - ty) + bottom * ty);
    }
  }
  return { width, height, data };
}
