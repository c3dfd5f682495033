/**
 * The columns stage: which table answers a request and which of its columns
 * holds each field, by the heads that name them, else by quantity × unit
 * price ≈ line total, else by the shapes of their values in request order.
 */
import type { EngineSettings } from '../../settings.js';
import { classifyLabel, namesLineConcept } from '../../concepts/index.js';
import { headerNames } from '../tables/header-names.js';
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
    // A tax breakdown's base × rate / 100 ≈ tax reads as a price per hundred units: its rows are no items.
    const itemTables = tables.filter((t) => !headsTaxBreakdown(t, settings));
    const headless = chooseTableByArithmetic(itemTables, textual, settings) ?? chooseTableByKinds(itemTables, textual, settings);
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

/** What a tax breakdown heads its rates and taxes with ("USt. %", "Steuerbetrag", "VAT amount"). */
const TAX_HEADS = new Set(['tax_rate', 'tax_amount']);

/**
 * A table headed as a tax breakdown: a head names a tax's rate or amount and none names an item's column (an item
 * table printing each line's "USt. %" heads its articles, counts and prices too).
 */
function headsTaxBreakdown(table: Table, settings: EngineSettings): boolean {
  if (!table.headerLines.length) return false;
  const names = headerNames(table, table.headerLines.length, settings).filter(Boolean);
  return names.some((n) => [...classifyLabel(n, settings).keys()].some((id) => TAX_HEADS.has(id))) && !names.some((n) => namesLineConcept(n, settings));
}

/** Which fields are columns (by request index): those the best table maps; the others are document values. */
export function columnFields(asked: AskedFields, choices: TableChoice[]): boolean[] {
  const isColumn = new Array<boolean>(asked.fields.length).fill(false);
  if (choices.length) asked.textual.forEach((f, k) => (isColumn[f.index] = choices[0].columnOf[k] >= 0));
  return isColumn;
}
