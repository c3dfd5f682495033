import { CONTINUED_CELL_END } from '../../lexicon.js';
import type { EngineSettings } from '../../settings.js';
import type { Box, Word } from '../../types.js';
import { half, middle } from '../../units.js';
import { median, unionBoxes } from '../lines/geometry.js';
import type { Line } from '../lines/lines.js';
import { columnAt } from './table-columns.js';
import { holdsDataValue, isDataValue } from './data-values.js';

export interface TableCell {
  text: string;
  words: Word[];
  box: Box | null;
}

export interface TableRow {
  cells: TableCell[];
  lines: Line[];
}

/** `upper` starts so close above `lower` that the two are lines of one row (settings.tables.interleavedLine). */
export function interleaves(upper: Line, lower: Line, settings: EngineSettings): boolean {
  return lower.box.y1 - upper.box.y1 < upper.height * settings.tables.interleavedLine;
}

/** Splits a line's words into the table's columns by word centre. */
export function lineToCells(line: Line, separators: number[]): TableCell[] {
  return cellsBy(line.words, separators.length + 1, (w) => columnOfWord(w, separators));
}

/** `count` cells holding `words`, each in the column `column` gives it. */
function cellsBy(words: Word[], count: number, column: (w: Word) => number): TableCell[] {
  const buckets: Word[][] = Array.from({ length: count }, () => []);
  for (const w of words) buckets[column(w)].push(w);
  return buckets.map(cellOf);
}

export function cellOf(words: Word[]): TableCell {
  if (words.length === 0) return { text: '', words, box: null };
  return { text: words.map((w) => w.text).join(' '), words, box: unionBoxes(words.map((w) => w.box)) };
}

function mergeCells(a: TableCell, b: TableCell): TableCell {
  return cellOf([...a.words, ...b.words]);
}

function mergeRows(upper: TableRow, lower: TableRow): TableRow {
  return { cells: upper.cells.map((c, i) => mergeCells(c, lower.cells[i])), lines: [...upper.lines, ...lower.lines] };
}

function filled(row: TableRow): number[] {
  return row.cells.flatMap((c, i) => (c.text ? [i] : []));
}

/**
 * Builds rows from body lines. With horizontal rules between most rows, the
 * rules decide (everything between two rules is one row). Otherwise each line
 * is a row, except partial lines (missing the columns most rows fill) that read
 * as the wrapped continuation of a neighbour: lower-case start, or tighter
 * line spacing than the table's usual row pitch.
 */
export function buildRows(lines: Line[], separators: number[], rowRules: number[], settings: EngineSettings): TableRow[] {
  const t = settings.tables;
  const single = lines.map((l) => ({ cells: lineToCells(l, separators), lines: [l] }));
  if (single.length === 0) return [];
  if (rowRules.length > 1) {
    const bands = bandStarts(single, rowRules);
    const { isPartial } = rowShape(single, t.keyColumnShare);
    // Rules only decide when they actually separate rows, not just frame the table: over a share of its lines, or
    // round each full line (records of many lines, a description wrapped round its figures set in the middle).
    const starts = bands.map((b) => single.indexOf(b));
    const oneFullEach = starts.every((start, k) => single.slice(start, starts[k + 1] ?? single.length).filter((r) => !isPartial(r)).length === 1);
    if (bands.length >= t.ruledRowsMin && (bands.length >= single.length * t.ruledRowsShare || oneFullEach)) return groupByRules(single, bands, isPartial, separators, settings);
  }
  return mergeContinuations(single, separators, settings);
}

/**
 * Everything between two rules is one row, except that in a table of padded
 * rows a line filling the key columns a row's pitch below another that did
 * starts a row of its own: a scan can lose the thin rule between two records
 * (a grey hairline under grain). Two complete lines at the font's leading
 * stay one row, as a ruled cell's wrapped figures do.
 */
function groupByRules(rows: TableRow[], bands: TableRow[], isPartial: (r: TableRow) => boolean, separators: number[], settings: EngineSettings): TableRow[] {
  const { paddedRowPitch, rowPitchShare } = settings.tables;
  // The closest pair of rules shows a record's pitch: a lost rule only makes a band taller.
  const pitch = Math.min(...bands.slice(1).map((r, i) => r.lines[0].box.y1 - bands[i].lines[0].box.y1));
  // Rows set at the font's leading (a stacked head's "to air" over "kg/year") look the same as a lost rule.
  const padded = pitch > median(rows.map((r) => r.lines[0].height)) * paddedRowPitch;
  const out: TableRow[] = [];
  let complete: Line | undefined;
  for (const r of rows) {
    const full = !isPartial(r);
    const ruleLost = padded && full && complete !== undefined && r.lines[0].box.y1 - complete.box.y1 >= pitch * rowPitchShare;
    // A record's lower lines between the same rules: its prose runs on under the next columns as one text.
    if (out.length > 0 && !bands.includes(r) && !ruleLost) out[out.length - 1] = mergeRows(out[out.length - 1], full ? r : keepProseWhole(r, separators));
    else {
      out.push(r);
      complete = undefined;
    }
    if (full) complete = r.lines[0];
  }
  return out;
}

