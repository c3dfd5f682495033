import { looksLikeDate, looksLikeNumber } from '../format/index.js';
import { FILLER_VALUE } from '../lexicon.js';

/** A value that reads as data rather than as a heading: a number, date or filler, not a bare year. */
export function isDataValue(text: string): boolean {
  const t = text.trim();
  if (/^(19|20)\d\d$/.test(t)) return false;
  // Filler and flag values fill data cells of text tables ("NA", "Yes", "–").
  if (FILLER_VALUE.test(t)) return true;
  if (/^\([-+]?[\d.,]+\s?[-–]\s?[\d.,]+\)%?$/.test(t) || /^[\d,]*\.\d+\s?[-–]\s?[\d,]*\.\d+$/.test(t)) return true;
  return looksLikeNumber(t) || looksLikeDate(t) || /^[$€£]?\s?[\d.,]+\s?%?$/.test(t);
}

export { SUMMARY_LABEL } from '../lexicon.js';
