import { parseDate, parseNumber } from '../../extract/format/index.js';
import { groupWordsIntoLines } from '../../extract/layout/lines/lines.js';
import { roundBox, unionBoxes } from '../../extract/layout/lines/geometry.js';
import { isImageRegion, type Box, type ExtractedCell, type Word } from '../../extract/types.js';

/**
 * The bbox pass proper: finds the page words that carry each extracted value.
 * A box is only ever the union of real words whose text matches the value, so
 * it is verified against the page rather than copied from the engine; a value
 * that no word supports gets null. Pure: page words in, boxes out.
 */

/** Longest word run tried as one value (a long description cell). */
const MAX_RUN_WORDS = 40;
/** A value found away from the engine's box is trusted only when this long and printed once on the page. */
const MIN_PAGE_WIDE_KEY = 4;
/** Share of the value's characters that partially matching words must cover. */
const MIN_PARTIAL_COVERAGE = 0.6;
/** Shorter values need an exact word: a quantity "3" is "partly" in every "13" or "30" of the next rows. */
const MIN_PARTIAL_KEY = 3;

/** Words in reading order plus their comparison keys, built once per page. */
export interface PageIndex {
  words: Word[];
  keys: string[];
}

export function indexPage(words: Word[], aspect: number): PageIndex {
  const ordered = groupWordsIntoLines(words, aspect).flatMap((line) => line.words);
  return { words: ordered, keys: ordered.map((w) => keyOf(w.text)) };
}

/** Letters and digits only, case-folded: "1,234.50" and "1234.50" differ, "Acme, Inc." and "acme inc" do not. */
export function keyOf(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A value's meaning when it is a date or a number, so a reformatted value still finds its printed words. */
function semanticOf(text: string): string | null {
  const date = parseDate(text);
  if (date) return `d:${date.year}-${date.month}-${date.day}`;
  const num = parseNumber(text);
  return num ? `n:${num.value}` : null;
}

function centre(b: Box): [number, number] {
  return [(b.x1 + b.x2) / 2, (b.y1 + b.y2) / 2];
}

/** The engine's box grown a little: its boxes may be tight or slightly off, never far off when right. */
function searchArea(hint: Box): Box {
  const h = Math.max(hint.y2 - hint.y1, 0.01);
  const w = hint.x2 - hint.x1;
  return { x1: hint.x1 - 0.02 - w * 0.25, y1: hint.y1 - h * 0.6, x2: hint.x2 + 0.02 + w * 0.25, y2: hint.y2 + h * 0.6 };
}

function inside(b: Box, area: Box): boolean {
  const [cx, cy] = centre(b);
  return cx >= area.x1 && cx <= area.x2 && cy >= area.y1 && cy <= area.y2;
}

function distance(b: Box, hint: Box): number {
  const [ax, ay] = centre(b);
  const [bx, by] = centre(hint);
  // Rows are stacked vertically: a vertical miss is worse than a horizontal one.
  return Math.abs(ax - bx) + 3 * Math.abs(ay - by);
}

interface Run {
  box: Box;
  exact: boolean;
}

/**
 * Contiguous word runs (in reading order, among `positions`) whose text equals
 * the value exactly, or as the same date or number.
 */
function findRuns(index: PageIndex, positions: number[], valueKey: string, valueSemantic: string | null): Run[] {
  const runs: Run[] = [];
  for (let s = 0; s < positions.length; s++) {
    let joinedKey = '';
    const texts: string[] = [];
    for (let e = s; e < positions.length && e - s < MAX_RUN_WORDS; e++) {
      const p = positions[e];
      joinedKey += index.keys[p];
      texts.push(index.words[p].text);
      const boxes = () => positions.slice(s, e + 1).map((q) => index.words[q].box);
      if (joinedKey === valueKey) {
        runs.push({ box: unionBoxes(boxes()), exact: true });
        break;
      }
      if (valueSemantic && texts.length <= 4 && semanticOf(texts.join(' ')) === valueSemantic) {
        runs.push({ box: unionBoxes(boxes()), exact: false });
        break;
      }
      // Once the run's letters stop being a prefix of the value, longer runs cannot match exactly.
      if (!valueKey.startsWith(joinedKey) && (!valueSemantic || texts.length >= 4)) break;
    }
  }
  return runs;
}

/**
 * Words near the engine's box that each carry only characters of the value
 * (an OCR split "Acme," "Inc" or a value printed with a label glued on). They
 * support the value when together they cover most of it.
 */
function partialSupport(index: PageIndex, positions: number[], valueKey: string): Box | null {
  const supporting: Box[] = [];
  let covered = 0;
  for (const p of positions) {
    const k = index.keys[p];
    if (k.length === 0) continue;
    if (valueKey.includes(k) && (k.length >= 2 || valueKey.length <= 2)) {
      supporting.push(index.words[p].box);
      covered += k.length;
    } else if (k.includes(valueKey) && valueKey.length * 2 >= k.length) {
      supporting.push(index.words[p].box);
      covered += valueKey.length;
    }
  }
  if (supporting.length === 0 || covered < valueKey.length * MIN_PARTIAL_COVERAGE) return null;
  return unionBoxes(supporting);
}

function nearest(runs: Run[], hint: Box): Run {
  return runs.reduce((best, r) => (distance(r.box, hint) < distance(best.box, hint) ? r : best));
}

/**
 * Locates one value. `hint` is where the engine put it (or the row's band);
 * the search looks there first and falls back to the whole page only for
 * values distinctive enough not to be found by accident.
 */
export function locateValue(value: string | null, hint: Box | null, index: PageIndex): Box | null {
  if (value === null) return null;
  const valueKey = keyOf(value);
  if (valueKey.length === 0) return null;
  const valueSemantic = semanticOf(value);
  const all = index.words.map((_, i) => i);
  if (hint) {
    const area = searchArea(hint);
    const near = all.filter((i) => inside(index.words[i].box, area));
    const runs = findRuns(index, near, valueKey, valueSemantic);
    if (runs.length > 0) return roundBox(nearest(runs, hint).box);
    const partial = valueKey.length >= MIN_PARTIAL_KEY ? partialSupport(index, near, valueKey) : null;
    if (partial) return roundBox(partial);
  }
  // Away from the engine's box only an unambiguous value counts: a short one
  // ("7") or one printed twice could be any of its occurrences.
  if (valueKey.length < MIN_PAGE_WIDE_KEY) return null;
  const runs = findRuns(index, all, valueKey, null);
  return runs.length === 1 ? roundBox(runs[0].box) : null;
}

/** The vertical band of a row (from its located cells), used as the hint for cells the engine left unplaced. */
function rowBand(row: Record<string, ExtractedCell>): Box | null {
  const boxes = Object.values(row).flatMap((c) => (!isImageRegion(c) && c.box ? [c.box] : []));
  if (boxes.length === 0) return null;
  const u = unionBoxes(boxes);
  return { x1: 0, y1: u.y1, x2: 1, y2: u.y2 };
}

/**
 * Boxes for every field of one row. Pure-location values are already regions
 * of the page (not text), so their region passes through unchanged.
 */
export function locateRow(row: Record<string, ExtractedCell>, index: PageIndex): Record<string, Box | null> {
  const band = rowBand(row);
  const out: Record<string, Box | null> = {};
  for (const [field, cell] of Object.entries(row)) {
    out[field] = isImageRegion(cell) ? cell.box : locateValue(cell.value, cell.box ?? band, index);
  }
  return out;
}
