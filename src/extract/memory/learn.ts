/**
 * What one corrected (or confirmed) page teaches: each value a person set is
 * found on the page's words; a document value is learned with its label (the
 * words before it or above it) and its place, the line items as the table's
 * column bands under its header line. Values the words do not print are not
 * learned.
 */
import type { PageContent } from '../read/page-content.js';
import type { Word } from '../types.js';
import { overlap1d, roundBox, roundCoordinate, unionBoxes } from '../layout/lines/geometry.js';
import type { Line } from '../layout/lines/lines.js';
import { DEFAULT_SETTINGS, type EngineSettings } from '../settings.js';
import { anchorsOf } from './layout-match.js';
import type { LayoutModel, LearnedColumn, LearnedField, LearnedTable, SenderMarks } from './model.js';
import { resolveConcept, labelScore } from '../concepts/index.js';
import { findValue, segmentOf, type ValueHit } from './find-value.js';
import { memoryPage } from './page.js';
import { isSendersName, isSendersOwn, isTaxId, senderMarks } from './sender.js';
import { letterWord } from './near-text.js';
import { isUnderItem } from '../layout/tables/data-values.js';
import { half, medianOfSorted, middle } from '../units.js';
import { asksLineItems, conceptOf, fittedWords, isLineConcept, isNumberConcept } from './compete.js';

/** The rows a person set, as plain values per field. */
export interface CorrectedPage {
  fields: string[];
  rows: Array<Record<string, string | null>>;
}

const valueOf = (page: CorrectedPage, field: string, row = 0): string => String(page.rows[row]?.[field] ?? '').trim();

/**
 * Line fields: values that differ from row to row, or a line concept's. A
 * value on every row is the document's. A single row teaches document values
 * only, as one row cannot show a table's columns, unless the request asks
 * for line items (compete.ts, asksLineItems): then its line concepts are the
 * table's one row (a sender whose invoices carry one item, its description
 * wrapped onto a second line a scan's general reading takes for a row).
 */
function splitFields(lines: Line[], ocr: boolean, page: CorrectedPage, settings: EngineSettings): { documentFields: string[]; lineFields: string[] } {
  const documentFields: string[] = [];
  const lineFields: string[] = [];
  const oneRowOfItems = page.rows.length === 1 && asksLineItems(page.fields, settings);
  // A value the same on every row that the page prints on every row is a column still (a purchase order's tax rate).
  const onEveryRow = (f: string) => findValue(lines, valueOf(page, f), ocr, settings, true).length >= page.rows.length;
  for (const f of page.fields) {
    const isDocument = page.rows.length <= 1
      ? !(oneRowOfItems && isLineConcept(f, settings))
      : new Set(page.rows.map((r) => r[f] ?? '')).size === 1 && resolveConcept(f)?.level !== 'line' && !onEveryRow(f);
    (isDocument ? documentFields : lineFields).push(f);
  }
  return { documentFields, lineFields };
}

/** The label of a value: the words before it in its cell, the cell before it, or a cell right above it. */
function labelOf(lines: Line[], hit: ValueHit, isValueWord: (w: Word) => boolean, settings: EngineSettings): LearnedField['label'] {
  const line = lines[hit.line];
  const seg = segmentOf(line, hit.words[0]);
  const k = seg.words.indexOf(hit.words[0]);
  const asLabel = (words: Word[], sameSegment: boolean) => {
    if (words.length === 0 || words.some(isValueWord) || !words.some((w) => letterWord(w.text, settings))) return null;
    return { text: words.map((w) => w.text).join(' '), box: roundBox(unionOf(words)), sameSegment };
  };
  // Words before the value in its cell are its label when they read as one (not a currency mark).
  const inCell = k > 0 ? asLabel(seg.words.slice(0, k), true) : null;
  if (inCell) return inCell;
  const s = line.segments.indexOf(seg);
  if (s > 0) {
    const before = asLabel(line.segments[s - 1].words, false);
    if (before) return before;
  }
  for (let i = hit.line - 1; i >= Math.max(0, hit.line - settings.memory.labelAboveLines); i--) {
    const above = lines[i].segments.find((a) => overlap1d(a.box.x1, a.box.x2, hit.box.x1, hit.box.x2) > 0);
    if (above) return asLabel(above.words, false);
  }
  return null;
}

