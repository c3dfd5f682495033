import sharp, { type Sharp } from 'sharp';
import type { Box, Quality, Rule, Word } from '../types.js';
import { binarize, detectPageGeometry, rotateQuarter, type BinaryImage } from './page-geometry.js';
import { eraseRulingLines } from './erase-lines.js';
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
  /** Mean word confidence of the reading (0..100). */
  confidence: number;
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
    .median(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return binarize(new Uint8Array(data.buffer, data.byteOffset, data.length), info.width, info.height);
}

/**
 * Reads a raster page: upright it (quarter turns), straighten small skew,
 * scale for OCR, recognize, and find visible ruling lines.
 */
export async function ocrPage(image: Uint8Array, quality: Quality, pool: TesseractPool): Promise<OcrPage> {
  if (quality === 'fast') return ocrPageAt(image, 'fast', pool);
  // `high` reads the page at both resolutions and keeps the reading the recognizer is surer of:
  // higher resolution helps small print but can hurt blurred or noisy scans, and confidence tells which.
  const [normal, fine] = await Promise.all([ocrPageAt(image, 'fast', pool), ocrPageAt(image, 'high', pool)]);
  return fine.confidence > normal.confidence ? fine : normal;
}

async function ocrPageAt(image: Uint8Array, quality: Quality, pool: TesseractPool): Promise<OcrPage> {
  // EXIF orientation first: phones store sideways pixels with a rotation tag.
  const upright = sharp(image, { limitInputPixels: 100_000_000 }).rotate();
  const meta = await sharp(image).metadata();
  const swapped = (meta.orientation ?? 1) >= 5;
  const srcW = (swapped ? meta.height : meta.width) ?? 1;
  const srcH = (swapped ? meta.width : meta.height) ?? 1;

  const analysis = await toBinary(upright, ANALYSIS_LONG_SIDE);
  const geometry = detectPageGeometry(analysis, quality === 'high' ? 6 : 4, quality === 'high' ? 0.25 : 0.5);
  let orientation = geometry.quarters;
  // A half turn keeps a line's slope, so the measured skew applies to either candidate.
  const skewToFix = Math.abs(geometry.skew) >= 0.15 ? geometry.skew : 0;
  // sharp turns clockwise for positive angles; the skew straightens counter-clockwise.
  let angle = orientation * 90 - skewToFix;

  const longSide = Math.max(srcW, srcH);
  const scale = Math.min(quality === 'high' ? 2 : 1.5, Math.max(0.5, OCR_LONG_SIDE[quality] / longSide));
  let pipeline = sharp(image, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize(Math.round(srcW * scale), Math.round(srcH * scale))
    .greyscale();
  const straightened = await pipeline.toBuffer();
  pipeline = sharp(straightened);
  if (angle !== 0) pipeline = pipeline.rotate(angle, { background: { r: 255, g: 255, b: 255, alpha: 1 } });
  // Rotation with a background colour brings colour channels back; the recognizer wants one grey channel.
  const raw = await pipeline.removeAlpha().toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  if (raw.info.channels !== 1) throw new Error(`expected a single grey channel, got ${raw.info.channels}`);
  const rawInfo = raw.info;
  const grey = new Uint8Array(raw.data.buffer, raw.data.byteOffset, raw.data.length);
  // Ruling lines are read from the raster before they are erased for the recognizer.
  let rulesBinary = await toBinary(sharp(raw.data, { raw: { width: rawInfo.width, height: rawInfo.height, channels: 1 } }), ANALYSIS_LONG_SIDE);
  eraseRulingLines(grey, rawInfo.width, rawInfo.height);
  let { data: ocrImage, info } = await sharp(grey, { raw: { width: rawInfo.width, height: rawInfo.height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer({ resolveWithObject: true });

  // Ink statistics can't always tell upright from upside down (tables of digits, noisy scans), so
  // the recognizer has the last word: a page that reads poorly is read again turned by 180°.
  let ocrWords = await pool.recognize(ocrImage, estimateDpi(info.width, info.height));
  if (meanConfidence(ocrWords) < CONFIDENT_READING[quality]) {
    const turned = await sharp(ocrImage).rotate(180).png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
    const turnedWords = await pool.recognize(turned.data, estimateDpi(info.width, info.height));
    if (readability(turnedWords) > readability(ocrWords) * 1.2) {
      orientation = (orientation + 2) % 4;
      angle += 180;
      ({ data: ocrImage, info } = turned);
      rulesBinary = rotateQuarter(rulesBinary, 2);
      ocrWords = turnedWords;
    }
  }
  const words = normalizeOcrWords(ocrWords, info.width, info.height);
  const rules = findRasterRules(rulesBinary);
  const toPageBox = boxMapper(angle, srcW * scale, srcH * scale, info.width, info.height);
  return { words, rules, aspect: info.width / info.height, toPageBox, orientation, skewDegrees: skewToFix, confidence: meanConfidence(ocrWords) };
}

/** Pages are mostly Letter/A4 (long side ≈ 11–11.7 in); good enough for tesseract's size heuristics. */
function estimateDpi(width: number, height: number): number {
  return Math.min(600, Math.max(70, Math.max(width, height) / 11.4));
}

/**
 * Mean word confidence above which a reading is accepted without trying the
 * page upside down; `high` double-checks more pages.
 */
const CONFIDENT_READING: Record<Quality, number> = { fast: 70, high: 82 };

function meanConfidence(words: Array<{ text: string; confidence: number }>): number {
  const real = words.filter((w) => /[\p{L}\p{N}]{2,}/u.test(w.text));
  return real.length >= 5 ? real.reduce((n, w) => n + w.confidence, 0) / real.length : 0;
}

/** How convincingly a page reads: confidence-weighted length of real words. */
function readability(words: Array<{ text: string; confidence: number }>): number {
  return words.filter((w) => /[\p{L}\p{N}]{2,}/u.test(w.text)).reduce((n, w) => n + w.confidence * w.text.length, 0);
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
