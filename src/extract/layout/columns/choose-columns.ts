/**
 * The columns stage: which table answers a request and which of its columns
 * holds each field, by the heads that name them, else by quantity × unit
 * price ≈ line total, else by the shapes of their values in request order.
 */
import type { EngineSettings } from '../../settings.js';
import type { Table } from '../tables/table.js';
import type { AskedFields } from '../request.js';
import { chooseTableByArithmetic, chooseTablesForFields, offBlankColumns, withLineArithmetic, withPriceByArithmetic, type TableChoice } from './column-mapping.js';
import { chooseTableByKinds, withColumnsByKinds } from './column-kinds.js';

/** The tables whose rows answer the request, best first (none: the request is answered by document values). */
export function chooseColumns(tables: Table[], asked: AskedFields, settings: EngineSettings): TableChoice[] {
  const { textual, documentOnly, asColumns } = asked;
  const { documentFieldsAsColumns, minHeadedColumns } = settings.columns;
  let choices = textual.length ? chooseTablesForFields(tables, textual, settings) : [];
  // Document-level fields only (number, date, parties, totals): one row of values, unless a table lists them as its
  // columns (a list of invoices).
  if (documentOnly && choices.length && !(asColumns && choices[0].columnOf.every((c) => c >= 0) && choices[0].score >= documentFieldsAsColumns * textual.length)) {
    choices = [];
  }
  // Items without heads naming them (a long invoice's later pages): quantity × unit price ≈ line total names the
  // columns, else the shapes of their values in request order.
  if (!documentOnly && (choices[0]?.columnOf.filter((c) => c >= 0).length ?? 0) < minHeadedColumns) {
    const headless = chooseTableByArithmetic(tables, textual, settings) ?? chooseTableByKinds(tables, textual, settings);
    if (headless) choices = [headless];
  }
  // Line fields no head names (a head the scan misread): the shapes of their values between their neighbours' columns,
  // then quantity × unit price ≈ line total over heads that miss or swap those three.
  if (!documentOnly) choices = choices.map((c) => withLineArithmetic(withColumnsByKinds(c, textual, settings), textual, settings));
  // A head over a column of no values, its field's values in the column beside it under a head naming it too.
  if (!documentOnly) choices = choices.map((c) => offBlankColumns(c, textual, settings));
  // One of quantity, price (rate) and amount no head names: the free column whose values make quantity × price ≈ amount.
  if (!documentOnly) choices = choices.map((c) => withPriceByArithmetic(c, textual, settings));
  return choices;
}

/** Which fields are columns (by request index): those the best table maps; the others are document values. */
export function columnFields(asked: AskedFields, choices: TableChoice[]): boolean[] {
  const isColumn = new Array<boolean>(asked.fields.length).fill(false);
  if (choices.length) asked.textual.forEach((f, k) => (isColumn[f.index] = choices[0].columnOf[k] >= 0));
  return isColumn;
}
