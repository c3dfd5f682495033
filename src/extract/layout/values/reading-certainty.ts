/**
 * How far a value's reading off a scan can be trusted (docs/engine.md,
 * "Confidence"): a text layer's words are as printed; an OCR word carries the
 * recognizer's confidence, and a value's least sure word decides (a misread
 * digit spoils the whole amount).
 */
import type { ExtractResult, Word } from '../../types.js';
import { isImageRegion } from '../../types.js';
import type { EngineSettings } from '../../settings.js';
import { middleInside } from '../lines/geometry.js';

/** Whether the recognizer doubted one of the words (settings.values.certainty.ocrSure). */
export function isUnsureReading(words: Word[], settings: EngineSettings): boolean {
  return words.some((w) => w.confidence !== undefined && w.confidence < settings.values.certainty.ocrSure);
}

/** The share of a value's confidence its reading keeps: 1 at ocrSure and up, down to ocrFloor at ocrUnsure (settings.values.certainty). */
export function readCertainty(words: Word[], settings: EngineSettings): number {
  const { ocrSure, ocrUnsure, ocrFloor } = settings.values.certainty;
  let least = 1;
  for (const w of words) if (w.confidence !== undefined && w.confidence < least) least = w.confidence;
  return Math.min(1, Math.max(ocrFloor, (least - ocrUnsure) / (ocrSure - ocrUnsure)));
}

/** An amount with two decimals after a comma or a point ("74,78", "5.98"); a date's day and month are none ("07.09.18"). */
const CENTS: Record<',' | '.', RegExp> = { ',': /\d,\d{2}$/, '.': /\d\.\d{2}$/ };
const DATE_LIKE = /\d{1,2}[./]\d{1,2}[./]\d{2,4}$/;

/**
 * The OCR words whose decimal mark the page's other amounts contradict
 * (settings.values.certainty.mixedMarksShare): all of them where the page
 * mixes its marks, the fewer ones where one mark leads. A text layer's marks
 * are as printed.
 */
export function contradictedMarks(words: Word[], settings: EngineSettings): Word[] {
  const amounts = words.filter((w) => w.confidence !== undefined && !DATE_LIKE.test(w.text));
  const comma = amounts.filter((w) => CENTS[','].test(w.text));
  const point = amounts.filter((w) => CENTS['.'].test(w.text));
  const [more, fewer] = comma.length >= point.length ? [comma, point] : [point, comma];
  if (fewer.length === 0) return [];
  return fewer.length >= settings.values.certainty.mixedMarksShare * (more.length + fewer.length) || fewer.length === more.length ? [...more, ...fewer] : fewer;
}

/** An amount of a thousand or more with cents, its thousands grouped by a mark ("1'807.65", "9.753,36") or not ("6317.94"). */
const GROUPED = /^[-€$£]?\d{1,3}(?:[.,'’]\d{3})+[.,]\d{2}$/;
const UNGROUPED = /^[-€$£]?\d{4,}[.,]\d{2}$/;

/**
 * The OCR amounts printed without the thousands mark the page's other large
 * amounts print (settings.values.certainty.minGroupedAmounts of them at
 * least): a scan drops a thin apostrophe or point surely, and mostly ("6317.94"
 * for 6'317.94 beside two amounts that kept theirs), and the value is then not
 * as printed. A scan adds no mark, so the grouped ones stand.
 */
export function ungroupedAmounts(words: Word[], settings: EngineSettings): Word[] {
  const read = words.filter((w) => w.confidence !== undefined);
  const grouped = read.filter((w) => GROUPED.test(w.text)).length;
  return grouped >= settings.values.certainty.minGroupedAmounts ? read.filter((w) => UNGROUPED.test(w.text)) : [];
}

/**
 * A result whose values read off unsure words (those inside a value's box),
 * or off amounts whose decimal mark or thousands grouping the page contradicts, claim at most
 * settings.values.certainty.unsureReadingCap: the last step, after labels
 * and arithmetic have moved confidence.
 */
export function withUnsureReadingsCapped(result: ExtractResult, words: Word[], settings: EngineSettings): ExtractResult {
  const cap = settings.values.certainty.unsureReadingCap;
  const unsure = [...words.filter((w) => isUnsureReading([w], settings)), ...contradictedMarks(words, settings), ...ungroupedAmounts(words, settings)];
  if (!result.ok || unsure.length === 0) return result;
  const rows = result.rows.map((row) => {
    const out = { ...row };
    for (const [k, v] of Object.entries(row)) {
      if (isImageRegion(v) || !v.box || v.confidence === undefined || v.confidence <= cap) continue;
      const box = v.box;
      if (unsure.some((w) => middleInside(w, box))) out[k] = { ...v, confidence: cap };
    }
    return out;
  });
  return { ...result, rows };
}