const unionOf = (words: Word[]) => ({
  x1: Math.min(...words.map((w) => w.box.x1)), y1: Math.min(...words.map((w) => w.box.y1)),
  x2: Math.max(...words.map((w) => w.box.x2)), y2: Math.max(...words.map((w) => w.box.y2)),
});

/**
 * Where a value sits in its cell: words before it that are not its label,
 * and words after it (a date with its time, a period's start before "to").
 */
function cellPlace(lines: Line[], hit: ValueHit, label: LearnedField['label']): { lead: number; tail: number } {
  const first = segmentOf(lines[hit.line], hit.words[0]);
  const lead = label?.sameSegment ? 0 : first.words.indexOf(hit.words[0]);
  const lastWord = hit.words[hit.words.length - 1];
  const last = segmentOf(lines[hit.line + hit.lines - 1], lastWord);
  return { lead, tail: last.words.length - 1 - last.words.indexOf(lastWord) };
}

/**
 * Of the places a value is printed, the one its field is learned from: after
 * a label on its line before one under a label above (a column head), a
 * label that names the field's concept before another, words no other field
 * took before taken ones, else the first (a total in the totals block, not
 * the same amount in a row).
 */
function bestHit(lines: Line[], field: string, hits: ValueHit[], used: Set<Word>, settings: EngineSettings): ValueHit | null {
  const M = settings.memory;
  const concept = resolveConcept(field);
  const rank = (h: ValueHit) => {
    const free = h.words.some((w) => used.has(w)) ? 0 : M.freeWordsRank;
    const label = labelOf(lines, h, () => false, settings);
    if (!label) return free;
    const sameLine = label.sameSegment || Math.abs(label.box.y1 - h.box.y1) < lines[h.line].height * M.sameLineShare;
    return (sameLine ? M.sameLineLabelRank : M.labelAboveRank) + (concept && labelScore(concept, label.text, settings) > 0 ? M.conceptLabelRank : 0) + free;
  };
  let best: ValueHit | null = null;
  let bestRank = -1;
  for (const h of hits) {
    const r = rank(h);
    if (r > bestRank) {
      best = h;
      bestRank = r;
    }
  }
  return best;
}

/**
 * The hit nearest the line `near` (a row's anchor line), or on the first line from `from` that prints the value; of
 * those on one line, the one nearest `x` across (where its column's values stand), else the first.
 */
function nearest(hits: ValueHit[], near: number | null, settings: EngineSettings, from = 0, x?: number): ValueHit | null {
  const after = hits.filter((h) => h.line >= from);
  if (after.length === 0) return null;
  const line = near ?? Math.min(...after.map((h) => h.line));
  const reach = near === null ? 0 : settings.memory.rowReach;
  const across = (h: ValueHit) => (x === undefined ? 0 : Math.abs(middle(h.box.x1, h.box.x2) - x));
  return after.filter((h) => Math.abs(h.line - line) <= reach).sort((a, b) => Math.abs(a.line - line) - Math.abs(b.line - line) || across(a) - across(b))[0] ?? null;
}

interface RowHits {
  anchorLine: number;
  cells: Map<string, ValueHit>;
}

