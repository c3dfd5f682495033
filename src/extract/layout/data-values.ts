import { looksLikeDate, looksLikeNumber } from '../format/index.js';

/** A value that reads as data rather than as a heading: a number, date or filler, not a bare year. */
export function isDataValue(text: string): boolean {
  const t = text.trim();
  if (/^(19|20)\d\d$/.test(t)) return false;
  // Filler and flag values fill data cells of text tables ("NA", "Yes", "–").
  if (/^(n\/?a|na|nil|none|yes|no|y|n|x|✓|✔|\*+|[-–—]+|\.{2,}|…)$/i.test(t)) return true;
  if (/^\([-+]?[\d.,]+\s?[-–]\s?[\d.,]+\)%?$/.test(t) || /^[\d,]*\.\d+\s?[-–]\s?[\d,]*\.\d+$/.test(t)) return true;
  return looksLikeNumber(t) || looksLikeDate(t) || /^[$€£]?\s?[\d.,]+\s?%?$/.test(t);
}

/** Labels of summary lines under a table (Subtotal, VAT, Total, Balance due...). */
export const SUMMARY_LABEL = /^(sub-?\s?total|total|grand total|balance( due)?|amount due|total due|tax|vat|gst|sales tax|shipping|discount|net|gross|carried forward|brought forward)\b/i;
