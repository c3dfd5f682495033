import type { Box, Rule } from '../../types.js';
import { median, unionBoxes } from '../lines/geometry.js';
import { cropLine, type Line } from '../lines/lines.js';
import { clusterPositions, columnAt, findEmptyHeadSeparators, findHeaderLedSeparators, joinHeadsToLoneValues, findPackedSeparators, findRowRules, lineParts, findRuledSeparators, findWhitespaceSeparators } from './table-columns.js';
import { buildRows } from './table-rows.js';
import { findStack, readRecords, recordStarts, type Stack } from './stacked-records.js';
import { headerNames } from './header-names.js';
import { splitRuledGrids } from './ruled-grids.js';
import { isDataSegment, isDataValue, isSummaryText } from './data-values.js';
import { CAPTION_START, FOOTNOTE_START, NOTE_START } from '../../lexicon.js';
import { classifyLabel, conceptById } from '../../concepts/index.js';
import type { Table } from './table.js';
import { DEFAULT_SETTINGS } from '../../settings.js';

export type { Table } from './table.js';

export { isDataValue } from './data-values.js';
export { headerNames } from './header-names.js';

/** Vertical gap (in line heights) that ends a table. */
const MAX_ROW_GAP_EM = 2.6;
const MAX_HEADER_LINES = 4;

/**
 * Finds tables as runs of lines that split into several aligned segments
 * (whitespace tables) or sit inside a grid of ruling lines, then derives each
 * table's columns, header lines and rows.
 */
export function detectTables(lines: Line[], rules: Rule[]): Table[] {
  if (lines.length === 0) return [];
  const lineHeight = median(lines.map((l) => l.height)) || 0.01;
  const blocks = findBlocks(lines, rules, lineHeight);
  const tables: Table[] = [];
  for (const block of blocks) {
    const built = buildTable(block, lines, rules, lineHeight);
    const parts = built ? splitRuledGrids(built, rules).map((ls) => (ls === built.lines ? built : buildTable(ls, ls, rules, lineHeight))) : [];
    for (const table of parts) {
      if (table && !isProseColumns(table) && !isLabelValueBlock(table)) tables.push(...splitSideBySide(table));
    }
  }
  return tables;
}

/**
 * Tables set side by side under the same headings ("Age | Total | Age | Total")
 * read as one wide table; each copy of the headings is a table of its own. A
 * copy must start with a label column, so "Male | Female | Male | Female"
 * numbers under missing group headings stay one table.
 */
function splitSideBySide(table: Table): Table[] {
  // The deepest header whose names repeat: lines above the heads (a date, a currency) may sit over one copy only.
  let names: string[] = [];
  let period = 0;
  for (let depth = table.headerLines.length; depth >= 1 && period === 0; depth--) {
    names = headerNames(table, depth).map((n) => n.toLowerCase());
    period = repeatPeriod(names);
  }
  if (period === 0) return [table];
  const parts: Table[] = [];
  for (let first = 0; first < names.length; first += period) {
    const x1 = first === 0 ? -Infinity : table.separators[first - 1];
    const x2 = table.separators[first + period - 1] ?? Infinity;
    const kept = table.lines.flatMap((l, i) => {
      const line = cropLine(l, x1, x2);
      return line ? [{ line, i }] : [];
    });
    const lines = kept.map((k) => k.line);
    const part: Table = { ...table, box: unionBoxes(lines.map((l) => l.box)), separators: table.separators.slice(first, first + period - 1), lines };
    parts.push(splitHeader(part, kept.filter((k) => k.i < table.headerEnd).length));
  }
  const labelled = parts.every((p) => {
    const stub = p.rows.map((r) => r.cells[0].text).filter(Boolean);
    return stub.length > 0 && stub.filter((t) => !isDataValue(t)).length >= stub.length / 2;
  });
  return labelled ? parts.filter((p) => p.rows.length > 0) : [table];
}

/** The shortest run of two or more column names that the whole list repeats, or 0. */
function repeatPeriod(names: string[]): number {
  for (let p = 2; p <= names.length / 2; p++) {
    if (names.length % p !== 0 || names.slice(0, p).some((n) => !n)) continue;
    if (names.every((n, i) => n === names[i % p])) return p;
  }
  return 0;
}

