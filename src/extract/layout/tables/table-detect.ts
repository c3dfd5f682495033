import type { Box, Rule } from '../../types.js';
import { median, unionBoxes } from '../lines/geometry.js';
import { cropLine, type Line } from '../lines/lines.js';
import { clearHeadsOfBorders, clusterPositions, columnAt, findEmptyHeadSeparators, findHeaderLedSeparators, joinHeadsToLoneValues, findPackedSeparators, findRowRules, lineParts, findRuledSeparators, findWhitespaceSeparators } from './table-columns.js';
import { buildRows, interleaves, type TableCell } from './table-rows.js';
import { findStack, readRecords, recordStarts, type Stack } from './stacked-records.js';
import { headerNames } from './header-names.js';
import { splitRuledGrids } from './ruled-grids.js';
import { withRecordsApart } from './records-apart.js';
import { isDataSegment, isDataValue, isSummaryText } from './data-values.js';
import { CAPTION_START, FOOTNOTE_START, NOTE_START } from '../../lexicon.js';
import { detectCurrency } from '../../format/index.js';
import { namesLineConcept } from '../../concepts/index.js';
import { columnCount, type Table } from './table.js';
import type { EngineSettings } from '../../settings.js';
import { half, middle } from '../../units.js';

export type { Table } from './table.js';

export { isDataValue } from './data-values.js';
export { headerNames } from './header-names.js';

/**
 * Finds tables as runs of lines that split into several aligned segments
 * (whitespace tables) or sit inside a grid of ruling lines, then derives each
 * table's columns, header lines and rows (thresholds: settings.tables).
 */
export function detectTables(lines: Line[], rules: Rule[], settings: EngineSettings): Table[] {
  if (lines.length === 0) return [];
  const lineHeight = median(lines.map((l) => l.height)) || settings.tables.lineHeightFallback;
  const blocks = findBlocks(lines, rules, lineHeight, settings);
  const tables: Table[] = [];
  for (const block of blocks) {
    const built = buildTable(block, lines, rules, lineHeight, settings);
    const grids = built ? splitRuledGrids(built, rules, settings).map((ls) => (ls === built.lines ? built : buildTable(ls, ls, rules, lineHeight, settings))) : [];
    for (const table of pairedGrids(grids.filter((t) => t !== null), settings)) {
      if (table && !isProseColumns(table, settings) && !isLabelValueBlock(table, settings)) tables.push(...splitSideBySide(table, settings));
    }
  }
  return withRecordsApart(tables, lines, lineHeight, settings);
}

/**
 * Tables set side by side under the same headings ("Age | Total | Age | Total")
 * read as one wide table; each copy of the headings is a table of its own. A
 * copy must start with a label column, so "Male | Female | Male | Female"
 * numbers under missing group headings stay one table.
 */
function splitSideBySide(table: Table, settings: EngineSettings): Table[] {
  // The deepest header whose names repeat: lines above the heads (a date, a currency) may sit over one copy only.
  let names: string[] = [];
  let period = 0;
  for (let depth = table.headerLines.length; depth >= 1 && period === 0; depth--) {
    names = headerNames(table, depth, settings).map((n) => n.toLowerCase());
    period = repeatPeriod(names, settings.tables.minRepeatColumns);
  }
  if (period === 0) return pairedTables(table, settings);
  const parts = cutColumns(table, names.map((_, c) => c).filter((c) => c % period === 0), settings);
  const labelled = parts.every((p) => isLabelled(p, 0, settings));
  return labelled ? parts.filter((p) => p.rows.length > 0) : [table];
}

/** The table's columns cut at the given first columns of each part, each part with its own header split. */
function cutColumns(table: Table, firsts: number[], settings: EngineSettings): Table[] {
  const parts: Table[] = [];
  for (let k = 0; k < firsts.length; k++) {
    const first = firsts[k];
    const next = firsts[k + 1] ?? table.separators.length + 1;
    const x1 = first === 0 ? -Infinity : table.separators[first - 1];
    const x2 = table.separators[next - 1] ?? Infinity;
    const kept = table.lines.flatMap((l, i) => {
      const line = cropLine(l, x1, x2, settings);
      return line ? [{ line, i }] : [];
    });
    const lines = kept.map((k) => k.line);
    const part: Table = { ...table, box: unionBoxes(lines.map((l) => l.box)), separators: table.separators.slice(first, next - 1), lines };
    parts.push(splitHeader(part, kept.filter((k) => k.i < table.headerEnd).length, settings));
  }
  return parts;
}

