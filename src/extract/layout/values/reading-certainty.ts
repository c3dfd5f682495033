/**
 * How far a value's reading off a scan can be trusted (docs/engine.md,
 * "Confidence"): a text layer's words are as printed; an OCR word carries the
 * recognizer's confidence, and a value's least sure word decides (a misread
 * digit spoils the whole amount).
 */
import type { Box, ExtractResult, Word } from '../../types.js';
import { isImageRegion } from '../../types.js';

/** OCR word confidence at or above which a reading takes nothing off a value's confidence (tesseract's clean words score 85-96). */
const OCR_SURE = 0.85;
/** OCR word confidence at which a reading is a guess. */
const OCR_UNSURE = 0.35;
/** The least share of its confidence a value keeps for its reading. */
const OCR_FLOOR = 0.2;
/**
 * The most a value with an unsure word may claim, whatever the arithmetic or
 * labels add: a sure value (0.9 and up) must be right 97 % of the time, and a
 * reading the recognizer doubted is not.
 */
const UNSURE_READING_CAP = 0.85;

/** Whether the recognizer doubted one of the words. */
export function isUnsureReading(words: Word[]): boolean {
  return words.some((w) => w.confidence !== undefined && w.confidence < OCR_SURE);
}

/** The share of a value's confidence its reading keeps: 1 at OCR_SURE and up, down to OCR_FLOOR at OCR_UNSURE. */
export function readCertainty(words: Word[]): number {
  let least = 1;
  for (const w of words) if (w.confidence !== undefined && w.confidence < least) least = w.confidence;
  return Math.min(1, Math.max(OCR_FLOOR, (least - OCR_UNSURE) / (OCR_SURE - OCR_UNSURE)));
}

const within = (w: Word, b: Box) => {
  const [x, y] = [(w.box.x1 + w.box.x2) / 2, (w.box.y1 + w.box.y2) / 2];
  return x >= b.x1 && x <= b.x2 && y >= b.y1 && y <= b.y2;
};

/**
 * A result whose values read off unsure words (those inside a value's box)
 * claim at most UNSURE_READING_CAP: the last step, after labels and
 * arithmetic have moved confidence.
 */
export function withUnsureReadingsCapped(result: ExtractResult, words: Word[]): ExtractResult {
  const unsure = words.filter((w) => isUnsureReading([w]));
  if (!result.ok || unsure.length === 0) return result;
  const rows = result.rows.map((row) => {
    const out = { ...row };
    for (const [k, v] of Object.entries(row)) {
      if (isImageRegion(v) || !v.box || v.confidence === undefined || v.confidence <= UNSURE_READING_CAP) continue;
      const box = v.box;
      if (unsure.some((w) => within(w, box))) out[k] = { ...v, confidence: UNSURE_READING_CAP };
    }
    return out;
  });
  return { ...result, rows };
}
