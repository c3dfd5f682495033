import sharp, { type Sharp } from 'sharp';
import type { Box, Quality, Rule, Word } from '../types.js';
import { binarize, detectOrientation, detectSkew, rotateQuarter, type BinaryImage } from './page-geometry.js';
import { findRasterRules } from './raster-rules.js';
import { normalizeOcrWords, type TesseractPool } from './tesseract-pool.js';

export interface OcrPage {
  /** Words in the upright, deskewed frame. */
  words: Word[];
  rules: Rule[];
  /** Width / height of the upright frame. */
  aspect: number;
  /** Maps a normalized box of the upright frame back onto the page image as stored. */
  toPageBox: (b: Box) => Box;
  orientation: number;
  skewDegrees: number;
}

/** Long side of the raster used for orientation, skew and ruling-line analysis. */
const ANALYSIS_LONG_SIDE = 1400;

/**
 * OCR resolution per quality: the long side in pixels the page is scaled to
 * (clamped so small scans are enlarged and huge ones reduced). `high` reads at
 * about 300 dpi on a Letter/A4 page, `fast` at about 220 dpi.
 */
const OCR_LONG_SIDE: Record<Quality, number> = { fast: 2400, high: 3300 };

async function toBinary(pipeline: Sharp, longSide: number): Promise<BinaryImage> {
  const { data, info } = await pipeline
    .clone()
    .resize(longSide, longSide, { fit: 'inside' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return binarize(new Uint8Array(data.buffer, data.byteOffset, data.length), info.width, info.height);
}

/**
 * Reads a raster page: upright it (quarter turns), straighten small skew,
 * scale for OCR, recognize, and find visible ruling lines.
 */
export async function ocrPage(image: Uint8Array, quality: Quality, pool: TesseractPool): Promise<OcrPage> {
  // EXIF orientation first: phones store sideways pixels with a rotation tag.
  const upright = sharp(image, { limitInputPixels: 100_000_000 }).rotate();
  const meta = await sharp(image).metadata();
  const swapped = (meta.orientation ?? 1) >= 5;
  const srcW = (swapped ? meta.height : meta.width) ?? 1;
  const srcH = (swapped ? meta.width : meta.height) ?? 1;

  const analysis = await toBinary(upright, ANALYSIS_LONG_SIDE);
  const orientation = detectOrientation(analysis);
  const skew = detectSkew(rotateQuarter(analysis, orientation), quality === 'high' ? 6 : 4, quality === 'high' ? 0.25 : 0.5);
  const skewToFix = Math.abs(skew) >= 0.15 ? skew : 0;
  // sharp turns clockwise for positive angles; the skew straightens counter-clockwise.
  const angle = orientation * 90 - skewToFix;

  const longSide = Math.max(srcW, srcH);
  const scale = Math.min(quality === 'high' ? 2 : 1.5, Math.max(0.5, OCR_LONG_SIDE[quality] / longSide));
  let pipeline = sharp(image, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize(Math.round(srcW * scale), Math.round(srcH * scale))
    .greyscale();
  const straightened = await pipeline.toBuffer();
  pipeline = sharp(straightened);
  if (angle !== 0) pipeline = pipeline.rotate(angle, { background: { r: 255, g: 255, b: 255, alpha: 1 } });
  if (quality === 'high') pipeline = pipeline.median(3);
  const { data: ocrImage, info } = await pipeline.png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });

  const [ocrWords, rulesBinary] = await Promise.all([
    pool.recognize(ocrImage),
    toBinary(sharp(ocrImage), ANALYSIS_LONG_SIDE),
  ]);
  const words = normalizeOcrWords(ocrWords, info.width, info.height);
  const rules = findRasterRules(rulesBinary);
  const toPageBox = boxMapper(angle, srcW * scale, srcH * scale, info.width, info.height);
  return { words, rules, aspect: info.width / info.height, toPageBox, orientation, skewDegrees: skewToFix };
}

/**
 * Inverse of sharp's rotate-with-expanded-canvas: a point of the rotated image
 * goes back through the rotation about the centres into the source image.
 */
export function boxMapper(angleDeg: number, srcW: number, srcH: number, outW: number, outH: number): (b: Box) => Box {
  if (angleDeg === 0) return (b) => b;
  const a = (angleDeg * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const map = (nx: number, ny: number): [number, number] => {
    const dx = nx * outW - outW / 2;
    const dy = ny * outH - outH / 2;
    // Clockwise rotation in y-down coordinates, inverted.
    const x = dx * cos + dy * sin + srcW / 2;
    const y = -dx * sin + dy * cos + srcH / 2;
    return [x / srcW, y / srcH];
  };
  return (b) => {
    const pts = [map(b.x1, b.y1), map(b.x2, b.y1), map(b.x1, b.y2), map(b.x2, b.y2)];
    const xs = pts.map((p) => Math.min(1, Math.max(0, p[0])));
    const ys = pts.map((p) => Math.min(1, Math.max(0, p[1])));
    return { x1: Math.min(...xs), y1: Math.min(...ys), x2: Math.max(...xs), y2: Math.max(...ys) };
  };
}