/** Whether half or more of a column's filled cells are labels, not figures. */
function isLabelled(table: Table, column: number, settings: EngineSettings): boolean {
  const stub = table.rows.map((r) => r.cells[column]?.text ?? '').filter(Boolean);
  return stub.length > 0 && stub.filter((t) => !isDataValue(t)).length >= stub.length * settings.tables.labelledStubShare;
}

/**
 * Two tables on one band whose heads repeat but for the label column ("Earnings | Amount | Deductions | Amount", a
 * payslip's earnings beside its deductions): the right table's heads are the left's, one label head aside, and both
 * end in the same head. One table of the left's columns, the left's rows then the right's, each right cell under the
 * left head of its name (the label under the left's label).
 */
function pairedTables(table: Table, settings: EngineSettings): Table[] {
  if (table.headerLines.length === 0) return [table];
  const names = headerNames(table, table.headerLines.length, settings).map((n) => n.toLowerCase().trim());
  if (names.some((n) => !n)) return [table];
  const least = settings.tables.minRepeatColumns;
  for (let s = least; s <= names.length - least; s++) {
    const [leftPart, rightPart] = cutColumns(table, [0, s], settings);
    const paired = leftPart && rightPart ? pairParts(leftPart, rightPart, names.slice(0, s), names.slice(s), settings) : null;
    if (paired) return [paired];
  }
  return [table];
}

/**
 * Two tables side by side read as one (`pairedTables`) when their heads (`left`, `right`, lower case) pair: the right's
 * are the left's, one label head aside, and both end in the same head; null when they do not.
 */
function pairParts(leftPart: Table, rightPart: Table, left: string[], right: string[], settings: EngineSettings): Table | null {
  if (right[right.length - 1] !== left[left.length - 1]) return null;
  const ownRight = right.flatMap((n, j) => (left.includes(n) ? [] : [j]));
  const ownLeft = left.flatMap((n, j) => (right.includes(n) ? [] : [j]));
  if (ownRight.length !== 1 || ownLeft.length < 1 || new Set(left).size !== left.length) return null;
  const labelLeft = ownLeft[0];
  const labelRight = ownRight[0];
  if (!isLabelled(leftPart, labelLeft, settings) || !isLabelled(rightPart, labelRight, settings)) return null;
  if (leftPart.stack || rightPart.stack || columnCount(leftPart) !== left.length || columnCount(rightPart) !== right.length) return null;
  const columnOf = right.map((n, j) => (j === labelRight ? labelLeft : left.indexOf(n)));
  const empty = (): TableCell => ({ text: '', words: [], box: null });
  const moved = rightPart.rows.map((row) => {
    const cells = left.map(empty);
    row.cells.forEach((c, j) => (cells[columnOf[j]] = c));
    return { ...row, cells };
  });
  return { ...leftPart, box: unionBoxes([leftPart.box, rightPart.box]), rows: [...leftPart.rows, ...moved], pairedLabel: labelLeft };
}

/**
 * Two ruled grids side by side on one band whose heads pair ("Schl. | Bezüge | Betrag" beside "Schl. | Abzüge |
 * Betrag", a payslip's earnings and deductions each framed): one table, as `pairedTables` reads them unframed.
 */
function pairedGrids(parts: Table[], settings: EngineSettings): Table[] {
  const [a, b, more] = [...parts].sort((p, q) => p.box.x1 - q.box.x1);
  if (!a || !b || more) return parts;
  const headA = a.headerLines[a.headerLines.length - 1];
  const headB = b.headerLines[b.headerLines.length - 1];
  if (!headA || !headB || a.box.x2 > b.box.x1 || Math.abs(headA.box.y1 - headB.box.y1) > Math.min(headA.height, headB.height)) return parts;
  const names = (t: Table) => headerNames(t, t.headerLines.length, settings).map((n) => n.toLowerCase().trim());
  const paired = pairParts(a, b, names(a), names(b), settings);
  return paired ? [paired] : parts;
}

/** The shortest run of `least` or more column names that the whole list repeats, or 0. */
function repeatPeriod(names: string[], least: number): number {
  for (let p = least; p <= half(names.length); p++) {
    if (names.length % p !== 0 || names.slice(0, p).some((n) => !n)) continue;
    if (names.every((n, i) => n === names[i % p])) return p;
  }
  return 0;
}

