/**
 * Columns headed by two heads one over the other ("Art.-Nr." over
 * "Bezeichnung", "Symbol" over "Nazwa"), whose items print the upper head's
 * value on their first line and the lower head's under it: an article line
 * over its description. Both fields asked take the column; the rows stage
 * gives the first line of each cell to the upper head's field and the rest
 * to the lower's (`splitStackedCell`).
 */
import type { Word } from '../../types.js';
import { middle } from '../../units.js';
import type { EngineSettings } from '../../settings.js';
import { headerNames } from '../tables/header-names.js';
import { classifyLabel } from '../../concepts/index.js';
import type { Table } from '../tables/table.js';

/** Two fields sharing one column (by request index among the textual fields): the upper head's over the lower's. */
export interface StackedPair {
  upper: number;
  lower: number;
  /** The two heads as printed, upper first. */
  names: [string, string];
}

/**
 * The pairs of fields the two-line heads of a header `depth` lines deep name
 * one line each, added to `columnOf`; the score they add. A column another
 * field holds (by the two heads read as one) stays its, unless that field is
 * one of the pair; other fields already given a column keep it.
 */
export function stackedHeads<F>(
  table: Table,
  depth: number,
  fields: F[],
  columnOf: number[],
  /** The columns' heads read as one (headerNames at `depth`). */
  joined: string[],
  score: (field: F, name: string) => number,
  settings: EngineSettings,
): { pairs: StackedPair[]; added: number } {
  const pairs: StackedPair[] = [];
  let added = 0;
  for (const { column: c, names: [top, under] } of twoLineColumns(table, depth, settings)) {
    const holder = columnOf.indexOf(c);
    const best = (name: string, not: number) => {
      let at = -1;
      let s = settings.columns.minColumnScore;
      fields.forEach((f, k) => {
        if (k === not || (columnOf[k] >= 0 && k !== holder)) return;
        const v = score(f, name);
        if (v >= s) [at, s] = [k, v];
      });
      return { at, s };
    };
    const upper = best(top, -1);
    const lower = best(under, upper.at);
    if (upper.at < 0 || lower.at < 0 || (holder >= 0 && holder !== upper.at && holder !== lower.at)) continue;
    columnOf[upper.at] = c;
    columnOf[lower.at] = c;
    pairs.push({ upper: upper.at, lower: lower.at, names: [top, under] });
    added += upper.s + lower.s - (holder >= 0 ? score(fields[holder], joined[c]) : 0);
  }
  return { pairs, added };
}

/**
 * The columns of a header `depth` lines deep headed by exactly two lines, whose
 * items print two lines in the column (most of them, settings.columns.twoLineCellShare):
 * a group heading over a head, or a head wrapped over cells of one line, is none.
 */
export function twoLineColumns(table: Table, depth: number, settings: EngineSettings): Array<{ column: number; names: [string, string] }> {
  const lines = table.headerLines.slice(Math.max(0, table.headerLines.length - depth));
  if (lines.length <= 1) return [];
  const perLine = lines.map((line) => headerNames({ ...table, headerLines: [line], stack: undefined }, 1, settings));
  const out: Array<{ column: number; names: [string, string] }> = [];
  for (let c = 0; c < perLine[0].length; c++) {
    const [top, under, more] = perLine.map((names) => names[c]).filter(Boolean);
    if (!top || !under || more !== undefined) continue;
    const filled = table.rows.map((r) => r.cells[c]?.words ?? []).filter((ws) => ws.length > 0);
    const twoLine = filled.filter((ws) => splitStackedCell(ws).upper.length > 0).length;
    if (filled.length && twoLine >= filled.length * settings.columns.twoLineCellShare) out.push({ column: c, names: [top, under] });
  }
  return out;
}

/**
 * With no fields asked, a two-line column whose heads each name a concept of
 * their own ("SKU" over "Product": an article line over its description) is
 * two columns, one a head.
 */
export function inferredStackedColumns(table: Table, settings: EngineSettings): Map<number, [string, string]> {
  const named = (text: string) => [...classifyLabel(text, settings).keys()];
  const out = new Map<number, [string, string]>();
  for (const { column, names } of twoLineColumns(table, table.headerLines.length, settings)) {
    const [top, under] = names.map(named);
    if (top.length && under.length && !top.some((id) => under.includes(id))) out.set(column, names);
  }
  return out;
}

/**
 * A stacked column's cell parted: the words of its first line (the upper
 * head's value), and the rest. A cell of one line is the lower head's value
 * alone (a description without its article line).
 */
export function splitStackedCell(words: Word[]): { upper: Word[]; lower: Word[] } {
  if (!words.length) return { upper: [], lower: [] };
  const top = words.reduce((a, w) => (w.box.y1 < a.box.y1 ? w : a));
  const onTop = (w: Word) => middle(w.box.y1, w.box.y2) < top.box.y2;
  const upper = words.filter(onTop);
  return upper.length === words.length ? { upper: [], lower: words } : { upper, lower: words.filter((w) => !onTop(w)) };
}
