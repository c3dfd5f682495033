/**
 * Reading a page in its own language at about the cost of one reading
 * (docs/engine.md, "OCR languages"). The top third of the page's ink is read
 * with the English model; when those words tell the language, an English
 * page reads on from there, and a page in another language is read whole
 * with its own model, the English reading of the top kept for its figures.
 * Only a page whose top third says too little (a receipt's merchant lines)
 * is read whole in English first and, when that tells another language, read
 * again: the cost every non-English page paid before, and one a page whose
 * reading budget has a single whole reading left (reading-budget.ts) does without.
 */
import { OCR_MODELS, type Lang } from '../lang/index.js';
import type { EngineSettings } from '../settings.js';
import { middle } from '../units.js';
import { pageInk, recognizeInBands, splitIntoBands, type PageInk, type RowRange } from './bands.js';
import type { GreyRaster } from './grey-raster.js';
import { mergeLanguageReadings } from './merge-readings.js';
import { detectPageLanguage, tellLanguage } from './page-language.js';
import type { OcrWord, TesseractPool } from './tesseract-pool.js';

export interface LanguageReading {
  words: OcrWord[];
  language: Lang;
  /** Whole-page readings made, 1 or 2 (the top third read to tell the language is no whole one). */
  fullReadings: number;
}

/**
 * The rows read first, and those after them (undefined when the page has no gap to cut at): the page's ink cut
 * into settings.read.languageHeadParts parts of equal ink, the first read to tell the language.
 */
function headAndRest({ ink, noise }: PageInk, headParts: number): { head: RowRange; rest?: RowRange } {
  const [head, next] = splitIntoBands(ink, headParts, noise);
  return next ? { head, rest: { y0: next.y0, y1: ink.length } } : { head };
}

/**
 * A whole page's reading with its language's model, the figures of the
 * English reading of rows `rows` merged in there (mergeLanguageReadings).
 * Below those rows the native words stay as read: the merge drops words of
 * low confidence that only one reading saw, and there every word is one.
 */
export function withFiguresOf(native: OcrWord[], english: OcrWord[], rows: RowRange, settings: EngineSettings): OcrWord[] {
  const inRows = (w: OcrWord) => middle(w.y0, w.y1) < rows.y1;
  return [...mergeLanguageReadings(native.filter(inRows), english, settings), ...native.filter((w) => !inRows(w))];
}

/**
 * Reads a page (ruling lines erased) in `language`, or in the language its
 * English reading tells. With `maxFull` 1, a page whose top does not tell
 * its language is read once, in English, and keeps that reading.
 */
export async function readInLanguage(pool: TesseractPool, page: GreyRaster, dpi: number, settings: EngineSettings, language: Lang | undefined, maxFull: number): Promise<LanguageReading> {
  const ink = pageInk(page, settings);
  const read = (lang: Lang, rows?: RowRange) => recognizeInBands(pool, page, dpi, settings, OCR_MODELS[lang], rows, ink);
  if (language) return { words: await read(language), language, fullReadings: 1 };
  const { head, rest } = headAndRest(ink, settings.read.languageHeadParts);
  const top = await read('en', head);
  const told = tellLanguage(top, settings);
  if (told && told !== 'en') return { words: withFiguresOf(await read(told), top, head, settings), language: told, fullReadings: 1 };
  const english = rest ? [...top, ...(await read('en', rest))] : top;
  const whole = told ?? detectPageLanguage(english, settings);
  if (whole === 'en' || maxFull <= 1) return { words: english, language: whole, fullReadings: 1 };
  const readings = [english, await read(whole)];
  return { words: mergeLanguageReadings(readings[1], english, settings), language: whole, fullReadings: readings.length };
}