function learnTable(lines: Line[], ocr: boolean, page: CorrectedPage, lineFields: string[], used: Set<Word>, settings: EngineSettings): LearnedTable | null {
  const M = settings.memory;
  if (lineFields.length === 0 || page.rows.length === 0) return null;
  // The anchor column: filled on most rows; the last such in the request (line totals come last).
  const filled = (f: string) => page.rows.filter((_, i) => valueOf(page, f, i) !== '').length;
  const anchor = [...lineFields].reverse().reduce((a, f) => (filled(f) > filled(a) ? f : a));
  // Each row's values found after the rows above it; a value a row prints twice on its line (a unit price that is its
  // line total too) is taken where its column's values stand (`across`: their middles on a first reading).
  const rowsFound = (taken: Set<Word>, across: Map<string, number> | null): RowHits[] => {
    const rows: RowHits[] = [];
    const free = (value: string) => findValue(lines, value, ocr, settings, true).filter((h) => !h.words.some((w) => taken.has(w)));
    let from = 0;
    for (let i = 0; i < page.rows.length; i++) {
      const v = valueOf(page, anchor, i);
      if (!v) continue;
      const hit = nearest(free(v), null, settings, from, across?.get(anchor));
      if (!hit) continue;
      const cells = new Map<string, ValueHit>([[anchor, hit]]);
      hit.words.forEach((w) => taken.add(w));
      for (const f of lineFields) {
        const value = valueOf(page, f, i);
        if (f === anchor || !value) continue;
        const other = nearest(free(value), hit.line, settings, 0, across?.get(f));
        if (!other) continue;
        cells.set(f, other);
        other.words.forEach((w) => taken.add(w));
      }
      rows.push({ anchorLine: hit.line, cells });
      from = hit.line + 1;
    }
    return rows;
  };
  const first = rowsFound(new Set(used), null);
  const middles = (f: string) => first.flatMap((r) => { const h = r.cells.get(f); return h ? [middle(h.box.x1, h.box.x2)] : []; }).sort((a, b) => a - b);
  const rows = rowsFound(used, new Map(lineFields.filter((f) => middles(f).length > 0).map((f) => [f, medianOfSorted(middles(f))])));
  // The rows are found by their anchor values as the other columns are (settings.memory.columnFoundShare): where the
  // words print few of them (a scan that glued a till's tax class to its amounts, `1.381` for 1.38 | 1), the rows
  // found tell neither where the table starts nor how far apart its rows are, and no table is learned.
  if (rows.length === 0 || rows.length < filled(anchor) * M.columnFoundShare) return null;
  const columnOf = (f: string, from: RowHits[]): LearnedColumn | null => {
    const hits = from.map((r) => [r.anchorLine, r.cells.get(f)] as const).filter((x): x is readonly [number, ValueHit] => x[1] !== undefined);
    if (hits.length === 0) return null;
    // A value over lines that passes its row's anchor line is on that line (a description centred on its row).
    const offsets = hits.map(([a, h]) => (h.line < a && a < h.line + h.lines ? 0 : h.line - a));
    const offset = mode(offsets);
    const same = hits.filter((_, k) => offsets[k] === offset).map(([, h]) => h);
    const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
    const whole = same.filter((h) => (fittedWords(f, h.words, settings, 'line')?.length ?? 0) < h.words.length).length > half(same.length);
    return {
      name: f, offset, wraps: same.some((h) => h.lines > 1), ...(whole ? { whole } : {}),
      // One value shows no alignment: a number (an amount, a count) is printed flush right.
      right: same.length > 1 ? spread(same.map((h) => h.box.x2)) < spread(same.map((h) => h.box.x1)) : isNumberConcept(f, settings),
      x1: roundCoordinate(Math.min(...same.map((h) => h.box.x1))), x2: roundCoordinate(Math.max(...same.map((h) => h.box.x2))),
    };
  };
  const found = (f: string) => rows.filter((r) => r.cells.has(f)).length >= rows.filter((_, i) => valueOf(page, f, i) !== '').length * M.columnFoundShare;
  let columns = lineFields.filter(found).map((f) => columnOf(f, rows)).filter((c): c is LearnedColumn => c !== null);
  // A row that leaves a column empty may print its other cells in that column's place (a till's deposit line without an
  // article number starts its text where the numbers stand): columns that overlap so are placed by the rows that fill
  // every column of their line, where every value a person set was found (a value not found, a description wrapped
  // under the article numbers, tells of a layout the bands would not read).
  const everyFound = columns.every((c) => rows.filter((r) => r.cells.has(c.name)).length === filled(c.name));
  if (overlapping(columns) && everyFound) {
    columns = columns.map((c) => {
      const line = columns.filter((o) => o.offset === c.offset).map((o) => o.name);
      const full = rows.filter((r) => line.every((n) => r.cells.has(n)));
      return full.length > 0 && full.length < rows.length ? columnOf(c.name, full) ?? c : c;
    });
  }
  if (!columns.some((c) => c.name === anchor) || overlapping(columns)) return null;
  // A line between the rows, where a text column's values start, that the person set in no cell (a heading over some
  // items, `Projekt 131232`): that column's cells do not go on onto a line at the rows' pitch (LearnedColumn.apart).
  const inCells = new Set(rows.flatMap((r) => [...r.cells.values()].flatMap((h) => h.words)));
  // (A till's discount, void or modifier under an item is none: the memory reads past those as the general rules do.)
  const leftOut = lines.slice(rows[0].anchorLine + 1, rows[rows.length - 1].anchorLine)
    .filter((l) => !l.words.some((w) => inCells.has(w)) && !isUnderItem(l.segments.map((g) => g.text)));
  const startsIn = (c: LearnedColumn, l: Line) => l.words[0].box.x1 >= c.x1 - M.bandSlack && l.words[0].box.x1 < c.x2;
  columns = columns.map((c) => (!c.right && leftOut.some((l) => startsIn(c, l)) ? { ...c, apart: true } : c));
  const top = Math.min(...[...rows[0].cells.values()].map((h) => h.line));
  // The line above the rows that has words: the column heads, or what a till prints before its items (the receipt number).
  const headerLine = [...lines.slice(Math.max(0, top - M.headerLinesAbove), top)].reverse().find((l) => l.words.some((w) => letterWord(w.text, settings)));
  const pitches = rows.slice(1).map((r, i) => lines[r.anchorLine].box.y1 - lines[rows[i].anchorLine].box.y1);
  return {
    header: headerLine ? { words: headerLine.words.map((w) => letterWord(w.text, settings)).filter((w): w is string => w !== null), box: roundBox(headerLine.box) } : null,
    top: roundCoordinate(lines[top].box.y1),
    columns,
    anchor,
    maxPitch: roundCoordinate(pitches.length ? Math.max(...pitches) : lines[rows[0].anchorLine].height * M.singleRowPitchLines),
  };
}

