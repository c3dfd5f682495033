import type { DocumentRow } from '../../db/schema.js';
import { createPageReader, isTextLayerUsable } from '../../extract/index.js';
import type { Quality, TextLayer, Word } from '../../extract/types.js';
import type { Services } from '../../services.js';
import { pageImageBytes } from '../shared/index.js';

/** Reads the words of a raster page in page coordinates (the engine's OCR, outside the engine). */
export interface PageOcr {
  /** Concurrent calls with the same key (a bbox job id) share one OCR run: a job's row groups start together. */
  readWords(key: string, image: Uint8Array, quality: Quality): Promise<Word[]>;
  close(): Promise<void>;
}

/** Tesseract workers are stopped after this long without OCR, so an idle process holds no OCR threads. */
const OCR_IDLE_MS = 30_000;

/**
 * The engine's page reader (orientation, deskew, Tesseract) with its boxes
 * mapped back onto the stored page image. Its Tesseract workers start on
 * first use (text-layer pages never need them) and stop again when idle.
 */
export function createPageOcr(threads = 1): PageOcr {
  const reader = createPageReader({ ocrThreads: threads, idleCloseMs: OCR_IDLE_MS });
  const running = new Map<string, Promise<Word[]>>();
  return {
    readWords(key, image, quality) {
      const shared = running.get(key);
      if (shared) return shared;
      const run = reader.ocrWords(image, quality).finally(() => running.delete(key));
      running.set(key, run);
      return run;
    },
    close: () => reader.close(),
  };
}

/** Where a job keeps the OCR words of its page, so its row groups OCR the page once. */
export interface WordCache {
  /** Identifies the page reading (the bbox job): concurrent readers share one OCR run. */
  key: string;
  load(): Promise<Word[] | null>;
  save(words: Word[]): Promise<void>;
}

/**
 * The page's words: its PDF text layer when usable (what the engine read too),
 * else OCR of the stored page image. Null when neither is stored any more.
 */
export async function readPageWords(services: Services, ocr: PageOcr, doc: DocumentRow, cache: WordCache): Promise<Word[] | null> {
  if (doc.text_layer_key) {
    const raw = await services.blobs.get(doc.text_layer_key);
    const layer = raw ? (JSON.parse(raw.toString('utf8')) as TextLayer) : null;
    if (isTextLayerUsable(layer)) return layer.words;
  }
  if (!doc.image_key) return null;
  const cached = await cache.load();
  if (cached) return cached;
  const image = await pageImageBytes(services, doc);
  if (!image) return null;
  const words = await ocr.readWords(cache.key, image, doc.quality === 'high' ? 'high' : 'fast');
  await cache.save(words);
  return words;
}
