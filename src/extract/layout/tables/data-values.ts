import { looksLikeDate, looksLikeNumber } from '../../format/index.js';
import { FILLER_VALUE, ITEM_ADJUSTMENT, ITEM_NOTE, SUMMARY_LABEL } from '../../lexicon.js';
import { isSummaryLabel } from '../values/arithmetic.js';
import type { EngineSettings } from '../../settings.js';
import type { Word } from '../../types.js';
import { REMEMBERED_TEXTS } from '../../units.js';
import type { Segment } from '../lines/lines.js';

/**
 * Verdicts of isDataValue by text: table finding asks about the same cell
 * texts many times over (blocks, splits, headers), and the number and date
 * readings were a third of a text page's engine time. Emptied when full.
 */
const dataValueVerdicts = new Map<string, boolean>();

/** A value that reads as data rather than as a heading: a number, date or filler, not a bare year. */
export function isDataValue(text: string): boolean {
  const known = dataValueVerdicts.get(text);
  if (known !== undefined) return known;
  if (dataValueVerdicts.size >= REMEMBERED_TEXTS) dataValueVerdicts.clear();
  const verdict = readsAsData(text);
  dataValueVerdicts.set(text, verdict);
  return verdict;
}

/** A row with a cell that reads as data: an item's figures, where a wrapped line or a group line has none. */
export function holdsDataValue(row: { cells: ReadonlyArray<{ text: string }> }): boolean {
  return row.cells.some((c) => isDataValue(c.text));
}

function readsAsData(text: string): boolean {
  const t = text.trim();
  if (/^(19|20)\d\d$/.test(t)) return false;
  // Filler and flag values fill data cells of text tables ("NA", "Yes", "–").
  if (FILLER_VALUE.test(t)) return true;
  if (/^\([-+]?[\d.,]+\s?[-–]\s?[\d.,]+\)%?$/.test(t) || /^[\d,]*\.\d+\s?[-–]\s?[\d,]*\.\d+$/.test(t)) return true;
  return looksLikeNumber(t) || looksLikeDate(t) || /^[$€£]?\s?[\d.,]+\s?%?$/.test(t);
}

/**
 * The label of a summary line under a table: an English start ("Total EUR",
 * "Balance due", lexicon.ts) or a summary concept's label in any of the
 * catalogue's languages ("Totaal excl. btw", "Imponibile", "BTW 9%").
 */
export function isSummaryText(text: string, settings: EngineSettings): boolean {
  return SUMMARY_LABEL.test(text) || isSummaryLabel(text, settings);
}

/** A word of strokes alone: dashes, bars, underscores. */
const STROKES = /^[-–—_|¦]+$/;

/**
 * A date cell's words without strokes standing apart before or after the
 * date: a scan's fold or a ruling line's remains read as "—" beside it
 * ("03/08/2024 —"). A cell of strokes alone (an empty-cell dash) stays.
 */
export function withoutStrokes<W extends { text: string }>(words: W[]): W[] {
  let [start, end] = [0, words.length];
  while (start < end && STROKES.test(words[start].text)) start++;
  while (end > start && STROKES.test(words[end - 1].text)) end--;
  return start < end ? words.slice(start, end) : words;
}

/** A data value, or numbers packed closer than a cell gap ("1,087,948 1,022,490"). */
export function isDataSegment(s: Segment): boolean {
  return isDataValue(s.text) || s.words.every((w) => isDataValue(w.text));
}

/** A count's words without the unit word set after it ("100,0000 Stk.", "27.5 hrs"): the number a plain number asks for. */
export function withoutUnitWord(words: Word[]): Word[] {
  const [number, unit, ...more] = words;
  return unit && more.length === 0 && isDataValue(number.text) && /^\p{L}+\.?$/u.test(unit.text) ? [number] : words;
}

/**
 * A till's discount under an item ("Rabatt | 0,30-", "Savings | -1.00 A", "Promozione | | -0,50"): its first words
 * start as a discount does (lexicon.ts `ITEM_ADJUSTMENT`) and its last figure, a tax class after it left aside, is
 * negative. It lowers the item above it and is no item of its own, though "Rabatt" also labels a document's discount.
 */
function isItemAdjustment(texts: string[]): boolean {
  const [label, ...rest] = texts.map((t) => t.trim()).filter(Boolean);
  // Cells of a lone tax class ("A") left aside.
  const figures = rest.filter((t) => !/^[A-Z0-9]$/.test(t));
  if (!label || !figures.length || !ITEM_ADJUSTMENT.test(label)) return false;
  const figure = figures[figures.length - 1].replace(/\s+[A-Z0-9]$/, '').replace(/[€$£\s]/g, '');
  return /\d/.test(figure) && /^[-−]|[-−]$|^\(.*\)$/.test(figure);
}

/**
 * A till's note under an item with a figure in it, savings told or an item voided ("You saved | 0.50", "Sie sparen |
 * 0,50", "Storno Butter | -2,29 A"): whatever its sign, no item. Savings told were already taken off the price; a
 * void takes back an item rung up above it, and a list keeps the items as rung up.
 */
function isItemNote(texts: string[]): boolean {
  const [label, ...rest] = texts.map((t) => t.trim()).filter(Boolean);
  return label !== undefined && ITEM_NOTE.test(label) && /\d/.test(rest.join(' ') || label.replace(ITEM_NOTE, ''));
}

/**
 * A modifier a restaurant's till prints under an item, priced or not ("+ Extra cheese | 0.50", "- no onions"): a sign,
 * then words. It belongs to the item above and is no item of its own.
 */
const isModifier = (texts: string[]): boolean => /^(?:\+\s*|[-–]\s+)\p{L}/u.test(texts.find((t) => t.trim())?.trim() ?? '');

/** A till's line under an item that is none of its own: a discount, savings told, a void or a modifier. */
export const isUnderItem = (texts: string[]): boolean => isItemAdjustment(texts) || isItemNote(texts) || isModifier(texts);
