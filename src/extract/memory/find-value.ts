/**
 * A value a person set, found among the page's words: the run of words that
 * prints it, over one line or several. Printed as set first; else printed as
 * the same value of its kind (a date set as `2018-03-05` that the page prints
 * `05.03.2018`, an amount set as `1234.50` printed `1.234,50`: a person
 * types what the format requirement asked for); else, on a page read by OCR,
 * printed with a slip or two (`7..58`, `Kraków` read `Krakow`).
 */
import type { Box, Word } from '../types.js';
import { parseDate } from '../format/index.js';
import { unionBoxes } from '../layout/lines/geometry.js';
import type { Line, Segment } from '../layout/lines/lines.js';
import { amountValue } from '../layout/values/arithmetic.js';
import { middle } from '../units.js';
import { levenshtein } from '../levenshtein.js';
import { compact, slipsFor } from './near-text.js';
import type { EngineSettings } from '../settings.js';

export interface ValueHit {
  /** Index of its first line. */
  line: number;
  /** Lines from its first to its last, and those of them that print its words (a line of another column may lie between). */
  lines: number;
  printed: number;
  words: Word[];
  box: Box;
}

export const segmentOf = (line: Line, w: Word): Segment => line.segments.find((s) => s.words.includes(w)) ?? line.segments[0];

/** Whether a segment goes on a value over lines: it starts under the value's first word, or is centred under its first line (a receipt's letterhead). */
export function continuesUnder(s: Segment, firstLine: Word[], settings: EngineSettings): boolean {
  const { x1 } = firstLine[0].box;
  const { wrapAlign } = settings.memory;
  return Math.abs(s.box.x1 - x1) <= wrapAlign || Math.abs(middle(s.box.x1, s.box.x2) - middle(x1, firstLine[firstLine.length - 1].box.x2)) <= wrapAlign;
}

/**
 * The runs of words printing `value` (spaces and case aside), each from its first word on; `inRow`: a cell of a
 * table's row, which may go on in the next segment of its line (a scan's words set wide apart: `LED  desk  lamp`).
 * A document value does not: its run over two segments is a footer's `name - street - town`, read worse.
 */
function printedAsSet(lines: Line[], target: string, inRow: boolean, settings: EngineSettings): ValueHit[] {
  const { wrapLinesBelow } = settings.memory;
  const hits: ValueHit[] = [];
  lines.forEach((line, li) => {
    line.words.forEach((w0) => {
      const words: Word[] = [];
      let acc = '';
      let l = li;
      let printed = 1;
      let onFirstLine: number | undefined;
      let seg = segmentOf(line, w0);
      let k = seg.words.indexOf(w0);
      while (true) {
        const next = compact(seg.words[k].text);
        if (!target.startsWith(acc + next)) return;
        acc += next;
        words.push(seg.words[k]);
        if (acc === target) break;
        if (k + 1 < seg.words.length) {
          k++;
          continue;
        }
        // The segment ends before the value: it may go on in the next segment of its line (a row's cell), or under
        // its first word (an address over two lines).
        const after = inRow ? lines[l].segments[lines[l].segments.indexOf(seg) + 1] : undefined;
        if (after && target.startsWith(acc + compact(after.words[0].text))) {
          seg = after;
          k = 0;
          continue;
        }
        const firstLine = words.slice(0, onFirstLine ?? words.length);
        onFirstLine = firstLine.length;
        const below = lines.slice(l + 1, l + 1 + wrapLinesBelow).find((n) => n.segments.some((s) => continuesUnder(s, firstLine, settings)));
        if (!below) return;
        l = lines.indexOf(below);
        printed++;
        seg = below.segments.find((s) => continuesUnder(s, firstLine, settings))!;
        k = 0;
      }
      hits.push({ line: li, lines: l - li + 1, printed, words, box: unionBoxes(words.map((w) => w.box)) });
    });
  });
  return hits;
}

/** Runs of words within one segment (at most settings.memory.slipRunWords) that `accept` takes, with the runs' cost: the cheapest run from each first word. */
function runsWhere(lines: Line[], accept: (text: string) => number | null, settings: EngineSettings): ValueHit[] {
  const found: Array<{ hit: ValueHit; cost: number }> = [];
  lines.forEach((line, li) => {
    for (const seg of line.segments) {
      seg.words.forEach((_, k) => {
        let best: { words: Word[]; cost: number } | null = null;
        for (let n = 1; n <= settings.memory.slipRunWords && k + n <= seg.words.length; n++) {
          const words = seg.words.slice(k, k + n);
          const cost = accept(words.map((w) => w.text).join(' '));
          if (cost !== null && (!best || cost < best.cost)) best = { words, cost };
        }
        if (best) found.push({ hit: { line: li, lines: 1, printed: 1, words: best.words, box: unionBoxes(best.words.map((w) => w.box)) }, cost: best.cost });
      });
    }
  });
  const least = Math.min(...found.map((f) => f.cost));
  return found.filter((f) => f.cost === least).map((f) => f.hit);
}

const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/** How a value set in a requested format is compared with printed words: as a date, as an amount, or not at all (text). */
function sameOfKind(value: string): ((text: string) => number | null) | null {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseDate(value) : null;
  if (date) {
    return (text) => {
      const d = parseDate(text);
      return d && d.year === date.year && d.month === date.month && d.day === date.day ? 0 : null;
    };
  }
  // A whole number is too common on a page (a quantity of 1) to be found by its value alone.
  if (PLAIN_NUMBER.test(value) && value.includes('.')) {
    const n = Number(value);
    return (text) => (/\d[.,]\d/.test(text) && amountValue(text) === n ? 0 : null);
  }
  return null;
}

/**
 * The runs of words printing `value`: as set, else as the same value of its kind, else (`ocr`: a page read by OCR)
 * with the fewest slips allowed (near-text.ts); `inRow`: a cell of a table's row (printedAsSet).
 */
export function findValue(lines: Line[], value: string, ocr: boolean, settings: EngineSettings, inRow = false): ValueHit[] {
  const target = compact(value);
  if (!target) return [];
  const exact = printedAsSet(lines, target, inRow, settings);
  if (exact.length) return exact;
  const ofKind = sameOfKind(value.trim());
  if (ofKind) {
    const hits = runsWhere(lines, ofKind, settings);
    if (hits.length) return hits;
  }
  const slips = slipsFor(target.length, settings);
  if (!ocr || slips === 0) return [];
  return runsWhere(lines, (text) => {
    const t = compact(text);
    if (Math.abs(t.length - target.length) > slips) return null;
    const d = levenshtein(t, target);
    return d <= slips ? d : null;
  }, settings);
}
