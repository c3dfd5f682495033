import type { Word } from '../../types.js';
import type { Line, Segment } from '../lines/lines.js';
import { isDataSegment, isDataValue } from './data-values.js';
import { cellOf, interleaves, lineToCells, type TableRow } from './table-rows.js';
import { median } from '../lines/geometry.js';
import { looksLikeDate } from '../../format/index.js';
import type { EngineSettings } from '../../settings.js';

/** A label on a stacked header's lower line: what a record's line `line` holds from `x1` on. */
export interface StackedHead {
  name: string;
  /** The record line it names: 1 for the line under the record's first. */
  line: number;
  x1: number;
}

/**
 * A header of stacked lines ("GTIN | Art.-Nr. | Menge | Preis" over "Kunden-Nr. | Bezeichnung"): the top
 * line heads the columns of a record's first line, each lower line labels the same line of the record.
 */
export interface Stack {
  /** The header lines of the stack, top first: the last lines of the table's header. */
  lines: Line[];
  heads: StackedHead[];
}

/**
 * The stack the header ends in, when the body reads as records under it:
 * each lower header line has fewer labels than the top one, every label
 * starting where a head of the top line starts (a head ending in a hyphen
 * wraps instead) and in upper case (a lower-case start continues the head
 * above: "Description of" over "goods"); and most record starts are followed
 * by a line starting under a label of the stack's second line that does not
 * continue prose above it. Null otherwise.
 */
export function findStack(header: Line[], body: Line[], settings: EngineSettings): Stack | null {
  const { headAlign, maxStackLines, stackMinHeads, stackedRecordShare, stackFilledHeadShare } = settings.tables;
  const starts = recordStarts(body, settings);
  if (starts.size <= 1) return null;
  for (let top = Math.max(0, header.length - maxStackLines); top < header.length - 1; top++) {
    const heads = header[top];
    const lower = header.slice(top + 1);
    const columnStarts = heads.segments.filter((s) => !/-$/.test(s.text)).map((s) => s.box.x1);
    const labels = (s: Segment) => /^\p{Lu}/u.test(s.text) && !isDataSegment(s) && columnStarts.some((x) => Math.abs(x - s.box.x1) <= headAlign);
    if (heads.segments.length < stackMinHeads || !lower.every((l) => l.segments.length < heads.segments.length && l.segments.every(labels))) continue;
    const stacked = lower.flatMap((l, k) => l.segments.map((s) => ({ name: s.text, line: k + 1, x1: s.box.x1 })));
    const second = stacked.filter((h) => h.line === 1);
    const followed = body.filter((l, i) => {
      const next = body[i + 1];
      return starts.has(l) && next && !starts.has(next) && second.some((h) => Math.abs(h.x1 - next.box.x1) <= headAlign) && !continuesProse(l, next, headAlign);
    });
    // Heads over no value on the records' second lines are wrapped heads ("Unit" over "Price"), not another field.
    const seconds = followed.map((l) => body[body.indexOf(l) + 1]);
    const filled = second.filter((h) => seconds.some((l) => l.segments.some((s) => Math.abs(s.box.x1 - h.x1) <= headAlign)));
    if (followed.length >= starts.size * stackedRecordShare && filled.length >= second.length * stackFilledHeadShare) return { lines: header.slice(top), heads: stacked };
  }
  return null;
}

/**
 * The line under a record's first goes on with words set above it at its
 * start: a wrapped cell ("Ceramic mug, glazed" over "stoneware, dishwasher
 * safe"), so the label over it is a wrapped head ("Product" over
 * "Description"), not another field (a code above a description).
 */
function continuesProse(first: Line, next: Line, headAlign: number): boolean {
  return first.segments.some((s) => Math.abs(s.box.x1 - next.box.x1) <= headAlign && s.words.length > 1 && s.words.every((w) => !/\d/.test(w.text)));
}

/**
 * The lines that open a record: those carrying about as many values as the
 * fullest line (codes, quantity, price, rate, total), not a note with one
 * figure ("Rabatt: -0,03 €") or a sub-item with a quantity only. Where every
 * such line starts with a code at one place, a line starting with a code
 * there opens a record with fewer values (a payslip's bonus, its amount only,
 * among wages with hours and rate).
 */
export function recordStarts(body: Line[], settings: EngineSettings): Set<Line> {
  const { recordMinValues, recordStartShare, headAlign } = settings.tables;
  const counts = body.map(dataCount);
  const least = Math.max(recordMinValues, Math.ceil(Math.max(0, ...counts) * recordStartShare));
  const full = body.filter((_, i) => counts[i] >= least);
  const coded = (l: Line) => isDataSegment(l.segments[0]) && /\d/.test(l.segments[0].text) && !/[.,]\d{1,2}$/.test(l.segments[0].text);
  const codeAt = full.length > 1 && full.every(coded) ? full[0].segments[0].box.x1 : null;
  const atCodes = (l: Line) => codeAt !== null && Math.abs(l.segments[0].box.x1 - codeAt) <= headAlign;
  if (!full.every(atCodes)) return new Set(full);
  return new Set(body.filter((l, i) => counts[i] >= least || (counts[i] >= recordMinValues && coded(l) && atCodes(l))));
}

