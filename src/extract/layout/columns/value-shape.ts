/**
 * What a table cell's text looks like, coarsely enough that a column holds
 * one shape: the columns stage names columns without heads by it
 * (column-kinds.ts) and weighs heads against it (column-mapping.ts).
 */
import { looksLikeDate, looksLikeNumber } from '../../format/index.js';

export type Shape = 'date' | 'percent' | 'integer' | 'decimal' | 'measures' | 'code' | 'word' | 'words';

/** What a cell's text looks like, coarsely enough that a column holds one shape. */
export function shapeOf(text: string): Shape | null {
  // A till's tax class of two capitals after an amount (Malaysian GST codes: "14.43 SR") leaves it an amount; one
  // capital ("9,88 A") leaves the cell without a shape, as a scan's stray marks after it do.
  const t = text.trim().replace(/(\d[.,]\d{2}-?)\s[A-Z]{2}$/, '$1');
  if (!t) return null;
  if (/^[-+]?[\d.,\s]+\s?%$/.test(t)) return 'percent';
  if (looksLikeDate(t)) return 'date';
  // A box's measures ("60x40x35", "120 × 80"): no article number, though letters stand between the digits.
  if (/^\d+(?:[.,]\d+)?(?:\s?[x×]\s?\d+(?:[.,]\d+)?){1,2}$/i.test(t)) return 'measures';
  // Long digit runs are article numbers, not counts; letters mixed with digits too ("A-1023", "PL2025-11"), and
  // digit groups joined by hyphens or slashes that are no date ("48-6834").
  if (/^\d{5,}$/.test(t) || (/\d/.test(t) && /\p{L}/u.test(t) && !/\s/.test(t)) || /^\d+(?:[-/]\d+)+$/.test(t)) return 'code';
  if (/^[-+]?\d{1,3}(?:[.,' ]\d{3})*$|^[-+]?\d{1,4}$/.test(t)) return 'integer';
  if (looksLikeNumber(t)) return 'decimal';
  // Units of measure are one short word ("pcs", "Stk.", "m²", "resma"); anything longer is prose.
  if (/^\p{L}[\p{L}²³./]{0,5}$/u.test(t)) return 'word';
  return /\p{L}{2}/u.test(t) ? 'words' : null;
}
