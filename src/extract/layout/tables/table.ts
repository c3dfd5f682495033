import type { Box } from '../../types.js';
import type { Line } from '../lines/lines.js';
import type { TableRow } from './table-rows.js';
import type { Stack } from './stacked-records.js';

/** A detected table (table-detect.ts finds it; header-names.ts and ruled-grids.ts read it). */
export interface Table {
  box: Box;
  separators: number[];
  /** Lines above the body that may name the columns, top to bottom. */
  headerLines: Line[];
  rows: TableRow[];
  ruled: boolean;
  /** How many of `lines` the heuristics put in the header. */
  headerEnd: number;
  /** Candidate header lines above the block, then the block's lines: alternative header splits re-cut these. */
  lines: Line[];
  rowRules: number[];
  /** A stacked header ending the header lines: rows are records, their lower lines' fields cells after the columns'. */
  stack?: Stack;
  /** Rows set apart under the table, each read on its own (tables/records-apart.ts): the last rows of every header split. */
  apart?: TableRow[];
  /** Two tables side by side read as one: this column holds both tables' labels, its head names the left's only. */
  pairedLabel?: number;
}

/** Cells of a row: the columns the separators bound, then the fields a stacked header labels on a record's lower lines. */
export function columnCount(table: Table): number {
  return table.separators.length + 1 + (table.stack?.heads.length ?? 0);
}
