import type { DocumentRow } from '../../db/schema.js';
import { isTextLayerUsable } from '../../extract/read/page-content.js';
import { ocrPage } from '../../extract/read/ocr-page.js';
import { TesseractPool } from '../../extract/read/tesseract-pool.js';
import type { Quality, TextLayer, Word } from '../../extract/types.js';
import type { BlobStore } from '../../storage/blob-store.js';

/** Reads the words of a raster page in page coordinates (the engine's OCR, outside the engine). */
export interface PageOcr {
  /** Concurrent calls with the same key (a bbox job id) share one OCR run: a job's row groups start together. */
  readWords(key: string, image: Uint8Array, quality: Quality): Promise<Word[]>;
  close(): Promise<void>;
}

/** Tesseract workers are stopped after this long without OCR, so an idle worker process holds no threads. */
const OCR_IDLE_MS = 30_000;

/**
 * The engine's OCR module (orientation, deskew, Tesseract) with its boxes
 * mapped back onto the stored page image. The Tesseract pool starts on first
 * use (text-layer pages never need it) and is closed again when idle.
 */
export function createPageOcr(threads = 1): PageOcr {
  let pool: TesseractPool | null = null;
  let inflight = 0;
  let idle: NodeJS.Timeout | null = null;
  const running = new Map<string, Promise<Word[]>>();
  const closePool = async () => {
    const p = pool;
    pool = null;
    await p?.close();
  };
  const read = async (image: Uint8Array, quality: Quality): Promise<Word[]> => {
    if (idle) clearTimeout(idle);
    pool ??= new TesseractPool(threads);
    inflight++;
    try {
      const page = await ocrPage(image, quality, pool);
      return page.words.map((w) => ({ text: w.text, box: page.toPageBox(w.box) }));
    } finally {
      inflight--;
      if (inflight === 0) idle = setTimeout(() => void closePool(), OCR_IDLE_MS).unref();
    }
  };
  return {
    readWords(key, image, quality) {
      const shared = running.get(key);
      if (shared) return shared;
      const run = read(image, quality).finally(() => running.delete(key));
      running.set(key, run);
      return run;
    },
    async close() {
      if (idle) clearTimeout(idle);
      await closePool();
    },
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
export async function readPageWords(blobs: BlobStore, ocr: PageOcr, doc: DocumentRow, cache: WordCache): Promise<Word[] | null> {
  if (doc.text_layer_key) {
    const raw = await blobs.get(doc.text_layer_key);
    const layer = raw ? (JSON.parse(raw.toString('utf8')) as TextLayer) : null;
    if (isTextLayerUsable(layer)) return layer.words;
  }
  if (!doc.image_key) return null;
  const cached = await cache.load();
  if (cached) return cached;
  const image = await blobs.get(doc.image_key);
  if (!image) return null;
  const words = await ocr.readWords(cache.key, image, doc.quality === 'high' ? 'high' : 'fast');
  await cache.save(words);
  return words;
}