/** Lines of "Label: value" pairs side by side (an invoice's header block) align like columns but are record fields. */
function isLabelValueBlock(table: Table): boolean {
  const texts = [...table.headerLines.flatMap((l) => l.segments.map((s) => s.text)), ...table.rows.flatMap((r) => r.cells.map((c) => c.text))].filter(Boolean);
  const labelled = texts.filter((t) => /^[^:]{1,40}:(\s|$)/.test(t)).length;
  return texts.length > 0 && labelled / texts.length >= 0.34;
}

/** Two or three columns of running text (a multi-column article) look tabular but hold sentences. */
function isProseColumns(table: Table): boolean {
  const cells = table.rows.flatMap((r) => r.cells.filter((c) => c.text));
  const long = cells.filter((c) => c.words.length >= 6).length;
  return cells.length > 0 && long / cells.length >= 0.6 && table.separators.length <= 2;
}


function isTabular(line: Line): boolean {
  return line.segments.length >= 2;
}

/**
 * Groups lines into candidate table blocks. Single-segment lines are allowed
 * inside a block (section labels, wrapped cells) when a tabular line follows
 * closely; a long paragraph-like line or a big gap ends it.
 */
function findBlocks(lines: Line[], rules: Rule[], lineHeight: number): Line[][] {
  const blocks: Line[][] = [];
  let current: Line[] = [];
  let pendingSingles: Line[] = [];
  const flush = () => {
    current.push(...runOnLines(current, pendingSingles));
    if (current.filter(isTabular).length >= 2) blocks.push(current);
    current = [];
    pendingSingles = [];
  };
  const gapOk = (a: Line, b: Line) => b.box.y1 - a.box.y2 <= MAX_ROW_GAP_EM * Math.max(lineHeight, a.height);
  let note: { first: Line; last: Line } | null = null;
  // A remark between the item heads and the first item ("Important: orders until 19.12. ...") bridges them.
  let remark: Line | null = null;
  const headsOpen = () => {
    const heads = current.findLastIndex(namesItemColumns);
    return heads >= 0 && heads >= current.length - MAX_HEADER_LINES && !current.slice(heads).some(hasDataCell);
  };
  // Lines indented under item heads are an item's notes, however wide ("Ordered by: J. Smith, staff no. 4488, cost centre 12").
  const itemNote = (l: Line) => current.some(namesItemColumns) && l.box.x1 > unionBoxes(current.map((c) => c.box)).x1 + l.height;
  for (const line of lines) {
    // A footnote after the rows ends the table; its hanging-indented lines (key | meaning) belong to it, not to a new table.
    if (note && gapOk(note.last, line) && line.box.x1 >= note.first.words[0].box.x2) {
      note.last = line;
      continue;
    }
    note = null;
    const last = pendingSingles[pendingSingles.length - 1] ?? remark ?? current[current.length - 1];
    remark = null;
    if (current.length && last && !gapOk(last, line)) flush();
    if (current.some(hasDataCell) && FOOTNOTE_START.test(line.text)) {
      flush();
      note = { first: line, last: line };
    } else if (isTabular(line)) {
      // Data rows, then a few lone lines (a note, the next title), then a heading row: a new table starts; after an
      // item's notes, the line is one more ("Discount 1: 30% | 4.50 €").
      if (pendingSingles.length >= 2 && !hasDataCell(line) && current.some(hasDataCell) && !pendingSingles.every(itemNote)) flush();
      current.push(...pendingSingles, line);
      pendingSingles = [];
    } else if (current.length) {
      const blockBox = unionBoxes(current.map((l) => l.box));
      const wide = line.box.x2 - line.box.x1 > (blockBox.x2 - blockBox.x1) * 0.6 && line.words.length >= 7;
      const noteLike = NOTE_START.test(line.text);
      if (wide && !pendingSingles.length && headsOpen()) {
        remark = line;
      } else if ((wide && !itemNote(line)) || noteLike || pendingSingles.length >= 3) {
        flush();
      } else {
        pendingSingles.push(line);
      }
    }
  }
  flush();
  const lineAbove = (block: Line[]) => {
    const above = lines[lines.indexOf(block[0]) - 1];
    return above && block[0].box.y1 - above.box.y2 <= lineHeight * 1.2 ? above : undefined;
  };
  return mergeRuledBlocks(blocks.flatMap((b) => splitAtNewHeader(b, lineAbove(b))), lines, rules);
}