/** Columns of one line that share their place are no column table (two lists side by side, records over several lines). */
function overlapping(columns: LearnedColumn[]): boolean {
  return columns.some((a, i) => columns.some((b, j) => j > i && a.offset === b.offset && overlap1d(a.x1, a.x2, b.x1, b.x2) > 0));
}

function mode(xs: number[]): number {
  const counts = new Map<number, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || Math.abs(a[0]) - Math.abs(b[0]))[0][0];
}

/**
 * On a scan, the letterhead's name where a value a person set is the sender's name that OCR read with more slips than
 * a value may have (settings.memory.ownNameSlip): `Brückner @mhH` for Brückner GmbH.
 */
function letterheadHit(lines: Line[], sender: SenderMarks, value: string, settings: EngineSettings): ValueHit | null {
  if (!isSendersName(value, sender, true, settings)) return null;
  const line = lines.findIndex((l) => l.segments[0].text.trim() === sender.name);
  if (line < 0) return null;
  const { words } = lines[line].segments[0];
  return { line, lines: 1, printed: 1, words, box: unionBoxes(words.map((w) => w.box)) };
}

/** What the page teaches, or null when none of the values a person set is printed on it. */
export function learnLayout(content: PageContent, corrected: CorrectedPage, settings: EngineSettings = DEFAULT_SETTINGS): LayoutModel | null {
  const { lines, ocr } = memoryPage(content, settings);
  const { documentFields, lineFields } = splitFields(lines, ocr, corrected, settings);
  const used = new Set<Word>();
  const hits = new Map<string, ValueHit>();
  const sender = senderMarks(lines, settings);
  for (const f of documentFields) {
    const v = valueOf(corrected, f);
    // Words already taken may print this value too (a period's start inside the period): they only rank lower.
    const hit = v ? bestHit(lines, f, findValue(lines, v, ocr, settings), used, settings) ?? (ocr ? letterheadHit(lines, sender, v, settings) : null) : null;
    if (!hit) continue;
    hits.set(f, hit);
    hit.words.forEach((w) => used.add(w));
  }
  const table = learnTable(lines, ocr, corrected, lineFields, used, settings);
  // The sender's own values (its name, its address) are printed the same on every page: their words are anchors too,
  // the ones that tell how far a receipt's letterhead moved (its strip is as long as its items).
  const own = new Set<Word>();
  const fields: LearnedField[] = [...hits].map(([name, hit]) => {
    const label = labelOf(lines, hit, (w) => used.has(w), settings);
    const v = valueOf(corrected, name);
    // On a scan, the seller's tax id a person set is the sender's own too where OCR misread it (`3455.34` for
    // `3455 34`), so that the page's ids do not hold it.
    const fixed = isSendersOwn(v, sender, ocr, settings) || (ocr && isTaxId(v) && conceptOf(name, 'document', settings)?.id === 'seller_tax_id');
    if (fixed) hit.words.forEach((w) => own.add(w));
    return { name, label, box: roundBox(hit.box), lines: hit.printed, ...cellPlace(lines, hit, label), ...(fixed ? { fixed: v } : {}) };
  });
  if (fields.length === 0 && !table) return null;
  return {
    sender,
    anchors: anchorsOf(lines, (l, i) => used.has(l.words[i]) && !own.has(l.words[i]), settings),
    fields,
    table,
    lineNames: lineFields,
    documentNames: documentFields,
  };
}