/** The first row between each pair of neighbouring rules. */
function bandStarts(rows: TableRow[], rowRules: number[]): TableRow[] {
  const bandOf = (r: TableRow) => rowRules.filter((ry) => ry < middle(r.lines[0].box.y1, r.lines[0].box.y2)).length;
  return rows.filter((r, i) => i === 0 || bandOf(r) !== bandOf(rows[i - 1]));
}

/**
 * The key columns (those `keyShare` of the lines with several cells fill) and
 * which rows are partial: missing a key column (or a figure, `figured`) and
 * filling at most half the columns, as a wrapped continuation does.
 */
function rowShape(rows: TableRow[], keyShare: number): { keyColumns: number[]; isPartial: (r: TableRow) => boolean } {
  const columnCount = rows[0].cells.length;
  // Key columns are judged on lines with several cells: wrapped continuations would dilute them.
  const multi = rows.filter((r) => filled(r).length > 1);
  const basis = multi.length > 0 ? multi : rows;
  const fillCounts = new Array<number>(columnCount).fill(0);
  for (const r of basis) for (const i of filled(r)) fillCounts[i]++;
  const keyColumns = fillCounts.flatMap((n, i) => (n >= basis.length * keyShare ? [i] : []));
  // Figures set in one of two columns (a payslip's earnings | deductions) make neither a key column: a row without a
  // figure, where most rows hold one, misses them as a row missing a key column does ("Ref. 488676" under its item).
  const figured = basis.filter(holdsDataValue).length >= basis.length * keyShare;
  const isPartial = (r: TableRow) => {
    const f = filled(r);
    return (keyColumns.some((k) => !f.includes(k)) || (figured && !holdsDataValue(r))) && f.length <= Math.max(1, Math.floor(half(columnCount)));
  };
  return { keyColumns, isPartial };
}