/**
 * Lone lines left pending when a table ends that continue its last item:
 * the items above carry such lines too (two at least, or one set as far
 * under its item's line as this one: records of two lines), starting where
 * these start, indented from the table's first column (a description's
 * run-on text or note, not a section label or a footnote).
 */
function runOnLines(block: Line[], pending: Line[]): Line[] {
  if (!block.length) return [];
  const left = Math.min(...block.map((l) => l.box.x1));
  const inner = block.filter((l) => !isTabular(l) && l.box.x1 > left + l.height);
  const under = (l: Line, above: Line | undefined) => (above ? l.box.y1 - above.box.y1 : Infinity);
  const out: Line[] = [];
  for (const l of pending) {
    const above = out[out.length - 1] ?? block[block.length - 1];
    const likeOne = inner.length === 1 && Math.abs(under(inner[0], block[block.indexOf(inner[0]) - 1]) - under(l, above)) < l.height * RUN_ON_OFFSET;
    if ((inner.length < 2 && !likeOne) || l.box.x1 <= left + l.height || !inner.some((o) => Math.abs(o.box.x1 - l.box.x1) < l.height)) break;
    out.push(l);
  }
  return out;
}

/** A line holding data past its first cell: a row, not a line of heads. */
export function hasDataCell(l: Line): boolean {
  return l.segments.some((s, i) => i > 0 && isDataSegment(s));
}

/**
 * Two tables stacked closely read as one block; a second header starts a new
 * table: after data rows, a line of several non-data cells set apart by extra
 * space, or a line repeating one of the current table's heading lines (those
 * before its first data line, and a heading right above the block), when data
 * follows.
 */
function splitAtNewHeader(block: Line[], headingAbove: Line | undefined): Line[][] {
  const pitches = block.slice(1).map((l, i) => l.box.y1 - block[i].box.y1);
  const pitch = median(pitches);
  const out: Line[][] = [];
  const key = (l: Line) => l.words.map((w) => w.text).join(' ').toLowerCase();
  let start = 0;
  let dataSeen = 0;
  let headings = new Set<string>(headingAbove ? [key(headingAbove)] : []);
  for (let i = 1; i < block.length; i++) {
    if (hasDataCell(block[i - 1])) dataSeen++;
    else if (dataSeen === 0) headings.add(key(block[i - 1]));
    const line = block[i];
    const spaced = line.box.y1 - block[i - 1].box.y1 > pitch * 1.5;
    const newHeader = (spaced && isTabular(line) && !hasDataCell(line)) || headings.has(key(line));
    // A row of item column heads after label/value lines (an account block set like a table) opens the items.
    const itemHeads = dataSeen >= 1 && namesItemColumns(line);
    if ((dataSeen >= 2 && newHeader) || itemHeads) {
      if (!block.slice(i + 1, i + 4).some(hasDataCell)) continue;
      out.push(block.slice(start, i));
      start = i;
      dataSeen = 0;
      headings = new Set();
    }
  }
  out.push(block.slice(start));
  return out.filter((b) => b.filter(isTabular).length >= 2);
}

const MIN_ITEM_HEADS = DEFAULT_SETTINGS.tables.minItemHeads;
const RUN_ON_OFFSET = DEFAULT_SETTINGS.tables.runOnOffset;

/** A line of column heads of line items: several of its cells label line concepts and none holds data. */
function namesItemColumns(line: Line): boolean {
  if (line.segments.length < MIN_ITEM_HEADS || hasDataCell(line)) return false;
  const heads = line.segments.filter((s) => [...classifyLabel(s.text).keys()].some((id) => conceptById(id)?.level === 'line'));
  return heads.length >= MIN_ITEM_HEADS;
}

/**
 * In a ruled grid, narrow columns often leave a line with one segment, and
 * tall cells create gaps; lines inside the same grid box belong together.
 */
