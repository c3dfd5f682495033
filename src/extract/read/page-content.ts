import { pageImage, type Box, type EnginePage, type Quality, type Rule, type TextLayer, type Word } from '../types.js';
import { createHash } from 'node:crypto';
import { DEFAULT_SETTINGS, type EngineSettings } from '../settings.js';
import { ASCII_END, EXIF_FIRST_SWAPPED, FIRST_PRINTABLE } from '../units.js';

const ASCII_ALNUM = /[0-9A-Za-z]/;
import { imageMetadata, loadSharp } from '../../libvips.js';
import type { OcrPage } from './ocr-page.js';
import type { LineRecognizer } from './line-recognizer.js';
import { rereadUnsureWords } from './second-reading.js';
import type { TesseractPool } from './tesseract-pool.js';

/** Everything the engine reads off one page, whatever its source (text layer or OCR). */
export interface PageContent {
  words: Word[];
  rules: Rule[];
  /** Picture-like regions: embedded image placements or non-text ink blobs of a raster. */
  pictures: Box[];
  /** Page width / height. */
  aspect: number;
}

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
export function isTextLayerUsable(layer: TextLayer | null, settings: EngineSettings = DEFAULT_SETTINGS): layer is TextLayer {
  const { minCharacters, maxBadShare } = settings.read.textLayer;
  if (!layer || layer.words.length === 0) return false;
  let good = 0;
  let bad = 0;
  for (const w of layer.words) {
    for (const ch of w.text) {
      const code = ch.charCodeAt(0);
      if (code < FIRST_PRINTABLE) bad++;
      // ASCII, most of a text layer, is judged without the Unicode-class regexes (the same verdict in a fraction of the time).
      else if (code < ASCII_END) good += ASCII_ALNUM.test(ch) ? 1 : 0;
      else if (/[\uE000-\uF8FF\uFFFD]/u.test(ch)) bad++;
      else if (/[\p{L}\p{N}]/u.test(ch)) good++;
    }
  }
  if (good < minCharacters) return false;
  // Garbled encodings map glyphs to rare symbols and consonant soup; require mostly plain text.
  return bad / (good + bad) < maxBadShare;
}

/**
 * Recent OCR results by image digest and quality: the extraction and the
 * later bbox pass (or a retry with other fields) read the same page again,
 * and OCR is by far the most expensive step.
 */
export class OcrCache {
  private readonly entries = new Map<string, OcrPage>();
  constructor(private readonly capacity: number) {}

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

/** The image's size as shown (EXIF orientations from EXIF_FIRST_SWAPPED on turn it a quarter). */
async function shownSize(image: Uint8Array): Promise<{ width: number; height: number }> {
  const meta = await imageMetadata(image);
  const swapped = (meta.orientation ?? 1) >= EXIF_FIRST_SWAPPED;
  return { width: (swapped ? meta.height : meta.width) ?? 1, height: (swapped ? meta.width : meta.height) ?? 1 };
}

export async function readPageContent(
  page: EnginePage,
  quality: Quality,
  pool: TesseractPool,
  settings: EngineSettings,
  cache?: OcrCache,
  secondReader?: LineRecognizer,
): Promise<ReadPage> {
  if (isTextLayerUsable(page.textLayer, settings)) {
    const { width: w, height: h } = page.size ?? (await shownSize(pageImage(page)));
    const { words, rules, images } = page.textLayer;
    return { content: { words, rules, pictures: images, aspect: w / h }, toPageBox: (b) => b, source: 'text_layer' };
  }
  const image = pageImage(page);
  // OCR and libvips (with the threads the engine asked for) load with the first page that needs them: a text page never does.
  const [{ ocrPage }] = await Promise.all([import('./ocr-page.js'), loadSharp()]);
  // With a second reader, the unsure figures and head words are read again on the raster the words were read on (second-reading.ts);
  // the raster is let go either way: the cache keeps words.
  const read = async (): Promise<OcrPage> => {
    const { raster, ...ocr } = await ocrPage(image, quality, pool, settings);
    return secondReader ? { ...ocr, words: await rereadUnsureWords(raster, ocr, secondReader, settings) } : ocr;
  };
  const ocr = cache ? await cache.get(image, quality, read) : await read();
  return { content: { words: ocr.words, rules: ocr.rules, pictures: [], aspect: ocr.aspect }, toPageBox: ocr.toPageBox, source: 'ocr' };
}
