import sharp from 'sharp';
import type { Box, EnginePage, Quality, TextLayer } from '../types.js';
import { createHash } from 'node:crypto';
import { ocrPage, type OcrPage } from './ocr-page.js';
import type { TesseractPool } from './tesseract-pool.js';
import type { PageContent } from '../layout/rows/extract-page.js';

/** Content plus the way back from its frame to the stored page image. */
export interface ReadPage {
  content: PageContent;
  toPageBox: (b: Box) => Box;
  source: 'text_layer' | 'ocr';
}

/**
 * A text layer is usable when it holds enough real characters: scanned PDFs
 * have none, and broken font encodings give private-use or replacement glyphs.
 */
export function isTextLayerUsable(layer: TextLayer | null): layer is TextLayer {
  if (!layer || layer.words.length === 0) return false;
  let good = 0;
  let bad = 0;
  for (const w of layer.words) {
    for (const ch of w.text) {
      if (/[\uE000-\uF8FF\uFFFD]/u.test(ch) || ch.charCodeAt(0) < 0x20) bad++;
      else if (/[\p{L}\p{N}]/u.test(ch)) good++;
    }
  }
  if (good < 4) return false;
  // Garbled encodings map glyphs to rare symbols and consonant soup; require mostly plain text.
  return bad / (good + bad) < 0.2;
}

/**
 * Recent OCR results by image digest and quality: the extraction and the
 * later bbox pass (or a retry with other fields) read the same page again,
 * and OCR is by far the most expensive step.
 */
export class OcrCache {
  private readonly entries = new Map<string, OcrPage>();
  constructor(private readonly capacity = 8) {}

  async get(image: Uint8Array, quality: Quality, read: () => Promise<OcrPage>): Promise<OcrPage> {
    const key = `${quality}:${createHash('sha1').update(image).digest('hex')}`;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = await read();
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }
}

export async function readPageContent(page: EnginePage, quality: Quality, pool: TesseractPool, cache?: OcrCache): Promise<ReadPage> {
  if (isTextLayerUsable(page.textLayer)) {
    const meta = await sharp(page.image).metadata();
    const swapped = (meta.orientation ?? 1) >= 5;
    const w = (swapped ? meta.height : meta.width) ?? 1;
    const h = (swapped ? meta.width : meta.height) ?? 1;
    const { words, rules, images } = page.textLayer;
    return { content: { words, rules, pictures: images, aspect: w / h }, toPageBox: (b) => b, source: 'text_layer' };
  }
  const read = () => ocrPage(page.image, quality, pool);
  const ocr = cache ? await cache.get(page.image, quality, read) : await read();
  return { content: { words: ocr.words, rules: ocr.rules, pictures: [], aspect: ocr.aspect }, toPageBox: ocr.toPageBox, source: 'ocr' };
}