function mergeRuledBlocks(blocks: Line[][], lines: Line[], rules: Rule[]): Line[][] {
  if (rules.length < 4 || blocks.length < 2) return blocks;
  const out: Line[][] = [blocks[0]];
  for (let i = 1; i < blocks.length; i++) {
    const prev = out[out.length - 1];
    const a = unionBoxes(prev.map((l) => l.box));
    const b = unionBoxes(blocks[i].map((l) => l.box));
    const verticalsSpanBoth = rules.some(
      (r) => Math.abs(r.x2 - r.x1) < 0.002 && r.y1 <= a.y2 && r.y2 >= b.y1 && r.x1 > Math.max(a.x1, b.x1) && r.x1 < Math.min(a.x2, b.x2),
    );
    // The lines between them (a tall cell's wrapped text) are the grid's too.
    const between = lines.slice(lines.indexOf(prev[prev.length - 1]) + 1, lines.indexOf(blocks[i][0]));
    if (verticalsSpanBoth) out[out.length - 1] = [...prev, ...between, ...blocks[i]];
    else out.push(blocks[i]);
  }
  return out;
}

/**
 * Summary lines under an invoice table (Subtotal / VAT / Total set under the
 * amount columns) are record values, not rows; left in, their labels would
 * open a phantom column between quantity and price.
 */
function withoutTrailingSummary(block: Line[]): Line[] {
  const left = Math.min(...block.map((l) => l.box.x1));
  const width = Math.max(...block.map((l) => l.box.x2)) - left;
  const label = (l: Line) => l.segments[0].text.toLowerCase();
  let end = block.length;
  // A summary line is a label and one amount; a total across several columns, or one closing every group, is a row.
  const summary = (l: Line) =>
    ((isSummaryText(l.segments[0].text) && l.segments.length <= 2) || colonLabelled(l)) && !block.slice(0, end - 1).some((o) => label(o) === label(l));
  while (end > 2 && summary(block[end - 1]) && block[end - 1].box.x1 > left + width * 0.2) end--;
  return block.slice(0, end);
}

/**
 * "Nettogewicht (kg): 1.179,8", "Colli: 92": a label ending in a colon, then
 * one figure. A scan may part the label into two segments.
 */
function colonLabelled(l: Line): boolean {
  const segs = l.segments;
  const labels = segs.slice(0, -1);
  return segs.length >= 2 && segs.length <= 3 && isDataValue(segs[segs.length - 1].text) && !labels.some(isDataSegment) && /:$/.test(labels[labels.length - 1].text);
}

/**
 * Lines after the last data row that run across the data rows' column gaps
 * ("(:) Not available.", a sentence under the table) are notes, not rows,
 * unless they are the last item's run-on lines (runOnLines).
 */
function withoutTrailingNotes(block: Line[]): Line[] {
  const lastData = block.findLastIndex(hasDataCell);
  const data = block.slice(0, lastData + 1).filter(hasDataCell);
  if (data.length < 2 || lastData === block.length - 1) return block;
  const box = unionBoxes(data.map((l) => l.box));
  const gaps = findWhitespaceSeparators(data, box.x1, box.x2);
  const end = lastData + 1 + runOnLines(block.slice(0, lastData + 1), block.slice(lastData + 1)).length;
  const crossing = block.findIndex((l, i) => i >= end && lineParts(l).some((p) => gaps.some((x) => p.x1 < x && p.x2 > x)));
  return crossing < 0 ? block : block.slice(0, crossing);
}

function buildTable(fullBlock: Line[], allLines: Line[], rules: Rule[], lineHeight: number): Table | null {
  const { block, leading, stack } = splitBlock(fullBlock, rules);
  const body = block.slice(leading);
  if (body.length === 0) return null;
  let box = unionBoxes(block.slice(Math.max(0, leading - MAX_HEADER_LINES)).map((l) => l.box));
  const header = block.slice(0, leading);
  // Under a stacked header only a record's first line is set in the columns; its other lines and notes cross them.
  const columnLines = stack ? [...recordStarts(body)] : body;
  const bodyTabular = columnLines.filter(isTabular);
  const ruledSeparators = findRuledSeparators(rules, box.x1, box.x2, box.y1, box.y2);
  // One item line: the heads give borders too, and a head set clear of its value is joined to it.
  const oneItem = bodyTabular.length < 2;
  const whitespace = oneItem ? joinHeadsToLoneValues(findWhitespaceSeparators(block.filter(isTabular), box.x1, box.x2), header, body) : findWhitespaceSeparators(bodyTabular, box.x1, box.x2);
  const found = dropEmptyColumns(ruledSeparators.length >= 1 ? mergeSeparators(ruledSeparators, whitespace, body, block[leading - 1]) : whitespace, block);
  if (found.length === 0) return null;
  const led = [...found, ...findHeaderLedSeparators(columnLines, found, header)].sort((a, b) => a - b);
  const headed = [...led, ...findEmptyHeadSeparators(columnLines, led, header)].sort((a, b) => a - b);
  const separators = [...headed, ...findPackedSeparators(columnLines, headed, header)].sort((a, b) => a - b);

  // A stack's top line heads every column; lines above it are the page's, not group headings.
  const above = stack ? [] : headerLinesAbove(block[0], allLines, box, separators, lineHeight);
  const lines = [...above, ...block];
  box = unionBoxes(lines.map((l) => l.box));
  const rowRules = findRowRules(rules, box.x1, box.x2, box.y1, box.y2 + lineHeight * 0.5);
  const table = splitHeader({ box, separators, headerLines: [], rows: [], ruled: ruledSeparators.length > 0, headerEnd: 0, lines, rowRules, stack }, above.length + leading);
  return table.rows.length ? table : null;
}