/** Lines of "Label: value" pairs side by side (an invoice's header block) align like columns but are record fields. */
function isLabelValueBlock(table: Table, settings: EngineSettings): boolean {
  const texts = [...table.headerLines.flatMap((l) => l.segments.map((s) => s.text)), ...table.rows.flatMap((r) => r.cells.map((c) => c.text))].filter(Boolean);
  const labelled = texts.filter((t) => /^[^:]{1,40}:(\s|$)/.test(t)).length;
  return texts.length > 0 && labelled / texts.length >= settings.tables.labelValueShare;
}

/** Two or three columns of running text (a multi-column article) look tabular but hold sentences. */
function isProseColumns(table: Table, settings: EngineSettings): boolean {
  const { proseCellWords, proseCellShare, proseMaxSeparators } = settings.tables;
  const cells = table.rows.flatMap((r) => r.cells.filter((c) => c.text));
  const long = cells.filter((c) => c.words.length >= proseCellWords).length;
  return cells.length > 0 && long / cells.length >= proseCellShare && table.separators.length <= proseMaxSeparators;
}


/** A line of several cells. */
function isTabular(line: Line): boolean {
  return line.segments.length > 1;
}

/**
 * The tabular lines with the lines set between their own (a description wrapped round the figures set in the middle
 * of its row, a code over them): those hold the row's other columns, which the figures' line alone leaves no border for.
 */
function withInterleaved(lines: Line[], tabular: Line[], settings: EngineSettings): Line[] {
  const row = new Set([...tabular, ...interleavedWith(lines, tabular, settings)]);
  return lines.filter((l) => row.has(l));
}

/** The lines of `lines` set between the lines of `tabular` (next to one, closer than a leading). */
function interleavedWith(lines: Line[], tabular: Line[], settings: EngineSettings): Line[] {
  const row = new Set(tabular);
  return lines.filter((l, i) => !row.has(l) && ((i > 0 && row.has(lines[i - 1]) && interleaves(lines[i - 1], l, settings)) || (i + 1 < lines.length && row.has(lines[i + 1]) && interleaves(l, lines[i + 1], settings))));
}

/**
 * Groups lines into candidate table blocks. Single-segment lines are allowed
 * inside a block (section labels, wrapped cells) when a tabular line follows
 * closely; a long paragraph-like line or a big gap ends it.
 */
function findBlocks(lines: Line[], rules: Rule[], lineHeight: number, settings: EngineSettings): Line[][] {
  const t = settings.tables;
  const blocks: Line[][] = [];
  let current: Line[] = [];
  let pendingSingles: Line[] = [];
  const flush = () => {
    current.push(...runOnLines(current, pendingSingles, t));
    if (current.filter(isTabular).length >= t.minTabularLines) blocks.push(current);
    current = [];
    pendingSingles = [];
  };
  const gapOk = (a: Line, b: Line) => b.box.y1 - a.box.y2 <= t.maxRowGapEm * Math.max(lineHeight, a.height);
  let note: { first: Line; last: Line } | null = null;
  // A remark between the item heads and the first item ("Important: orders until 19.12. ...") bridges them.
  let remark: Line | null = null;
  const headsOpen = () => {
    const heads = current.findLastIndex((l) => namesItemColumns(l, t.minItemHeads, settings));
    return heads >= 0 && heads >= current.length - t.maxHeaderLines && !current.slice(heads).some(hasDataCell);
  };
  // Lines indented under item heads are an item's notes, however wide ("Ordered by: J. Smith, staff no. 4488, cost centre 12").
  const itemNote = (l: Line) => current.some((c) => namesItemColumns(c, t.minItemHeads, settings)) && l.box.x1 > unionBoxes(current.map((c) => c.box)).x1 + l.height;
  for (const line of lines) {
    // A footnote after the rows ends the table; its hanging-indented lines (key | meaning) belong to it, not to a new table.
    if (note && gapOk(note.last, line) && line.box.x1 >= note.first.words[0].box.x2) {
      note.last = line;
      continue;
    }
    note = null;
    const last = pendingSingles[pendingSingles.length - 1] ?? remark ?? current[current.length - 1];
    remark = null;
    // Item heads waiting for their first item (a head's wrapped second line under them) bridge a wider gap: the
    // header set apart from its columns, down to the first item or to a lone line over it (the group the items
    // came under: "Order no. 275543").
    const headsBridge = (above: Line) => (!isTabular(line) || hasDataCell(line)) && headsOpen() && line.box.y1 - above.box.y2 <= t.headsToItemsGapEm * lineHeight;
    if (current.length && last && !gapOk(last, line) && !headsBridge(last)) flush();
    if (current.some(hasDataCell) && FOOTNOTE_START.test(line.text)) {
      flush();
      note = { first: line, last: line };
    } else if (isTabular(line)) {
      // Data rows, then a few lone lines (a note, the next title), then a heading row: a new table starts; after an
      // item's notes, the line is one more ("Discount 1: 30% | 4.50 €").
      if (pendingSingles.length >= t.singlesBeforeNewTable && !hasDataCell(line) && current.some(hasDataCell) && !pendingSingles.every(itemNote)) flush();
      current.push(...pendingSingles, line);
      pendingSingles = [];
    } else if (current.length && !pendingSingles.length && isTabular(current[current.length - 1]) && interleaves(current[current.length - 1], line, settings)) {
      // Set between the lines of the row above (a description wrapped round its figures): that row's, no lone line.
      current.push(line);
    } else if (current.length) {
      const blockBox = unionBoxes(current.map((l) => l.box));
      const wide = line.box.x2 - line.box.x1 > (blockBox.x2 - blockBox.x1) * t.wideLineShare && line.words.length >= t.wideLineWords;
      const noteLike = NOTE_START.test(line.text);
      if (wide && !pendingSingles.length && headsOpen()) {
        remark = line;
      } else if ((wide && !itemNote(line)) || noteLike || pendingSingles.length >= t.maxPendingSingles) {
        flush();
      } else {
        pendingSingles.push(line);
      }
    }
  }
  flush();
  const lineAbove = (block: Line[]) => {
    const above = lines[lines.indexOf(block[0]) - 1];
    return above && block[0].box.y1 - above.box.y2 <= lineHeight * t.aboveGapLines ? above : undefined;
  };
  return mergeRuledBlocks(blocks.flatMap((b) => splitAtNewHeader(b, lineAbove(b), settings)), lines, rules, settings);
}

