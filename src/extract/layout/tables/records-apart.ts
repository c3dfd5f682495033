/**
 * Item records set apart from their table: a headed item table whose next record stands after a white gap and a note
 * line ("Bruttopreis : 9,90" under each item of the printed views of XRechnung and ZUGFeRD invoices) is detected as a
 * headless table of its own, and its rows lose the heads that name their columns. Such a table joins the headed one
 * above it when it is set on that table's columns: no word of it across a border of theirs, and its first row filling
 * the very columns the headed table's first row fills, figures among them.
 */
import type { EngineSettings } from '../../settings.js';
import { unionBoxes } from '../lines/geometry.js';
import type { Line } from '../lines/lines.js';
import { namesLineConcept } from '../../concepts/index.js';
import { isDataValue, isSummaryText } from './data-values.js';
import { columnAt } from './table-columns.js';
import { buildRows, cellOf, lineToCells, type TableCell, type TableRow } from './table-rows.js';
import type { Table } from './table.js';
import { middle } from '../../units.js';

/**
 * The tables with each headless table of records set apart joined to the headed table above it, then the lone records
 * under each headed table (`loneRecords`) added to it.
 */
export function withRecordsApart(tables: Table[], lines: Line[], lineHeight: number, settings: EngineSettings): Table[] {
  const out: Table[] = [];
  for (const table of tables) {
    const above = out[out.length - 1];
    if (above && setApartFrom(above, table, lineHeight, settings)) {
      const rows = [...above.rows, ...buildRows(table.lines, above.separators, [], settings).filter((r) => r.cells.some((c) => c.text))];
      out[out.length - 1] = { ...above, box: unionBoxes([above.box, table.box]), rows, lines: [...above.lines, ...table.lines] };
    } else out.push(table);
  }
  const headed = new Set(out.filter((t) => t.headerLines.length).flatMap((t) => t.lines));
  const headless = new Set(out.filter((t) => !t.headerLines.length).flatMap((t) => t.lines));
  return out.map((table) => {
    const records = isItemTable(table, settings) ? loneRecords(table, lines, { headed, headless }, lineHeight, settings) : [];
    if (!records.length) return table;
    const box = unionBoxes([table.box, ...records.flatMap((r) => r.lines.map((l) => l.box))]);
    return { ...table, box, rows: [...table.rows, ...records], apart: records };
  });
}

/** A table of items under heads: a head line of it names as many items' columns as a line of item heads does (no label/value block). */
function isItemTable(t: Table, settings: EngineSettings): boolean {
  if (t.ruled || t.stack || !t.rows.length) return false;
  const named = (line: Line) => lineToCells(line, t.separators).filter((c) => c.text && namesLineConcept(c.text, settings)).length;
  return t.headerLines.some((line) => named(line) >= settings.tables.minItemHeads);
}

/** Which columns a row's cells fill, as a key. */
const filledKey = (cells: TableCell[]) => cells.map((c) => c.text.trim() !== '').join();

/**
 * Item records set apart one by one: where each record stands between rulings with its notes under it ("Weitere
 * Eigenschaften:", "Fahrzeug-Kennzeichen: = M-MM 0000"), no record after the first has another line of cells near
 * it, so none starts a table. A line under the headed table, in no table, whose words fill by their middles the very
 * columns the table's first row fills (figures among them), is one more row, with the lines right under it at the
 * font's leading (its description wrapped: "minimale" over "Selbstbeteiligung"). Notes between records are passed
 * over, and so are the lines of a headless table among them (a record printed without its position, whose number
 * stands beside its note, reads as one with the note); a gap of `recordsApartGapEm` line heights, a total or a line
 * of another headed table ends the records.
 */
function loneRecords(table: Table, lines: Line[], taken: { headed: Set<Line>; headless: Set<Line> }, lineHeight: number, settings: EngineSettings): TableRow[] {
  const { recordsApartGapEm, recordRunOnGapEm } = settings.tables;
  const pattern = filledKey(table.rows[0].cells);
  const below = lines.filter((l) => l.box.y1 > table.box.y2 && l.box.x1 < table.box.x2 && l.box.x2 > table.box.x1);
  const records: LoneRecord[] = [];
  let bottom = table.box.y2;
  let open: LoneRecord | null = null;
  for (const line of below) {
    if (taken.headed.has(line) || line.box.y1 - bottom > lineHeight * recordsApartGapEm || isSummaryText(line.text, settings)) break;
    const cells = lineToCells(line, table.separators);
    if (!taken.headless.has(line) && filledKey(cells) === pattern && cells.some((c) => /\d/.test(c.text))) records.push((open = { cells, lines: [line] }));
    else if (open && line.box.y1 - open.lines[open.lines.length - 1].box.y2 <= lineHeight * recordRunOnGapEm && wrapsText(open.cells, line, table.separators)) open.lines.push(line);
    else open = null;
    bottom = line.box.y2;
  }
  return records.map((record) => recordRow(record, table.separators));
}

/** A lone record: its first line's cells, and its lines (the first, then its wrapped text). */
interface LoneRecord {
  cells: TableCell[];
  lines: Line[];
}

/**
 * Whether `line` continues a record whose first line has `cells`: none of its words stands under a figure of it, as a
 * wrapped description or an amount set a line low do, and a note's figure under the price ("Bruttopreis : 14,0000")
 * does not.
 */
function wrapsText(cells: TableCell[], line: Line, separators: number[]): boolean {
  return line.words.every((w) => !isDataValue(cells[columnAt(separators, middle(w.box.x1, w.box.x2))].text));
}

/** A lone record's row: its line's words by their middles, each wrapped line's parts whole by theirs ("- Garantie"). */
function recordRow(record: LoneRecord, separators: number[]): TableRow {
  const cells = record.cells.map((c) => [...c.words]);
  for (const line of record.lines.slice(1)) for (const s of line.segments) cells[columnAt(separators, middle(s.box.x1, s.box.x2))].push(...s.words);
  return { cells: cells.map(cellOf), lines: record.lines };
}

/** Whether `lower` is records of `upper` set apart (see the module's comment). */
function setApartFrom(upper: Table, lower: Table, lineHeight: number, settings: EngineSettings): boolean {
  if (!upper.headerLines.length || lower.headerLines.length || upper.ruled || lower.ruled || upper.stack || lower.stack || !upper.rows.length || !lower.lines.length) return false;
  const gap = lower.box.y1 - upper.box.y2;
  if (gap <= 0 || gap > lineHeight * settings.tables.recordsApartGapEm) return false;
  const borders = upper.separators;
  const across = lower.lines.some((l) => l.words.some((w) => columnAt(borders, w.box.x1) !== columnAt(borders, w.box.x2)));
  const filled = (cells: Array<{ text: string }>) => cells.map((c) => c.text.trim() !== '').join();
  const first = lineToCells(lower.lines[0], borders);
  return !across && first.some((c) => /\d/.test(c.text)) && filled(first) === filled(upper.rows[0].cells);
}