/**
 * The block's lines that make the table and how many of them head it. Under
 * a stacked header the table starts at the stack's top line and keeps the
 * lines after the last record's first: its lower lines and notes, which cross
 * the columns as a note under a table does.
 */
function splitBlock(fullBlock: Line[], rules: Rule[]): { block: Line[]; leading: number; stack?: Stack } {
  const fullLeading = headerRuleBoundary(fullBlock, rules) ?? countLeadingHeaderLines(fullBlock);
  const stack = findStack(fullBlock.slice(0, fullLeading), fullBlock.slice(fullLeading));
  if (stack) return { block: withoutTrailingSummary(fullBlock.slice(fullLeading - stack.lines.length)), leading: stack.lines.length, stack };
  const block = withoutTrailingSummary(withoutTrailingNotes(fullBlock));
  return { block, leading: headerRuleBoundary(block, rules) ?? countLeadingHeaderLines(block) };
}

/**
 * The table with its header ending before `lines[headerEnd]`: at most
 * MAX_HEADER_LINES lines above the body name the columns, the rest are rows.
 */
export function splitHeader(table: Table, headerEnd: number): Table {
  const headerLines = table.lines.slice(Math.max(0, headerEnd - MAX_HEADER_LINES), headerEnd);
  const body = table.lines.slice(headerEnd);
  const rowRules = body.length ? table.rowRules.filter((y) => y > body[0].box.y1) : [];
  // Another split of the same lines keeps the stack only while the header still ends in it.
  const kept = table.stack;
  const stack = kept && kept.lines.every((l, i) => headerLines[headerLines.length - kept.lines.length + i] === l) ? kept : undefined;
  const rows = (stack ? readRecords(body, table.separators, stack) : buildRows(body, table.separators, rowRules)).filter((r) => r.cells.some((c) => c.text));
  return { ...table, headerLines, rows, headerEnd, stack };
}

/** A column no word of the table falls into (padding inside a ruled cell, a doubled rule) is no column. */
function dropEmptyColumns(separators: number[], lines: Line[]): number[] {
  let seps = separators;
  for (;;) {
    const used = new Array<boolean>(seps.length + 1).fill(false);
    for (const l of lines) for (const w of l.words) used[columnAt(seps, (w.box.x1 + w.box.x2) / 2)] = true;
    const empty = used.indexOf(false);
    if (empty < 0 || seps.length === 0) return seps;
    // Drop one border of the empty column so it merges into a neighbour.
    const drop = empty > 0 ? empty - 1 : 0;
    seps = seps.filter((_, i) => i !== drop);
  }
}

/**
 * Ruling lines are authoritative; whitespace adds separators only where no rule
 * is near and rows agree. A gap inside a ruled cell splits it only when no body
 * line crosses it and the column heads right above the body don't either
 * ("Male | Female" under a group rule, not "1269 (19.9%)" under "Population").
 */
function mergeSeparators(ruled: number[], whitespace: number[], body: Line[], lowestHeader: Line | undefined): number[] {
  const extra = whitespace.filter((w) => ruled.every((r) => Math.abs(r - w) > 0.015));
  const crosses = (l: Line, x: number) => lineParts(l).some((p) => p.x1 < x && p.x2 > x);
  const confirmed = extra.filter((x) => body.length >= 3 && !body.some((l) => crosses(l, x)) && !(lowestHeader && crosses(lowestHeader, x)));
  return clusterPositions([...ruled, ...confirmed].sort((a, b) => a - b), 0.004);
}

