/**
 * Pages as the engine receives them: a generated PDF through docrows' own
 * ingestion (PDFium raster at PAGE_RENDER_DPI + pdfjs text layer), and that
 * raster damaged like a flatbed scan or a phone photo (sharp for rotation,
 * blur and JPEG; a pixel loop for grain, uneven light, a shadow cast over
 * part of the page and a perspective, which sharp has no operation for). A phone photo is the page seen by a hand-held camera: a quadrilateral
 * anywhere in a 3:4 frame, on a table or in a hand (phoneFrame).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { pageImage, PAGE_RENDER_DPI, type EnginePage } from '../../../src/extract/types.js';
import { ingestPdf } from '../../../src/ingest/pdf.js';
import { chance, pick, rng, type Rand } from './random.js';
import { squareToQuad, invert, mapPoint, type Quad } from '../../../src/extract/read/homography.js';

/** Every page of the PDF as ingestion hands it to the engine (image and text layer). */
export async function ingestPages(pdf: Buffer): Promise<EnginePage[]> {
  const dir = await mkdtemp(join(tmpdir(), 'docrows-bizgen-'));
  try {
    const path = join(dir, 'doc.pdf');
    await writeFile(path, pdf);
    const { pages } = await ingestPdf(path, { passwords: [], maxPages: 50, einvoice: false });
    return pages.map((p) => ({ image: p.jpeg, textLayer: p.textLayer }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export type ScanKind = 'flatbed' | 'phone';

export interface ScanOptions {
  kind: ScanKind;
  /** Resolution of the result (the page raster is resampled from PAGE_RENDER_DPI). */
  dpi: number;
  /** Degrees of skew. */
  rotate: number;
  /** Gaussian sigma in pixels; 0 = sharp. */
  blur: number;
  /** Standard deviation of grey grain (0..255). */
  noise: number;
  jpegQuality: number;
  /** Darkest corner as a share of full light (1 = even light). */
  light: number;
  /**
   * Keystone: how much narrower the far edge is. Still drawn, so the draws after it keep their values; a phone
   * photo's perspective is now its frame's slant in both axes (PhoneFrame), and a flatbed has none.
   */
  keystone: number;
  /** A shadow (of the hand or phone) over part of the page: how much light it takes (0 = none; phone photos only). */
  shadow: number;
  /** How a phone photo frames the page (phone photos only; drawn apart from the rest, see randomScanOptions). */
  frame?: PhoneFrame;
  /** A thermal receipt scanned dark (flatbed scans only, see thermalPaper): the paper's grey and the print's. */
  paper?: { grey: number; ink: number };
}

/**
 * Thermal till paper greys with age and scans dark: real receipt scans (SROIE) come with paper at grey 120-170 and
 * print barely darker. One flatbed receipt scan in four, from its own stream, so the other scans print as before.
 */
export function thermalPaper(seed: number): ScanOptions['paper'] {
  const r = rng(seed * 7919 + 0x7e4a);
  return chance(r, 0.25) ? { grey: 120 + Math.round(r() * 50), ink: 30 + Math.round(r() * 40) } : undefined;
}

/**
 * Real phone photos of receipts and invoices (issue 28): the page fills 55–90% of the frame at any position,
 * turned up to ±13°, seen at a slant in both axes (a quadrilateral, not a symmetric trapezoid), on a textured
 * surface (a wooden table, a cloth) or held in a hand, in uneven light with some blur.
 */
export interface PhoneFrame {
  /** Share of the frame's width or height (whichever is fuller) the page's outline spans. */
  fill: number;
  /** Where the room left over goes: 0 = all right of / below the page, 1 = all left of / above it. */
  x: number;
  y: number;
  /** Degrees the page is turned in the frame. */
  turn: number;
  /** Perspective: each corner moved by up to this share of the page's diagonal. */
  slant: number;
  surface: 'wood' | 'cloth' | 'hand';
  /** The surface's mean grey. */
  surfaceGrey: number;
  /** The paper's grey as photographed (white paper is never white in a photo). */
  paperGrey: number;
}

/** A phone photo's framing, from its own stream: the flatbed scans of a seed print as they did before phone frames. */
export function phoneFrame(seed: number): PhoneFrame {
  const r = rng(seed * 7919 + 0x9407);
  return {
    fill: 0.55 + r() * 0.35,
    x: r(),
    y: r(),
    turn: (r() - 0.5) * 26,
    slant: 0.01 + r() * 0.06,
    surface: pick(r, ['wood', 'wood', 'cloth', 'hand'] as const),
    surfaceGrey: 60 + r() * 90,
    paperGrey: 0.88 + r() * 0.1,
  };
}

export function randomScanOptions(seed: number): ScanOptions {
  const r: Rand = rng(seed * 7919 + 17);
  // Phone photos: most held roughly square over the page; one in three at a slant, with a shadow across part of it.
  const phone = chance(r, 0.3);
  const slanted = phone && chance(r, 0.35);
  return {
    kind: phone ? 'phone' : 'flatbed',
    dpi: phone ? pick(r, [150, 200]) : pick(r, [150, 200, 200, 300]),
    rotate: (r() - 0.5) * (phone ? (slanted ? 6 : 3) : 2),
    blur: chance(r, 0.5) ? 0.4 + r() * (phone ? 0.7 : 0.5) : 0,
    noise: 3 + r() * (phone ? 8 : 7),
    jpegQuality: 55 + Math.floor(r() * 35),
    light: phone ? 0.7 + r() * 0.2 : 0.88 + r() * 0.12,
    keystone: phone ? (slanted ? 0.03 + r() * 0.04 : 0.01 + r() * 0.02) : 0,
    shadow: slanted ? 0.2 + r() * 0.3 : 0,
    ...(phone ? { frame: phoneFrame(seed) } : {}),
  };
}

/** Damages one page raster (any format sharp reads) into a JPEG scan or photo. */
export async function scanImage(image: Uint8Array, o: ScanOptions, seed: number): Promise<Buffer> {
  if (o.kind === 'phone') return phonePhoto(image, o, o.frame ?? phoneFrame(seed), seed);
  const meta = await sharp(image).metadata();
  const scale = o.dpi / PAGE_RENDER_DPI;
  let img = sharp(image).resize(Math.round((meta.width ?? 1) * scale)).greyscale();
  const background = '#ffffff';
  if (o.rotate) img = img.rotate(o.rotate, { background });
  if (o.blur > 0.3) img = img.blur(o.blur);
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const ch = info.channels;
  const src = data;
  const r = rng(seed);
  // Light falls off from a corner picked by the seed; grain is Box-Muller gaussian.
  const cx = r() < 0.5 ? 0 : w;
  const cy = r() < 0.5 ? 0 : h;
  const far = Math.hypot(w, h);
  // The shadow covers the side of a line through a point of the page, its edge soft over 4% of the diagonal
  // (drawn apart from the grain, so a page without a shadow comes out as it did before shadows).
  const sr = rng(seed + 0x5ad0);
  const angle = sr() * Math.PI * 2;
  const [nx, ny] = [Math.cos(angle), Math.sin(angle)];
  const through = (0.45 + sr() * 0.35) * (Math.abs(nx) * w + Math.abs(ny) * h);
  const origin = (nx < 0 ? nx * w : 0) + (ny < 0 ? ny * h : 0);
  const edge = far * 0.04;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const inShadow = o.shadow > 0 ? Math.min(1, Math.max(0, (x * nx + y * ny - origin - through) / edge + 0.5)) : 0;
      const light = (1 - (1 - o.light) * (Math.hypot(x - cx, y - cy) / far)) * (1 - o.shadow * inShadow);
      const g = Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r());
      for (let c = 0; c < ch; c++) {
        const i = (y * w + x) * ch + c;
        const tone = o.paper ? o.paper.ink + (src[i] * (o.paper.grey - o.paper.ink)) / 255 : src[i];
        src[i] = Math.max(0, Math.min(255, tone * light + g * o.noise));
      }
    }
  }
  return sharp(src, { raw: { width: w, height: h, channels: ch } }).jpeg({ quality: o.jpegQuality }).toBuffer();
}

/** Long side of a 12-megapixel phone photo (px). */
const PHONE_LONG_SIDE = 4000;

/** The page photographed: warped into its quadrilateral on the surface, blurred, lit unevenly, grained. */
async function phonePhoto(image: Uint8Array, o: ScanOptions, f: PhoneFrame, seed: number): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  const r = rng(seed + 0x9407);
  const rad = (f.turn * Math.PI) / 180;
  // The page turned about its centre, each corner then pushed by the slant (in shares of the page): the camera off the page's normal.
  const push = [0, 1, 2, 3].map(() => [(r() - 0.5) * 2 * f.slant, (r() - 0.5) * 2 * f.slant]);
  const frameOf = (pw: number, ph: number) => {
    const diag = Math.hypot(pw, ph);
    const corners = [[-pw / 2, -ph / 2], [pw / 2, -ph / 2], [pw / 2, ph / 2], [-pw / 2, ph / 2]].map(([x, y], k) => ({
      x: x * Math.cos(rad) - y * Math.sin(rad) + push[k][0] * diag,
      y: x * Math.sin(rad) + y * Math.cos(rad) + push[k][1] * diag,
    }));
    const [minX, maxX] = [Math.min(...corners.map((p) => p.x)), Math.max(...corners.map((p) => p.x))];
    const [minY, maxY] = [Math.min(...corners.map((p) => p.y)), Math.max(...corners.map((p) => p.y))];
    // A 3:4 frame (4:3 for a landscape page) the page's outline fills to `fill` on its fuller side.
    const [aw, ah] = pw > ph ? [4, 3] : [3, 4];
    const unit = Math.max((maxX - minX) / aw, (maxY - minY) / ah) / f.fill;
    const [w, h] = [Math.round(unit * aw), Math.round(unit * ah)];
    const left = (w - (maxX - minX)) * f.x - minX;
    const top = (h - (maxY - minY)) * f.y - minY;
    return { w, h, quad: corners.map((p) => ({ x: p.x + left, y: p.y + top })) as unknown as Quad };
  };
  // At the scan's resolution, unless the frame would pass a 12-megapixel camera's: a page far off has fewer pixels.
  const wanted = Math.round((meta.width ?? 1) * (o.dpi / PAGE_RENDER_DPI));
  const aspect = (meta.height ?? 1) / (meta.width ?? 1);
  const trial = frameOf(wanted, wanted * aspect);
  const pageWidth = Math.round(wanted * Math.min(1, PHONE_LONG_SIDE / Math.max(trial.w, trial.h)));
  const { data: page, info } = await sharp(image).resize(pageWidth).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  const [pw, ph] = [info.width, info.height];
  const { w, h, quad } = frameOf(pw, ph);
  const toPage = invert(squareToQuad(quad));
  const surface = await surfaceOf(f, w, h, rng(seed + 0x5f1a));
  const out = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const u = mapPoint(toPage, x + 0.5, y + 0.5);
      const sx = u.x * pw - 0.5;
      const sy = u.y * ph - 0.5;
      if (sx < 0 || sy < 0 || sx > pw - 1 || sy > ph - 1 || surface.hand(x, y)) {
        out[i] = surface.grey[i];
        continue;
      }
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const [x1, y1] = [Math.min(pw - 1, x0 + 1), Math.min(ph - 1, y0 + 1)];
      const [tx, ty] = [sx - x0, sy - y0];
      const v = (page[y0 * pw + x0] * (1 - tx) + page[y0 * pw + x1] * tx) * (1 - ty) + (page[y1 * pw + x0] * (1 - tx) + page[y1 * pw + x1] * tx) * ty;
      out[i] = v * f.paperGrey;
    }
  }
  let img = sharp(out, { raw: { width: w, height: h, channels: 1 } });
  if (o.blur > 0.3) img = img.blur(o.blur);
  // sharp hands one raw channel back as three unless told.
  const { data } = await img.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  // Light falls off from a point picked by the seed (a lamp, a window), a shadow crosses part of the frame; grain over all.
  const cx = r() * w;
  const cy = r() * h;
  const far = Math.hypot(w, h);
  const angle = r() * Math.PI * 2;
  const [nx, ny] = [Math.cos(angle), Math.sin(angle)];
  const through = (0.45 + r() * 0.35) * (Math.abs(nx) * w + Math.abs(ny) * h) + (nx < 0 ? nx * w : 0) + (ny < 0 ? ny * h : 0);
  const edge = far * (0.02 + r() * 0.06);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const inShadow = o.shadow > 0 ? Math.min(1, Math.max(0, (x * nx + y * ny - through) / edge + 0.5)) : 0;
      const light = (1 - (1 - o.light) * (Math.hypot(x - cx, y - cy) / far)) * (1 - o.shadow * inShadow);
      const g = Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r());
      const i = y * w + x;
      data[i] = Math.max(0, Math.min(255, data[i] * light + g * o.noise));
    }
  }
  return sharp(data, { raw: { width: w, height: h, channels: 1 } }).jpeg({ quality: o.jpegQuality }).toBuffer();
}

