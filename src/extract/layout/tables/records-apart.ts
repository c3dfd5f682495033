/**
 * Item records set apart from their table: a headed item table whose next record stands after a white gap and a note
 * line ("Bruttopreis : 9,90" under each item of the printed views of XRechnung and ZUGFeRD invoices) is detected as a
 * headless table of its own, and its rows lose the heads that name their columns. Such a table joins the headed one
 * above it when it is set on that table's columns: no word of it across a border of theirs, and its first row filling
 * the very columns the headed table's first row fills, figures among them.
 */
import type { EngineSettings } from '../../settings.js';
import { unionBoxes } from '../lines/geometry.js';
import { columnAt } from './table-columns.js';
import { buildRows, lineToCells } from './table-rows.js';
import type { Table } from './table.js';

/** The tables with each headless table of records set apart joined to the headed table above it. */
export function withRecordsApart(tables: Table[], lineHeight: number, settings: EngineSettings): Table[] {
  const out: Table[] = [];
  for (const table of tables) {
    const above = out[out.length - 1];
    if (above && setApartFrom(above, table, lineHeight, settings)) {
      const rows = [...above.rows, ...buildRows(table.lines, above.separators, [], settings).filter((r) => r.cells.some((c) => c.text))];
      out[out.length - 1] = { ...above, box: unionBoxes([above.box, table.box]), rows, lines: [...above.lines, ...table.lines] };
    } else out.push(table);
  }
  return out;
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
