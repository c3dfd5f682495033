/**
 * A second reader for the words that carry a page's figures: a word holding
 * a digit that tesseract read unsurely, or with stray marks (`7..58`,
 * `5:99`), is cropped at tesseract's box and read again by PP-OCR's
 * recognizer (line-recognizer.ts), which reads digits and separators more
 * surely on receipts' till print but knows no accented letters. The second
 * reading takes the word's place only when it still reads as figures and is
 * surer than tesseract was (docs/measurements.md, "Second reader").
 *
 * The same for the words of a page's head, where a till prints its name and
 * address in capitals a scan smudges ("SERDAHNG", "fuardian", "5DNi"): a word
 * holding a letter that tesseract read unsurely is read again there, on pages
 * read in a language whose letters the recognizer knows, and the surer reading
 * wins whatever it reads as (docs/measurements.md, "tills49").
 */
import { MINUTES_PATTERN } from '../format/time-of-day.js';
import type { Lang } from '../lang/index.js';
import { groupWordsIntoLines } from '../layout/lines/lines.js';
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
 * The words of the page's head that hold a letter tesseract read unsurely: its first lines near the top
 * (settings.read.secondReader.headLines, headTop), on a page read in English, the one language printed without
 * accents: the recognizer's dictionary has none (a German `Südring` came back `sudring`).
 */
function unsureHeadWords(words: Word[], aspect: number, language: Lang, settings: EngineSettings): Set<Word> {
  const { headLines, headTop, maxConfidence } = settings.read.secondReader;
  if (language !== 'en') return new Set();
  const head = groupWordsIntoLines(words, aspect, settings)
    .filter((l) => l.box.y1 < headTop)
    .slice(0, headLines);
  return new Set(head.flatMap((l) => l.words).filter((w) => /\p{L}/u.test(w.text) && (w.confidence ?? 1) < maxConfidence));
}

/** A head word's second reading: any text but the Han characters of the model's dictionary, surer than tesseract was. */
function acceptsHeadReading(text: string, r: LineReading, tesseractConfidence: number): boolean {
  return text !== '' && !/\p{Script=Han}/u.test(text) && r.scores.length > 0 && Math.min(...r.scores) > tesseractConfidence;
}

/**
 * The page's words with the unsure figures, and the unsure words of its head, read again where the second reading
 * is sure; such a word keeps its box and takes the recognizer's least sure character as its confidence.
 */
export async function rereadUnsureWords(raster: GreyRaster, page: { words: Word[]; aspect: number; language: Lang }, recognizer: LineRecognizer, settings: EngineSettings): Promise<Word[]> {
  const head = unsureHeadWords(page.words, page.aspect, page.language, settings);
  const out: Word[] = [];
  for (const w of page.words) {
    const crop = wantsSecondReading(w, settings) || head.has(w) ? wordCrop(raster, w, settings) : undefined;
    if (!crop) {
      out.push(w);
      continue;
    }
    const reading = await recognizer.recognize(crop);
    const text = asWordText(reading);
    const confidence = w.confidence ?? 1;
    const taken = text !== w.text && (acceptsSecondReading(text, reading, confidence) || (head.has(w) && acceptsHeadReading(text, reading, confidence)));
    out.push(taken ? { ...w, text, confidence: Math.min(...reading.scores) } : w);
  }
  return out;
}
