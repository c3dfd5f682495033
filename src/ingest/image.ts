/**
 * Raster uploads: JPEG, PNG, TIFF (every page), WebP, GIF (first frame) via
 * sharp; BMP via Skia (@napi-rs/canvas), since sharp's prebuilt libvips has no
 * BMP loader. EXIF orientation is applied, transparency flattened onto white,
 * and dimensions checked before any pixel is decoded (decompression bombs).
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { errors } from '../errors.js';
import { pageJpeg, thumbnailOf } from './jpeg.js';
import { MAX_PAGE_PIXELS } from './pdf-page-size.js';
import { readHead } from './sniff.js';
import type { FileKind, IngestedPage } from './types.js';

/** Largest raster accepted (pixels, per page). Bigger declared sizes are refused before decoding. */
export const MAX_INPUT_PIXELS = 100_000_000;

const unreadable = (kind: string, why: string): Error =>
  errors.invalidParameter('file', `The ${kind.toUpperCase()} image cannot be read: ${why}.`);

function tooLarge(width: number, height: number): Error {
  return errors.invalidParameter(
    'file',
    `The image is ${width}×${height} pixels; at most ${MAX_INPUT_PIXELS.toLocaleString('en-US')} pixels are accepted.`,
  );
}

/** Output size: the original, or scaled down to MAX_PAGE_PIXELS so stored pages stay viewable. */
function fitPixels(width: number, height: number): { width: number; height: number } {
  const f = Math.min(1, Math.sqrt(MAX_PAGE_PIXELS / (width * height)));
  return { width: Math.max(1, Math.floor(width * f)), height: Math.max(1, Math.floor(height * f)) };
}

async function sharpPage(path: string, page: number): Promise<IngestedPage> {
  const img = sharp(path, { page, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true });
  const meta = await img.metadata();
  const w = meta.autoOrient?.width ?? meta.width;
  const h = meta.autoOrient?.height ?? meta.height;
  const size = fitPixels(w, h);
  const pipeline = img
    .resize(size.width, size.height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb');
  // Huffman optimisation off: same trade-off as PDF pages (see jpeg.ts).
  const jpeg = await pipeline.jpeg({ quality: 85, optimiseCoding: false }).toBuffer();
  return { jpeg, thumbnail: await thumbnailOf(jpeg), width: size.width, height: size.height, textLayer: null };
}

/**
 * Dimensions a PNG, GIF or BMP header declares, read before any decoder runs:
 * a bomb declares billions of pixels in a few hundred bytes.
 */
export function declaredSize(head: Buffer, kind: FileKind): { width: number; height: number } | null {
  if (kind === 'png' && head.length >= 24) return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  if (kind === 'gif' && head.length >= 10) return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
  if (kind !== 'bmp') return null;
  if (head.length < 26) throw unreadable('bmp', 'the header is truncated');
  const core = head.readUInt32LE(14) === 12;
  const width = core ? head.readUInt16LE(18) : head.readInt32LE(18);
  // Signed height: negative means top-down rows.
  const height = Math.abs(core ? head.readInt16LE(20) : head.readInt32LE(22));
  if (width <= 0 || height <= 0) throw unreadable('bmp', 'it declares no pixels');
  return { width, height };
}

/** Uncompressed BMP pixel data must all be there (Skia would silently pad a truncated file). */
function assertBmpComplete(bytes: Buffer, width: number, height: number): void {
  if (bytes.readUInt32LE(14) === 12 || bytes.readUInt32LE(30) !== 0) return;
  const bpp = bytes.readUInt16LE(28);
  const rowSize = Math.ceil((width * bpp) / 32) * 4;
  if (bytes.readUInt32LE(10) + rowSize * height > bytes.length) throw unreadable('bmp', 'the pixel data is truncated');
}

async function bmpPage(path: string): Promise<IngestedPage> {
  const bytes = await readFile(path);
  const { width, height } = declaredSize(bytes, 'bmp')!;
  if (width * height > MAX_INPUT_PIXELS) throw tooLarge(width, height);
  assertBmpComplete(bytes, width, height);
  let decoded;
  try {
    decoded = await loadImage(bytes);
  } catch (err) {
    throw unreadable('bmp', (err as Error).message);
  }
  const size = fitPixels(width, height);
  const canvas = createCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.drawImage(decoded, 0, 0, size.width, size.height);
  // data() views the canvas's native memory: `canvas` stays referenced until sharp has read it.
  const jpeg = await pageJpeg({ data: canvas.data(), width: canvas.width, height: canvas.height, channels: 4 });
  return { jpeg, thumbnail: await thumbnailOf(jpeg), width: canvas.width, height: canvas.height, textLayer: null };
}

/** Every page of a raster upload (several only for multi-page TIFF). */
export async function ingestImage(path: string, kind: FileKind, maxPages: number): Promise<IngestedPage[]> {
  if (kind === 'bmp') return [await bmpPage(path)];
  const declared = declaredSize(await readHead(path, 32), kind);
  if (declared && declared.width * declared.height > MAX_INPUT_PIXELS) throw tooLarge(declared.width, declared.height);
  let pageCount = 1;
  try {
    const meta = await sharp(path, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooLarge(meta.width, meta.height);
    // Animated GIF/WebP frames are not pages: only TIFF pages become documents.
    if (kind === 'tiff') pageCount = meta.pages ?? 1;
    if (pageCount > maxPages) {
      throw errors.invalidParameter('file', `The TIFF has ${pageCount} pages; at most ${maxPages} pages are accepted per upload.`);
    }
    const pages: IngestedPage[] = [];
    for (let p = 0; p < pageCount; p++) pages.push(await sharpPage(path, p));
    return pages;
  } catch (err) {
    if (err instanceof Error && err.name === 'AppError') throw err;
    const message = (err as Error).message;
    if (/pixel limit/i.test(message)) throw errors.invalidParameter('file', `The image is too large: at most ${MAX_INPUT_PIXELS.toLocaleString('en-US')} pixels are accepted.`);
    throw unreadable(kind, message.split('\n')[0]);
  }
}