/**
 * Leading lines of a block that read as headings: no data values (bare years
 * allowed, as in "2019 2020"), or an empty stub column over a filled one.
 */
function countLeadingHeaderLines(block: Line[]): number {
  const hasData = hasDataCell;
  if (!block.some(hasData)) return isTabular(block[0]) && block.length > 1 ? 1 : 0;
  let n = 0;
  // Data starts at a data line not followed by another heading line: "1 | 3" above "Grade | Grade" is a heading.
  while (n < block.length - 1) {
    const next = block[n + 1];
    // A shorter line under it is its wrapped text (a two-line item), not a heading.
    if (hasData(block[n]) && (hasData(next) || !isTabular(next) || next.segments.length < block[n].segments.length)) break;
    n++;
  }
  // A lone label right above the data, at the stub's left edge, opens a section ("Sex", "Women"): it is a row.
  const left = Math.min(...block.map((l) => l.box.x1));
  const width = Math.max(...block.map((l) => l.box.x2)) - left;
  // A head's second line ("Date | d'opération") sits tighter under the heads than the data sits under it.
  const wrapsHead = (k: number) => k + 1 < block.length && block[k].box.y1 - block[k - 1].box.y2 < (block[k + 1].box.y1 - block[k].box.y2) * 0.5;
  while (n > 1 && !isTabular(block[n - 1]) && block[n - 1].box.x1 - left < width * 0.02 && !wrapsHead(n - 1)) n--;
  return n;
}

/**
 * Booktabs-style tables draw one rule under the header (between top and
 * bottom rules). When only a few rules separate the block's lines and the
 * first one sits near the top, it marks where the header ends.
 */
function headerRuleBoundary(block: Line[], rules: Rule[]): number | null {
  if (block.length < 3) return null;
  const box = unionBoxes(block.map((l) => l.box));
  const width = box.x2 - box.x1;
  const separating: number[] = [];
  for (let i = 0; i + 1 < block.length; i++) {
    const top = block[i].box.y2;
    const bottom = block[i + 1].box.y1;
    const hit = rules.some(
      (r) => Math.abs(r.y2 - r.y1) < 0.002 && r.y1 >= top - 0.001 && r.y1 <= bottom + 0.001 && Math.min(r.x2, box.x2) - Math.max(r.x1, box.x1) >= width * 0.6,
    );
    if (hit) separating.push(i + 1);
  }
  if (separating.length === 0 || separating.length > 3) return null;
  const first = separating[0];
  // Rows of data above it make it the rule over a short table's totals (a receipt's items, then its total), not the header's.
  if (block.slice(0, first).filter(hasDataCell).length >= 2) return null;
  return first <= MAX_HEADER_LINES + 1 && first < block.length ? first : null;
}

/** Lines just above the block that head its columns (spanning group titles, units). */
function headerLinesAbove(first: Line, allLines: Line[], box: Box, separators: number[], lineHeight: number): Line[] {
  const out: Line[] = [];
  let idx = allLines.indexOf(first);
  let lower = first;
  const width = box.x2 - box.x1;
  while (idx > 0 && out.length < MAX_HEADER_LINES - 1) {
    const line = allLines[--idx];
    if (lower.box.y1 - line.box.y2 > lineHeight * 1.2) break;
    if (line.box.x1 < box.x1 - width * 0.05 || line.box.x2 > box.x2 + width * 0.05) break;
    if (CAPTION_START.test(line.text) || /[.:]$/.test(line.text.trim())) break;
    const cols = new Set(line.words.map((w) => columnAt(separators, (w.box.x1 + w.box.x2) / 2)));
    // A lone segment starting at the table's left edge is a title, not a column head.
    if (line.segments.length === 1 && (cols.has(0) || line.words.length > 8)) break;
    if (line.segments.some(isDataSegment)) break;
    out.unshift(line);
    lower = line;
  }
  return out;
}

export function tableCellCount(t: Table): number {
  return t.rows.reduce((n, r) => n + r.cells.filter((c) => c.text).length, 0);
}
