/**
 * The one way the engine's OCR is started, for every reader of pages: the
 * layout engine, the model engine's page view (openai/page-view.ts) and the
 * bbox pass (src/core/bbox/page-words.ts). It owns a pool of Tesseract
 * workers (read/tesseract-pool.ts; they start on first use) and the cache of
 * recent OCR results, and can stop its workers when idle.
 */
import { DEFAULT_SETTINGS, type EngineSettings } from '../settings.js';
import type { EnginePage, Quality, Word } from '../types.js';
import { OcrCache, readPageContent, type ReadPage } from './page-content.js';
import { defaultOcrThreads, TesseractPool } from './tesseract-pool.js';
import { createLineRecognizer } from './line-recognizer.js';

export interface PageReaderOptions {
  /** OCR threads: at most this many pages or bands are recognized at once (default: min(2, cores)). */
  ocrThreads?: number;
  /** Stop the Tesseract workers after this long without a reading, so an idle process holds no threads (default: never). */
  idleCloseMs?: number;
  /** The thresholds it reads with (default: DEFAULT_SETTINGS). */
  settings?: EngineSettings;
}

export interface PageReader {
  readonly ocrThreads: number;
  /** The thresholds it reads with; the same go to the later stages of a page it read. */
  readonly settings: EngineSettings;
  /** The page's content: its text layer when usable, else OCR of its raster, in the frame the layout stages read. */
  read(page: EnginePage, quality: Quality): Promise<ReadPage>;
  /** The words of a page's raster by OCR, boxed on that raster. */
  ocrWords(image: Uint8Array, quality: Quality): Promise<Word[]>;
  close(): Promise<void>;
}

export function createPageReader(options: PageReaderOptions = {}): PageReader {
  const settings = options.settings ?? DEFAULT_SETTINGS;
  const ocrThreads = options.ocrThreads ?? defaultOcrThreads(settings);
  const cache = new OcrCache(settings.read.ocrCachePages);
  let pool: TesseractPool | null = null;
  // Its ONNX session loads on the first figure read again, and is let go with the workers.
  const secondReader = settings.read.secondReader.enabled ? createLineRecognizer(settings.read.secondReader.threads) : undefined;
  let inflight = 0;
  let idle: NodeJS.Timeout | null = null;
  const closePool = async () => {
    const p = pool;
    pool = null;
    await Promise.all([p?.close(), secondReader?.close()]);
  };
  const withPool = async <T>(use: (p: TesseractPool) => Promise<T>): Promise<T> => {
    if (idle) clearTimeout(idle);
    pool ??= new TesseractPool(ocrThreads, settings);
    inflight++;
    try {
      return await use(pool);
    } finally {
      inflight--;
      if (inflight === 0 && options.idleCloseMs !== undefined) idle = setTimeout(() => void closePool(), options.idleCloseMs).unref();
    }
  };
  return {
    ocrThreads,
    settings,
    read: (page, quality) => withPool((p) => readPageContent(page, quality, p, settings, cache, secondReader)),
    async ocrWords(image, quality) {
      const read = await withPool((p) => readPageContent({ image, textLayer: null }, quality, p, settings, cache, secondReader));
      return read.content.words.map((w) => ({ text: w.text, box: read.toPageBox(w.box) }));
    },
    async close() {
      if (idle) clearTimeout(idle);
      await closePool();
    },
  };
}