function mergeContinuations(rows: TableRow[], separators: number[], settings: EngineSettings): TableRow[] {
  const { keyColumnShare, paddedRowPitch, wrapPitchShare, wrapLeading, wrapGap, stubWrapShare } = settings.tables;
  const { keyColumns, isPartial } = rowShape(rows, keyColumnShare);
  const pitches: number[] = [];
  const gaps: number[] = [];
  for (let i = 1; i < rows.length; i++) {
    if (isPartial(rows[i]) || isPartial(rows[i - 1])) continue;
    pitches.push(rows[i].lines[0].box.y1 - rows[i - 1].lines[0].box.y1);
    gaps.push(rows[i].lines[0].box.y1 - rows[i - 1].lines[0].box.y2);
  }
  // Records of two lines (an article line over its description) leave no two full lines next to each other: the
  // pitch from one full line to the next tells the records apart then, and in a table of one full line its other
  // lines set at the font's leading are its own.
  const fullStarts = rows.filter((r) => !isPartial(r)).map((r) => r.lines[0].box.y1);
  const recordPitches = fullStarts.slice(1).map((y, i) => y - fullStarts[i]);
  const rowPitch = pitches.length ? median(pitches) : recordPitches.length ? median(recordPitches) : fullStarts.length === 1 ? Infinity : 0;
  // Records of two lines leave no white between two full lines: the white from a partial line down to the full line
  // after it is the white between rows then (a scan's boxes hug the glyphs, so the leading cannot tell a reference
  // line under its item from the next record; an article line over its description is as close to its own line).
  const recordGaps = rows.slice(1).flatMap((r, i) => (!isPartial(r) && isPartial(rows[i]) ? [r.lines[0].box.y1 - rows[i].lines[0].box.y2] : []));
  const rowGap = median(gaps.length ? gaps : recordGaps);
  const lineHeight = median(rows.map((r) => r.lines[0].height));
  // Wrapped lines sit at the font's leading; rows with padding sit clearly further apart. OCR boxes hug the glyphs,
  // so a scan's line height understates the leading: there the white between lines, half the rows' at most, tells.
  const tight = (upper: Line, lower: Line) =>
    rowPitch > lineHeight * paddedRowPitch &&
    lower.box.y1 - upper.box.y1 <= rowPitch * wrapPitchShare &&
    (lower.box.y1 - upper.box.y1 <= lineHeight * wrapLeading || lower.box.y1 - upper.box.y2 <= rowGap * wrapGap);

  // Rows opened by a label in the first column and set clearly apart: lines under one, closer than that, wrap its text.
  const stubPitches = rows.slice(1).flatMap((r, i) => (r.cells[0].text ? [r.lines[0].box.y1 - rows[i].lines[0].box.y1] : []));
  const stubPitch = stubPitches.length > 1 ? median(stubPitches) : 0;
  const wrapsStubRow = (prev: TableRow, row: TableRow) =>
    !row.cells[0].text &&
    row.cells.every((c, i) => !c.text || (!isDataValue(c.text) && prev.cells[i].text)) &&
    row.lines[0].box.y1 - prev.lines[prev.lines.length - 1].box.y1 < stubPitch * stubWrapShare;

  const out: TableRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    let row = rows[i];
    const prev = out[out.length - 1];
    if (prev && ((isPartial(row) && continuesUpward(prev, row, tight)) || wrapsStubRow(prev, row))) {
      out[out.length - 1] = mergeRows(prev, keepProseWhole(row, separators));
      continue;
    }
    // A label-only line immediately followed, tightly, by a full line is the top of a bottom-aligned row.
    while (
      i + 1 < rows.length &&
      isPartial(row) &&
      !isPartial(rows[i + 1]) &&
      !/^[a-z]/.test(rows[i + 1].lines[0].text) &&
      tight(row.lines[row.lines.length - 1], rows[i + 1].lines[0]) &&
      // A line set between another's lines is of its row whatever it holds ("Switch 24" over "porte" beside the figures).
      (interleaves(row.lines[row.lines.length - 1], rows[i + 1].lines[0], settings) || filled(row).every((c) => !keyColumns.includes(c) || c === 0 || !/\d/.test(row.cells[c].text)))
    ) {
      if (!endsOpen(row)) break;
      row = mergeRows(row, rows[++i]);
    }
    // Lines read as their own row or another's continuation above a full line they set between its own (a code a
    // leading over a description that wraps round its figures: "807211" over "Network switch 24", the figures, "ports").
    const top = out[out.length - 1];
    if (top && !isPartial(row) && isPartial(top) && interleaves(top.lines[top.lines.length - 1], row.lines[0], settings) && endsOpen(top)) {
      out[out.length - 1] = mergeRows(top, row);
      continue;
    }
    out.push(row);
  }
  return out;
}

/**
 * A continuation line's text may run on past its column into the next ones
 * ("Farbe: schwarz, Lieferung in 2 Kartons mit Montageanleitung" reaching
 * under Qty and Price). A run of prose set as one segment stays in the column
 * it starts in; a segment of figures is left to the columns it crosses.
 */
function keepProseWhole(row: TableRow, separators: number[]): TableRow {
  const line = row.lines[0];
  if (row.lines.length !== 1 || line.segments.every((seg) => columnOfWord(seg.words[0], separators) === columnOfWord(seg.words[seg.words.length - 1], separators))) return row;
  const columnOf = new Map<Word, number>();
  for (const seg of line.segments) {
    const start = columnOfWord(seg.words[0], separators);
    const overflow = seg.words.filter((w) => columnOfWord(w, separators) !== start);
    // The overflow alone, or the whole run when one word runs over ("…, box of 100" reaching under Qty).
    const worded = (ws: Word[]) => ws.filter((w) => /\p{L}{2,}/u.test(w.text)).length;
    const prose = worded(overflow) >= half(overflow.length) || (overflow.length === 1 && worded(seg.words) > half(seg.words.length));
    for (const w of seg.words) columnOf.set(w, prose ? start : columnOfWord(w, separators));
  }
  return { cells: cellsBy(line.words, row.cells.length, (w) => columnOf.get(w)!), lines: row.lines };
}

function columnOfWord(w: Word, separators: number[]): number {
  return columnAt(separators, middle(w.box.x1, w.box.x2));
}

function continuesUpward(prev: TableRow, row: TableRow, tight: (a: Line, b: Line) => boolean): boolean {
  const first = row.cells.find((c) => c.text)?.text ?? '';
  const upperLine = prev.lines[prev.lines.length - 1];
  if (/^[a-z(&]/.test(first)) return true;
  if (prev.cells.some((c, i) => CONTINUED_CELL_END.test(c.text) && row.cells[i].text)) return true;
  return tight(upperLine, row.lines[0]);
}

/** The row's text reads unfinished (no closing punctuation), so a tight next line may complete it. */
function endsOpen(row: TableRow): boolean {
  return row.cells.some((c) => c.text && !/[.:;!?]$/.test(c.text));
}
