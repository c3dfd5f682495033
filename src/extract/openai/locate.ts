import { parseDate, parseNumber } from '../format/index.js';
import { unionBoxes } from '../layout/lines/geometry.js';
import type { EngineSettings } from '../settings.js';
import type { Box, Word } from '../types.js';
import { FLOAT_SLACK, middle } from '../units.js';

/**
 * Finds a value the model returned among the page's words, so its box comes
 * from the page and never from the model (README "Boxes that are true").
 * Matching runs from strict to loose: the exact text, then a folded form
 * (case, spacing, punctuation, accents, OCR look-alikes), then the same number
 * or calendar date in any printed convention.
 */

export type MatchKind = 'exact' | 'folded' | 'number' | 'date';

export interface Candidate {
  box: Box;
  kind: MatchKind;
  /** Words in the match: "1.234,50" beats "EUR 1.234,50" for the same number. */
  size: number;
  /** Index of the first word: reading order breaks ties. */
  start: number;
}

/** Kinds of match from the surest to the loosest; a number and a date are as sure as each other. */
const RANKS: MatchKind[][] = [['exact'], ['folded'], ['number', 'date']];
const RANK = Object.fromEntries(RANKS.flatMap((kinds, rank) => kinds.map((k) => [k, rank]))) as Record<MatchKind, number>;

/** Characters OCR confuses, mapped to one representative on both sides of a comparison. */
const LOOK_ALIKES: Record<string, string> = { '0': 'o', '1': 'l', i: 'l', '|': 'l', '5': 's', '8': 'b', '2': 'z' };

function fold(text: string): string {
  const plain = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  let out = '';
  for (const ch of plain) {
    const mapped = LOOK_ALIKES[ch] ?? ch;
    if (/[\p{L}\p{N}]/u.test(mapped)) out += mapped;
  }
  return out;
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

function sameNumber(value: number, text: string): boolean {
  // The page may print either convention: try both readings of an ambiguous separator.
  return [false, true].some((comma) => {
    const n = parseNumber(text, comma);
    return n !== null && Math.abs(Math.abs(n.value) - Math.abs(value)) < FLOAT_SLACK;
  });
}

function sameDate(value: { year: number; month: number; day: number }, text: string): boolean {
  return [false, true].some((monthFirst) => {
    const d = parseDate(text, monthFirst);
    return d !== null && d.year === value.year && d.month === value.month && d.day === value.day;
  });
}

/** A parsed reading of the value, computed once per value rather than per window. */
function readings(value: string) {
  const number = /\d/.test(value) ? parseNumber(value) : null;
  const date = /\d/.test(value) ? parseDate(value) ?? parseDate(value, true) : null;
  return { exact: collapse(value), folded: fold(value), number, date };
}

/** Every window of consecutive words that matches the value: best kind first, then fewest words, then reading order. */
export function findCandidates(value: string, words: Word[], settings: EngineSettings): Candidate[] {
  const want = readings(value);
  if (want.exact === '') return [];
  const tokens = want.exact.split(' ').length;
  const maxWindow = Math.min(words.length, tokens * settings.model.windowWordsPerWord + settings.model.windowExtraWords);
  const out: Candidate[] = [];
  for (let i = 0; i < words.length; i++) {
    let text = '';
    for (let j = i; j < i + maxWindow && j < words.length; j++) {
      text = j === i ? words[j].text : `${text} ${words[j].text}`;
      const kind = matchKind(want, collapse(text), j - i + 1, settings);
      if (kind) {
        out.push({ box: unionBoxes(words.slice(i, j + 1).map((w) => w.box)), kind, size: j - i + 1, start: i });
        break; // the shortest window from this start is the value itself
      }
    }
  }
  return out.sort((a, b) => RANK[a.kind] - RANK[b.kind] || a.size - b.size || a.start - b.start);
}

function matchKind(want: ReturnType<typeof readings>, text: string, size: number, settings: EngineSettings): MatchKind | null {
  if (text === want.exact) return 'exact';
  // Numbers compare by value only: folding drops separators, and 1234.50 is not 12,345.0.
  if (want.number && size <= settings.model.numberWords && (parseNumber(text) || parseNumber(text, true))) return sameNumber(want.number.value, text) ? 'number' : null;
  if (want.folded !== '' && fold(text) === want.folded) return 'folded';
  if (size <= settings.model.dateWords && want.date && sameDate(want.date, text)) return 'date';
  return null;
}

/**
 * Picks one candidate per value of a row: the best kind, and among equals the
 * one nearest a value of the same row found in exactly one place, so a "2" in
 * a line item lands on its own line rather than on the first "2" of the page.
 */
export function chooseForRow(candidates: Candidate[][]): Array<Candidate | null> {
  const height = (c: Candidate) => middle(c.box.y1, c.box.y2);
  const anchors = candidates.filter((c) => c.length === 1).map((c) => height(c[0]));
  return candidates.map((list) => {
    if (list.length === 0) return null;
    const best = list.filter((c) => RANK[c.kind] === RANK[list[0].kind] && c.size === list[0].size);
    if (anchors.length === 0) return best[0];
    const distance = (c: Candidate) => Math.min(...anchors.map((a) => Math.abs(height(c) - a)));
    return best.reduce((a, b) => (distance(b) < distance(a) ? b : a));
  });
}

/** Intersection over union of two boxes. */
function iou(a: Box, b: Box): number {
  const w = Math.max(0, Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1));
  const h = Math.max(0, Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1));
  const inter = w * h;
  const union = (a.x2 - a.x1) * (a.y2 - a.y1) + (b.x2 - b.x1) * (b.y2 - b.y1) - inter;
  return union > 0 ? inter / union : 0;
}

/** The image region (found by the layout engine) that best overlaps the model's box, or null when none overlaps it enough. */
export function snapToRegion(box: Box, regions: Box[], settings: EngineSettings): Box | null {
  let best: Box | null = null;
  let bestScore = 0;
  for (const region of regions) {
    const score = iou(box, region);
    if (score > bestScore) {
      best = region;
      bestScore = score;
    }
  }
  return bestScore >= settings.model.minRegionOverlap ? best : null;
}