/**
 * Lone lines left pending when a table ends that continue its last item:
 * the items above carry such lines too (`t.minRunOnLines` at least, or one set (within t.runOnOffset) as far
 * under its item's line as this one: records of two lines), starting where
 * these start, indented from the table's first column (a description's
 * run-on text or note, not a section label or a footnote). A line at the
 * table's left edge continues the last item only where the items above
 * carry one there too, each as far under its item line as this one (an
 * article line over its description).
 */
function runOnLines(block: Line[], pending: Line[], t: EngineSettings['tables']): Line[] {
  if (!block.length) return [];
  const left = Math.min(...block.map((l) => l.box.x1));
  const inner = block.filter((l) => !isTabular(l) && l.box.x1 > left + l.height);
  const under = (l: Line, above: Line | undefined) => (above ? l.box.y1 - above.box.y1 : Infinity);
  const secondAtLeft = block.flatMap((l, i) => (i > 0 && !isTabular(l) && isTabular(block[i - 1]) && l.box.x1 <= left + l.height ? [under(l, block[i - 1])] : []));
  const out: Line[] = [];
  for (const l of pending) {
    const above = out[out.length - 1] ?? block[block.length - 1];
    const asRecord = isTabular(above) && secondAtLeft.length > 0 && secondAtLeft.every((o) => Math.abs(o - under(l, above)) < l.height * t.runOnOffset);
    if (asRecord && Math.abs(l.box.x1 - left) <= l.height) {
      out.push(l);
      continue;
    }
    const likeOne = inner.length === 1 && Math.abs(under(inner[0], block[block.indexOf(inner[0]) - 1]) - under(l, above)) < l.height * t.runOnOffset;
    if ((inner.length < t.minRunOnLines && !likeOne) || l.box.x1 <= left + l.height || !inner.some((o) => Math.abs(o.box.x1 - l.box.x1) < l.height)) break;
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
function splitAtNewHeader(block: Line[], headingAbove: Line | undefined, settings: EngineSettings): Line[][] {
  const t = settings.tables;
  const pitches = block.slice(1).map((l, i) => l.box.y1 - block[i].box.y1);
  const pitch = median(pitches);
  const out: Line[][] = [];
  const key = (l: Line) => l.words.map((w) => w.text).join(' ').toLowerCase();
  let start = 0;
  let dataSeen = 0;
  let headings = new Set<string>(headingAbove ? [key(headingAbove)] : []);
  for (let i = 1; i < block.length; i++) {
    if (hasDataCell(block[i - 1])) dataSeen++;
    // The first row's top line, set between its lines, heads nothing: another row's may read the same.
    else if (dataSeen === 0 && !interleaves(block[i - 1], block[i], settings)) headings.add(key(block[i - 1]));
    const line = block[i];
    const spaced = line.box.y1 - block[i - 1].box.y1 > pitch * t.newHeaderPitch;
    const newHeader = (spaced && isTabular(line) && !hasDataCell(line) && opensTable(block.slice(start, i), line, settings)) || headings.has(key(line));
    // A row of item column heads after label/value lines (an account block set like a table, a receipt's date and
    // number over its heads, their figures in no data cell) opens the items.
    const valuesAbove = dataSeen > 0 || block.slice(start, i).every((l) => /\d/.test(l.text) && !namesItemColumns(l, t.minItemHeads, settings));
    const itemHeads = valuesAbove && namesItemColumns(line, t.minItemHeads, settings);
    if ((dataSeen >= t.dataRowsBeforeNewHeader && newHeader) || itemHeads) {
      if (!block.slice(i + 1, i + 1 + t.newHeaderLookahead).some(hasDataCell)) continue;
      out.push(block.slice(start, i));
      start = i;
      dataSeen = 0;
      headings = new Set();
    }
  }
  out.push(block.slice(start));
  return out.filter((b) => b.filter(isTabular).length >= t.minTabularLines);
}

/**
 * Whether a line with no data, set apart under rows, opens a table of its own: under item heads only when it names a
 * line column itself ("Deductions | Amount"). A scanned item row whose figures read as letters ("Widget XL | Zi"),
 * set a little lower by a scan's ragged boxes, holds no data cell either, and taken for heads it would cut the items
 * in two. (After lone lines a heading line still opens one whatever it names: a payslip's second table there.)
 */
function opensTable(above: Line[], line: Line, settings: EngineSettings): boolean {
  return !above.some((l) => namesItemColumns(l, settings.tables.minItemHeads, settings)) || namesItemColumns(line, 1, settings);
}

/** A line of column heads of line items: at least `least` of its cells label line concepts and none holds data. */
function namesItemColumns(line: Line, least: number, settings: EngineSettings): boolean {
  if (hasDataCell(line)) return false;
  return line.segments.reduce((n, s) => n + packedHeads(s.words.map((w) => w.text), settings), 0) >= least;
}

/**
 * How many line concepts' heads a cell of heads names: one when it is one
 * head, more when its words part wholly into heads a narrow till set closer
 * than a cell gap ("PRECIO UNITARIO CANT.", "Units Item", "Il. Opis"), else
 * none.
 */
function packedHeads(words: string[], settings: EngineSettings): number {
  if (namesLineConcept(words.join(' '), settings)) return 1;
  // Heads of at most settings.tables.packedHeadWords words each, left to right, every word in one.
  const most = new Array<number>(words.length + 1).fill(-1);
  most[0] = 0;
  for (let end = 1; end <= words.length; end++) {
    for (let start = Math.max(0, end - settings.tables.packedHeadWords); start < end; start++) {
      if (most[start] >= 0 && namesLineConcept(words.slice(start, end).join(' '), settings)) most[end] = Math.max(most[end], most[start] + 1);
    }
  }
  return most[words.length] > 1 ? most[words.length] : 0;
}

/**
 * In a ruled grid, narrow columns often leave a line with one segment, and
 * tall cells create gaps; lines inside the same grid box belong together.
 */
function mergeRuledBlocks(blocks: Line[][], lines: Line[], rules: Rule[], settings: EngineSettings): Line[][] {
  if (rules.length < settings.tables.minGridRules || blocks.length <= 1) return blocks;
  const out: Line[][] = [blocks[0]];
  for (let i = 1; i < blocks.length; i++) {
    const prev = out[out.length - 1];
    const a = unionBoxes(prev.map((l) => l.box));
    const b = unionBoxes(blocks[i].map((l) => l.box));
    const verticalsSpanBoth = rules.some(
      (r) => Math.abs(r.x2 - r.x1) < settings.tables.ruleStraightness && r.y1 <= a.y2 && r.y2 >= b.y1 && r.x1 > Math.max(a.x1, b.x1) && r.x1 < Math.min(a.x2, b.x2),
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
function withoutTrailingSummary(block: Line[], settings: EngineSettings): Line[] {
  const t = settings.tables;
  const left = Math.min(...block.map((l) => l.box.x1));
  const width = Math.max(...block.map((l) => l.box.x2)) - left;
  const label = (l: Line) => l.segments[0].text.toLowerCase();
  let end = block.length;
  // A summary line is a label and one amount; a total across several columns, or one closing every group, is a row.
  const summary = (l: Line) =>
    ((isSummaryText(l.segments[0].text, settings) && l.segments.length <= t.summaryMaxSegments) || colonLabelled(l, t.colonLabelMaxSegments)) && !block.slice(0, end - 1).some((o) => label(o) === label(l));
  for (;;) {
    // The last line, and the one above it (a box's heads over its amounts).
    const last = end - 1;
    const above = last - 1;
    if (end > t.minKeptLines && summary(block[last]) && block[last].box.x1 > left + width * t.summaryIndentShare) end--;
    else if (above >= t.minKeptLines && totalsBox(block.slice(0, above), block[above], block[last], settings)) end = above;
    else break;
  }
  return block.slice(0, end);
}

/**
 * A box of totals: a line of labels alone, summary labels but one ("Gross
 * pay | Total deductions | Net pay", "Taux TVA | Base HT | TVA | TTC", or set
 * tight as one segment, "Aliquota Imponibile Imposta Totale") over a line of
 * their amounts, two or more. Payslips, orders and bills print it right under
 * the items; left in, its amounts, set where the items' columns are not,
 * merge the items' columns or open new ones between them.
 */
function totalsBox(items: Line[], heads: Line, values: Line, settings: EngineSettings): boolean {
  const amountWord = (text: string) => isDataValue(text) || detectCurrency(text) === text || /^[$€£%]$/.test(text);
  // A scan may misread one head ("Towal" for "Total"): the others must be summary labels, at least two of them. Heads
  // set tight as one run read as one label over several amounts.
  const unread = heads.segments.filter((s) => !isSummaryText(s.text, settings)).length;
  const read = heads.segments.length - unread;
  const headsRead = heads.segments.length === 1 ? read === 1 && lineParts(values).length > 1 : unread <= settings.tables.totalsBoxUnreadHeads && read >= settings.tables.totalsBoxReadHeads;
  return (
    headsRead &&
    !heads.segments.some(isDataSegment) &&
    values.words.some((w) => isDataValue(w.text)) &&
    values.words.every((w) => amountWord(w.text)) &&
    items.filter(hasDataCell).length > 1
  );
}

/**
 * "Nettogewicht (kg): 1.179,8", "Colli: 92": a label ending in a colon, then
 * one figure. A scan may part the label into two segments (at most `most` in all).
 */
function colonLabelled(l: Line, most: number): boolean {
  const segs = l.segments;
  const labels = segs.slice(0, -1);
  return segs.length > 1 && segs.length <= most && isDataValue(segs[segs.length - 1].text) && !labels.some(isDataSegment) && /:$/.test(labels[labels.length - 1].text);
}

/**
 * Lines after the last data row that run across the data rows' column gaps
 * ("(:) Not available.", a sentence under the table) are notes, not rows,
 * unless they are the last item's run-on lines (runOnLines).
 */
function withoutTrailingNotes(block: Line[], settings: EngineSettings): Line[] {
  const lastData = block.findLastIndex(hasDataCell);
  const data = block.slice(0, lastData + 1).filter(hasDataCell);
  if (data.length <= 1 || lastData === block.length - 1) return block;
  const box = unionBoxes(data.map((l) => l.box));
  const gaps = findWhitespaceSeparators(data, box.x1, box.x2, settings);
  const end = lastData + 1 + runOnLines(block.slice(0, lastData + 1), block.slice(lastData + 1), settings.tables).length;
  const crossing = block.findIndex((l, i) => i >= end && lineParts(l).some((p) => gaps.some((x) => p.x1 < x && p.x2 > x)));
  return crossing < 0 ? block : block.slice(0, crossing);
}

function buildTable(fullBlock: Line[], allLines: Line[], rules: Rule[], lineHeight: number, settings: EngineSettings): Table | null {
  const t = settings.tables;
  const { block, leading, stack } = splitBlock(fullBlock, rules, settings);
  const body = block.slice(leading);
  if (body.length === 0) return null;
  let box = unionBoxes(block.slice(Math.max(0, leading - t.maxHeaderLines)).map((l) => l.box));
  const header = block.slice(0, leading);
  // Under a stacked header only a record's first line is set in the columns (with the lines set between its own); its
  // other lines and notes cross them.
  const columnLines = stack ? withInterleaved(body, [...recordStarts(body, settings)], settings) : body;
  const bodyTabular = columnLines.filter(isTabular);
  const ruledSeparators = findRuledSeparators(rules, box.x1, box.x2, box.y1, box.y2, settings);
  // One item line: the heads give borders too, and a head set clear of its value is joined to it.
  const oneItem = bodyTabular.length < t.minTabularLines;
  const whitespace = oneItem
    ? joinHeadsToLoneValues(findWhitespaceSeparators(block.filter(isTabular), box.x1, box.x2, settings), header, body)
    : findWhitespaceSeparators(bodyTabular, box.x1, box.x2, settings, { held: interleavedWith(body, bodyTabular, settings), others: body });
  const found = dropEmptyColumns(ruledSeparators.length > 0 ? mergeSeparators(ruledSeparators, whitespace, body, block[leading - 1], settings) : clearHeadsOfBorders(whitespace, header, columnLines, settings), block);
  if (found.length === 0) return null;
  const led = [...found, ...findHeaderLedSeparators(columnLines, found, header, settings)].sort((a, b) => a - b);
  const headed = [...led, ...findEmptyHeadSeparators(columnLines, led, header, settings)].sort((a, b) => a - b);
  const separators = [...headed, ...findPackedSeparators(columnLines, headed, header, settings)].sort((a, b) => a - b);

  // A stack's top line heads every column; lines above it are the page's, not group headings.
  const above = stack ? [] : headerLinesAbove(block[0], allLines, box, separators, lineHeight, settings);
  const lines = [...above, ...block];
  box = unionBoxes(lines.map((l) => l.box));
  const rowRules = findRowRules(rules, box.x1, box.x2, box.y1, box.y2 + lineHeight * t.rowRuleReach, settings);
  const table = splitHeader({ box, separators, headerLines: [], rows: [], ruled: ruledSeparators.length > 0, headerEnd: 0, lines, rowRules, stack }, above.length + leading, settings);
  return table.rows.length ? table : null;
}

/**
 * The block's lines that make the table and how many of them head it. Under
 * a stacked header the table starts at the stack's top line and keeps the
 * lines after the last record's first: its lower lines and notes, which cross
 * the columns as a note under a table does.
 */
function splitBlock(fullBlock: Line[], rules: Rule[], settings: EngineSettings): { block: Line[]; leading: number; stack?: Stack } {
  const fullLeading = headerRuleBoundary(fullBlock, rules, settings) ?? countLeadingHeaderLines(fullBlock, settings);
  const stack = findStack(fullBlock.slice(0, fullLeading), fullBlock.slice(fullLeading), settings);
  if (stack) return { block: withoutTrailingSummary(fullBlock.slice(fullLeading - stack.lines.length), settings), leading: stack.lines.length, stack };
  const block = withoutTrailingSummary(withoutTrailingNotes(fullBlock, settings), settings);
  return { block, leading: headerRuleBoundary(block, rules, settings) ?? countLeadingHeaderLines(block, settings) };
}

/**
 * The table with its header ending before `lines[headerEnd]`: at most
 * settings.tables.maxHeaderLines lines above the body name the columns, the rest are rows.
 */
export function splitHeader(table: Table, headerEnd: number, settings: EngineSettings): Table {
  const headerLines = table.lines.slice(Math.max(0, headerEnd - settings.tables.maxHeaderLines), headerEnd);
  const body = table.lines.slice(headerEnd);
  const rowRules = body.length ? table.rowRules.filter((y) => y > body[0].box.y1) : [];
  // Another split of the same lines keeps the stack only while the header still ends in it.
  const kept = table.stack;
  const stack = kept && kept.lines.every((l, i) => headerLines[headerLines.length - kept.lines.length + i] === l) ? kept : undefined;
  const rows = (stack ? readRecords(body, table.separators, stack, settings) : buildRows(body, table.separators, rowRules, settings)).filter((r) => r.cells.some((c) => c.text));
  return { ...table, headerLines, rows: [...rows, ...(table.apart ?? [])], headerEnd, stack };
}

/** A column no word of the table falls into (padding inside a ruled cell, a doubled rule) is no column. */
function dropEmptyColumns(separators: number[], lines: Line[]): number[] {
  let seps = separators;
  for (;;) {
    const used = new Array<boolean>(seps.length + 1).fill(false);
    for (const l of lines) for (const w of l.words) used[columnAt(seps, middle(w.box.x1, w.box.x2))] = true;
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
function mergeSeparators(ruled: number[], whitespace: number[], body: Line[], lowestHeader: Line | undefined, settings: EngineSettings): number[] {
  const { alignTolerance, minBodyLinesForSplit, alignedEdge } = settings.tables;
  const extra = whitespace.filter((w) => ruled.every((r) => Math.abs(r - w) > alignTolerance));
  const crosses = (l: Line, x: number) => lineParts(l).some((p) => p.x1 < x && p.x2 > x);
  const confirmed = extra.filter((x) => body.length >= minBodyLinesForSplit && !body.some((l) => crosses(l, x)) && !(lowestHeader && crosses(lowestHeader, x)));
  return clusterPositions([...ruled, ...confirmed].sort((a, b) => a - b), alignedEdge);
}

/**
 * Leading lines of a block that read as headings: no data values (bare years
 * allowed, as in "2019 2020"), or an empty stub column over a filled one.
 */
function countLeadingHeaderLines(block: Line[], settings: EngineSettings): number {
  const { wrapHeadGap, sectionLabelIndent } = settings.tables;
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
  const wrapsHead = (k: number) => k + 1 < block.length && block[k].box.y1 - block[k - 1].box.y2 < (block[k + 1].box.y1 - block[k].box.y2) * wrapHeadGap;
  while (n > 1 && !isTabular(block[n - 1]) && block[n - 1].box.x1 - left < width * sectionLabelIndent && !wrapsHead(n - 1)) n--;
  // The top line of a row set in the middle of its height (its text wrapped round its figures) is no head.
  while (n > 0 && n < block.length && !isTabular(block[n - 1]) && interleaves(block[n - 1], block[n], settings)) n--;
  return n;
}

/**
 * Booktabs-style tables draw one rule under the header (between top and
 * bottom rules). When only a few rules separate the block's lines and the
 * first one sits near the top, it marks where the header ends.
 */
function headerRuleBoundary(block: Line[], rules: Rule[], settings: EngineSettings): number | null {
  const t = settings.tables;
  if (block.length < t.minRuledBlockLines) return null;
  const box = unionBoxes(block.map((l) => l.box));
  const width = box.x2 - box.x1;
  const separating: number[] = [];
  for (let i = 0; i + 1 < block.length; i++) {
    const top = block[i].box.y2;
    const bottom = block[i + 1].box.y1;
    const hit = rules.some(
      (r) =>
        Math.abs(r.y2 - r.y1) < t.ruleStraightness && r.y1 >= top - t.ruleSlack && r.y1 <= bottom + t.ruleSlack && Math.min(r.x2, box.x2) - Math.max(r.x1, box.x1) >= width * t.rowRuleCover,
    );
    if (hit) separating.push(i + 1);
  }
  if (separating.length === 0 || separating.length > t.maxHeaderRules) return null;
  const first = separating[0];
  // Rows of data above it make it the rule over a short table's totals (a receipt's items, then its total), not the header's.
  // So does one item under its heads above it.
  const heads = block.slice(0, first).findIndex((l) => namesItemColumns(l, t.minItemHeads, settings));
  if (block.slice(0, first).filter(hasDataCell).length >= t.dataRowsAboveTotalsRule || (heads >= 0 && block.slice(heads, first).some(hasDataCell))) return null;
  return first <= t.maxHeaderLines + 1 && first < block.length ? first : null;
}

/** Lines just above the block that head its columns (spanning group titles, units). */
function headerLinesAbove(first: Line, allLines: Line[], box: Box, separators: number[], lineHeight: number, settings: EngineSettings): Line[] {
  const t = settings.tables;
  const out: Line[] = [];
  let idx = allLines.indexOf(first);
  let lower = first;
  const width = box.x2 - box.x1;
  while (idx > 0 && out.length < t.maxHeaderLines - 1) {
    const line = allLines[--idx];
    if (lower.box.y1 - line.box.y2 > lineHeight * t.aboveGapLines) break;
    if (line.box.x1 < box.x1 - width * t.headAboveOverhang || line.box.x2 > box.x2 + width * t.headAboveOverhang) break;
    if (CAPTION_START.test(line.text) || /[.:]$/.test(line.text.trim())) break;
    const cols = new Set(line.words.map((w) => columnAt(separators, middle(w.box.x1, w.box.x2))));
    // A lone segment starting at the table's left edge is a title, not a column head.
    if (line.segments.length === 1 && (cols.has(0) || line.words.length > t.titleWords)) break;
    if (line.segments.some(isDataSegment)) break;
    out.unshift(line);
    lower = line;
  }
  return out;
}

export function tableCellCount(t: Table): number {
  return t.rows.reduce((n, r) => n + r.cells.filter((c) => c.text).length, 0);
}
