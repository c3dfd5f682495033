import sharp from 'sharp';
import type { Box, EnginePage, Quality, TextLayer } from '../types.js';
import { ocrPage } from '../ocr/ocr-page.js';
import type { TesseractPool } from '../ocr/tesseract-pool.js';
import type { PageContent } from './extract-page.js';

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
      if (/[\uE000-\uF8FF\uFFFD\u0000-\u001F]/u.test(ch)) bad++;
      else if (/[\p{L}\p{N}]/u.test(ch)) good++;
    }
  }
  if (good < 4) return false;
  // Garbled encodings map glyphs to rare symbols and consonant soup; require mostly plain text.
  return bad / (good + bad) < 0.2;
}

export async function readPageContent(page: EnginePage, quality: Quality, pool: TesseractPool): Promise<ReadPage> {
  if (isTextLayerUsable(page.textLayer)) {
    const meta = await sharp(page.image).metadata();
    const swapped = (meta.orientation ?? 1) >= 5;
    const w = (swapped ? meta.height : meta.width) ?? 1;
    const h = (swapped ? meta.width : meta.height) ?? 1;
    const { words, rules, images } = page.textLayer;
    return { content: { words, rules, pictures: images, aspect: w / h }, toPageBox: (b) => b, source: 'text_layer' };
  }
  const ocr = await ocrPage(page.image, quality, pool);
  return { content: { words: ocr.words, rules: ocr.rules, pictures: [], aspect: ocr.aspect }, toPageBox: ocr.toPageBox, source: 'ocr' };
}