/**
 * What the page lies on: a wooden table (grain along one direction, lighter and darker streaks), a cloth (a soft
 * weave) or a hand holding it (skin, lighter than most tables, over a little of the page's margin). Drawn at a
 * quarter of the frame's size and enlarged (grain is added over the whole frame later): a 3000×4000 frame drawn
 * pixel by pixel took seconds.
 */
async function surfaceOf(f: PhoneFrame, w: number, h: number, r: Rand): Promise<{ grey: Buffer; hand: (x: number, y: number) => boolean }> {
  const [sw, sh] = [Math.ceil(w / 4), Math.ceil(h / 4)];
  const small = Buffer.alloc(sw * sh);
  // Slow variation: a coarse grid of random levels, bilinear between them.
  const cells = 6;
  const coarse = Array.from({ length: (cells + 1) * (cells + 1) }, () => (r() - 0.5) * 40);
  const along = r() * Math.PI;
  const [ax, ay] = [Math.cos(along), Math.sin(along)];
  const period = 2 + r() * 5;
  const phase = r() * 10;
  const handSide = Math.floor(r() * 4);
  const handReach = 0.08 + r() * 0.1;
  const handAt = 0.2 + r() * 0.6;
  // An ellipse reaching in from one edge of the frame: the hand holding the page.
  const [ex, ey] = [handSide === 0 ? 0 : handSide === 1 ? w : handAt * w, handSide === 2 ? 0 : handSide === 3 ? h : handAt * h];
  const [rx, ry] = handSide < 2 ? [handReach * w, 0.1 * h] : [0.1 * w, handReach * h];
  const hand = (x: number, y: number) => f.surface === 'hand' && ((x - ex) / rx) ** 2 + ((y - ey) / ry) ** 2 <= 1;
  for (let y = 0; y < sh; y++) {
    const gy = (y / sh) * cells;
    const j0 = Math.min(cells - 1, Math.floor(gy));
    const ty = gy - j0;
    for (let x = 0; x < sw; x++) {
      const gx = (x / sw) * cells;
      const i0 = Math.min(cells - 1, Math.floor(gx));
      const tx = gx - i0;
      const c = j0 * (cells + 1) + i0;
      const slow = (coarse[c] * (1 - tx) + coarse[c + 1] * tx) * (1 - ty) + (coarse[c + cells + 1] * (1 - tx) + coarse[c + cells + 2] * tx) * ty;
      const t = x * ax + y * ay;
      const across = -x * ay + y * ax;
      let v = f.surfaceGrey + slow;
      if (f.surface === 'wood') v += 14 * Math.sin((t / period) * 0.15 + Math.sin(across / (period * 7) + phase) * 2.5) + 8 * Math.sin(across / period);
      else v += 5 * Math.sin(x * 1.3) * Math.sin(y * 1.2);
      if (hand(x * 4, y * 4)) v = 185 + slow * 0.5;
      small[y * sw + x] = Math.max(0, Math.min(255, v));
    }
  }
  const grey = await sharp(small, { raw: { width: sw, height: sh, channels: 1 } }).resize(w, h, { fit: 'fill' }).toColourspace('b-w').raw().toBuffer();
  return { grey, hand };
}

/** A generated PDF as scanned pages: ingestion's raster of each page, damaged; no text layer. */
export async function scanPages(pdf: Buffer, o: ScanOptions, seed: number): Promise<EnginePage[]> {
  const pages = await ingestPages(pdf);
  const out: EnginePage[] = [];
  for (let i = 0; i < pages.length; i++) out.push({ image: await scanImage(pageImage(pages[i]), o, seed + i), textLayer: null });
  return out;
}
