/**
 * A second reader for the words that carry a page's figures: a word holding
 * a digit that tesseract read unsurely, or with stray marks (`7..58`,
 * `5:99`), is cropped at tesseract's box and read again by PP-OCR's
 * recognizer (line-recognizer.ts), which reads digits and separators more
 * surely on receipts' till print but knows no accented letters. The second
 * reading takes the word's place only when it still reads as figures and is
 * surer than tesseract was (docs/measurements.md, "Second reader").
 */
import { MINUTES_PATTERN } from '../format/time-of-day.js';
import type { EngineSettings } from '../settings.js';
import type { Word } from '../types.js';
import type { GreyRaster } from './grey-raster.js';
import type { LineReading, LineRecognizer } from './line-recognizer.js';

/**
 * Marks a figure never holds: doubled separators, a semicolon, a colon that
 * starts no minutes (`5:99`, a quantity's `1:`; a time's `13:14:15` is
 * fine), and signs no till prints in figures (`|`, `=`, `"`, `~`).
 */
const STRAY_MARKS = new RegExp(`[.,:;]{2}|;|\\d:(?!${MINUTES_PATTERN}(?!\\d))|[^\\p{L}\\p{N}.,:/\\-+()%*#'€$£ ]`, 'u');

/** Worth a second reading: figures read unsurely or with stray marks. */
export function wantsSecondReading(w: Word, settings: EngineSettings): boolean {
  return /\d/.test(w.text) && ((w.confidence ?? 1) < settings.read.secondReader.maxConfidence || STRAY_MARKS.test(w.text));
}

/** The recognizer's text as this engine's words hold it: full-width marks as ASCII, no spaces inside a word. */
export function asWordText(r: LineReading): string {
  return r.text.normalize('NFKC').replace(/\s+/g, '');
}

/**
 * Taken when it still reads as figures (a digit, no Han character: the
 * model's dictionary is Chinese and English; no stray marks) and the
 * recognizer is surer of its least sure character than tesseract was of the
 * word: of two readers the surer one wins.
 */
export function acceptsSecondReading(text: string, r: LineReading, tesseractConfidence: number): boolean {
  return /\d/.test(text) && !/\p{Script=Han}/u.test(text) && !STRAY_MARKS.test(text) && r.scores.length > 0 && Math.min(...r.scores) > tesseractConfidence;
}

/** The word's ink on `raster` (boxes are normalized to it) with the settings' margin; undefined when too small to read. */
export function wordCrop(raster: GreyRaster, w: Word, settings: EngineSettings): GreyRaster | undefined {
  const { padHeightShare, padWidthShare } = settings.read.secondReader;
  const h = (w.box.y2 - w.box.y1) * raster.height;
  const x0 = Math.max(0, Math.floor(w.box.x1 * raster.width - padWidthShare * h));
  const x1 = Math.min(raster.width, Math.ceil(w.box.x2 * raster.width + padWidthShare * h));
  const y0 = Math.max(0, Math.floor(w.box.y1 * raster.height - padHeightShare * h));
  const y1 = Math.min(raster.height, Math.ceil(w.box.y2 * raster.height + padHeightShare * h));
  if (x1 <= x0 || y1 <= y0) return undefined;
  const width = x1 - x0;
  const data = new Uint8Array(width * (y1 - y0));
  for (let y = y0; y < y1; y++) data.set(raster.data.subarray(y * raster.width + x0, y * raster.width + x1), (y - y0) * width);
  return { width, height: y1 - y0, data };
}

/**
 * The page's words with the unsure figures read again where the second
 * reading is sure; such a word keeps its box and takes the recognizer's
 * least sure character as its confidence.
 */
export async function rereadFigures(raster: GreyRaster, words: Word[], recognizer: LineRecognizer, settings: EngineSettings): Promise<Word[]> {
  const out: Word[] = [];
  for (const w of words) {
    const crop = wantsSecondReading(w, settings) ? wordCrop(raster, w, settings) : undefined;
    if (!crop) {
      out.push(w);
      continue;
    }
    const reading = await recognizer.recognize(crop);
    const text = asWordText(reading);
    out.push(text !== w.text && acceptsSecondReading(text, reading, w.confidence ?? 1) ? { ...w, text, confidence: Math.min(...reading.scores) } : w);
  }
  return out;
}