/** Values on a line: data segments, each number of a packed run of numbers counted. */
function dataCount(line: Line): number {
  return line.segments.reduce((n, s) => n + (isDataValue(s.text) ? 1 : isDataSegment(s) ? s.words.length : 0), 0);
}

/**
 * Rows of a stacked-header table: a record starts at a line carrying the
 * top line's values and takes the lines after it until the next start. Its
 * first line splits into the columns; its line k gives the fields the
 * stack's line k labels (cells after the columns', in `stack.heads` order),
 * each segment to the label starting nearest at or before it. Lines beyond
 * the stack's depth are notes (packing, discounts): kept with the record,
 * read into no cell, but for a code line (a lot, serial or EAN) set under
 * the field above it, which it continues. Lines before the first record (a remark under the
 * heads) and lines after white under a record belong to none.
 */
export function readRecords(body: Line[], separators: number[], stack: Stack, settings: EngineSettings): TableRow[] {
  const { recordGap, headAlign } = settings.tables;
  const starts = recordStarts(body, settings);
  // The white between a record's lines, as under its first; padded records set theirs wider.
  const leading = median(body.flatMap((l, i) => (starts.has(l) && body[i + 1] && !starts.has(body[i + 1]) ? [body[i + 1].box.y1 - l.box.y2] : [])));
  const rows: Array<{ row: TableRow; lower: Word[][]; closed: boolean; last?: { at: number; x1: number }; over?: Line }> = [];
  for (const [i, line] of body.entries()) {
    if (starts.has(line)) {
      // A line set just over the record's first, between its lines (a code over figures set in the middle of the
      // record, its description under them), is of that first line: the stack's top heads its columns too.
      const over = i > 0 && !starts.has(body[i - 1]) && interleaves(body[i - 1], line, settings) ? body[i - 1] : undefined;
      const cells = lineToCells(line, separators);
      const first = over ? lineToCells(over, separators).map((c, k) => cellOf([...c.words, ...cells[k].words])) : cells;
      rows.push({ row: { cells: first, lines: [line] }, lower: stack.heads.map(() => []), closed: false, over });
      continue;
    }
    if (i + 1 < body.length && starts.has(body[i + 1]) && interleaves(line, body[i + 1], settings)) continue;
    const record = rows[rows.length - 1];
    if (!record || record.closed) continue;
    const above = record.row.lines[record.row.lines.length - 1];
    // More white than between a record's lines ends it (the discounts and totals after the items).
    if (line.box.y1 - above.box.y2 > leading + above.height * recordGap) {
      record.closed = true;
      continue;
    }
    const k = record.row.lines.length;
    record.row.lines.push(line);
    const heads = stack.heads.flatMap((h, i) => (h.line === k ? [i] : []));
    if (!heads.length) {
      // Under a field's line, set where it starts: a lot, serial or EAN line goes on with that field (the item's
      // description); a note (packing, a discount with its amounts) stays out of every cell.
      const last = record.last;
      if (last && line.segments.length === 1 && Math.abs(line.box.x1 - last.x1) <= headAlign && isCodeLine(line.text)) record.lower[last.at].push(...line.words);
      else record.last = undefined;
      continue;
    }
    for (const seg of line.segments) {
      // A segment starting left of every label is the first label's (a code set further out).
      const at = heads.findLast((i) => stack.heads[i].x1 <= seg.box.x1 + headAlign) ?? heads[0];
      record.lower[at].push(...seg.words);
    }
    record.last = line.segments.length === 1 ? { at: heads.findLast((i) => stack.heads[i].x1 <= line.box.x1 + headAlign) ?? heads[0], x1: line.box.x1 } : undefined;
  }
  return rows.map(({ row, lower, over }) => ({ cells: [...row.cells, ...lower.map(cellOf)], lines: over ? [over, ...row.lines] : row.lines }));
}

/** A month or week of a year ("38/2013", "09-2024"). */
const PERIOD = /^\d{1,2}[./-](?:19|20)\d{2}$/;

/**
 * A line naming an item's lot, serial or article number ("Charge: L26308-75", "EAN 4012345000017"): a code, no
 * amount, and no date or period ("Liefer-Datum: KW 38/2013" is the item's delivery, a note of its own).
 */
function isCodeLine(text: string): boolean {
  const dated = text.split(/\s+/).some((w) => looksLikeDate(w) || PERIOD.test(w));
  return /\d{3,}/.test(text) && !/\d[.,]\d{1,2}(?!\d)|[%€$£]/.test(text) && !dated;
}

