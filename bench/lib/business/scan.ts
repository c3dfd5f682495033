/**
 * Pages as the engine receives them: a generated PDF through docrows' own
 * ingestion (PDFium raster at PAGE_RENDER_DPI + pdfjs text layer), and that
 * raster damaged like a flatbed scan or a phone photo (sharp for rotation,
 * blur and JPEG; a pixel loop for grain, uneven light, a shadow cast over
 * part of the page and a keystone perspective, which sharp has no operation
 * for).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { pageImage, PAGE_RENDER_DPI, type EnginePage } from '../../../src/extract/types.js';
import { ingestPdf } from '../../../src/ingest/pdf.js';
import { chance, pick, rng, type Rand } from './random.js';

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

export interface ScanOptions {
  kind: 'flatbed' | 'phone';
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
  /** Keystone: how much narrower the far edge is (0 = none; phone photos only). */
  keystone: number;
  /** A shadow (of the hand or phone) over part of the page: how much light it takes (0 = none; phone photos only). */
  shadow: number;
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
  };
}

/** Damages one page raster (any format sharp reads) into a JPEG scan or photo. */
export async function scanImage(image: Uint8Array, o: ScanOptions, seed: number): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  const scale = o.dpi / PAGE_RENDER_DPI;
  let img = sharp(image).resize(Math.round((meta.width ?? 1) * scale)).greyscale();
  const background = o.kind === 'phone' ? '#7a776f' : '#ffffff';
  if (o.kind === 'phone') img = sharp(await img.extend({ top: 24, bottom: 24, left: 24, right: 24, background }).toBuffer());
  if (o.rotate) img = img.rotate(o.rotate, { background });
  if (o.blur > 0.3) img = img.blur(o.blur);
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const ch = info.channels;
  const src = o.keystone > 0 ? keystone(data, w, h, ch, o.keystone, 0x7a) : data;
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
        src[i] = Math.max(0, Math.min(255, src[i] * light + g * o.noise));
      }
    }
  }
  return sharp(src, { raw: { width: w, height: h, channels: ch } }).jpeg({ quality: o.jpegQuality }).toBuffer();
}

/** A camera tilted away from the page: rows shrink towards the top (bilinear inverse mapping). */
function keystone(data: Buffer, w: number, h: number, ch: number, k: number, fill: number): Buffer {
  const out = Buffer.alloc(data.length, fill);
  for (let y = 0; y < h; y++) {
    // Row y shows the source row at the same height, squeezed by up to k at the top.
    const squeeze = 1 - k * (1 - y / h);
    const off = (w * (1 - squeeze)) / 2;
    for (let x = 0; x < w; x++) {
      const sx = (x - off) / squeeze;
      if (sx < 0 || sx > w - 1) continue;
      const x0 = Math.floor(sx);
      const fx = sx - x0;
      const x1 = Math.min(w - 1, x0 + 1);
      for (let c = 0; c < ch; c++) out[(y * w + x) * ch + c] = data[(y * w + x0) * ch + c] * (1 - fx) + data[(y * w + x1) * ch + c] * fx;
    }
  }
  return out;
}

/** A generated PDF as scanned pages: ingestion's raster of each page, damaged; no text layer. */
export async function scanPages(pdf: Buffer, o: ScanOptions, seed: number): Promise<EnginePage[]> {
  const pages = await ingestPages(pdf);
  const out: EnginePage[] = [];
  for (let i = 0; i < pages.length; i++) out.push({ image: await scanImage(pageImage(pages[i]), o, seed + i), textLayer: null });
  return out;
}
