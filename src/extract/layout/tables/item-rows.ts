import { summaryRows } from '../values/arithmetic.js';
import type { EngineSettings } from '../../settings.js';
import { half } from '../../units.js';
import { holdsDataValue, isDataValue, isSummaryText, isUnderItem } from './data-values.js';
import type { TableRow } from './table-rows.js';

/**
 * Rows of an invoice table end with summary lines (Subtotal, VAT, Total) set
 * under the amount columns with the description column empty, and subtotal or
 * carried-forward lines whose amount is the sum of the items above
 * (`values/arithmetic.ts`); they are not line items. Rows that repeat the header
 * (tables continued) are dropped too, and a till's discount lines under its items.
 */
export function dropSummaryAndRepeatedHeaders(rows: TableRow[], names: string[], settings: EngineSettings): TableRow[] {
  const headerKey = names.join('|').toLowerCase();
  let out = rows.filter((r) => r.cells.map((c) => c.text).join('|').toLowerCase() !== headerKey || !headerKey.replace(/\|/g, ''));
  const summaries = summaryRows(out.map((r) => r.cells.map((c) => c.text)), settings);
  out = out.filter((_, i) => !summaries.has(i));
  while (out.length > 1) {
    const last = out[out.length - 1];
    const firstEmpty = !last.cells[0].text;
    const label = last.cells.find((c) => isSummaryText(c.text, settings))?.text;
    // A label the rows above repeat ("Total" closing every group) is a row, not the table's summary.
    const repeated = out.slice(0, -1).some((r) => r.cells.some((c) => c.text === label));
    if (firstEmpty && label !== undefined && !repeated) out = out.slice(0, -1);
    else break;
  }
  // A till's discount under an item lowers that item and is none of its own (the sums above count it); nor are savings
  // told, voids and modifiers.
  return withoutGroupLines(out.filter((r) => !isUnderItem(r.cells.map((c) => c.text))), settings);
}

/**
 * A line of words with a number alone in a table whose rows carry figures heads the items under it (the delivery
 * note, order or project they came under: "Lieferschein 4711", "Order no. 363713") or notes the item above (an
 * EAN) and is no item: an item has a figure. Words alone without a number label a section ("Women", "Services"):
 * report tables count those as rows. Tables of words (most rows without a figure) keep every row.
 */
function withoutGroupLines(rows: TableRow[], settings: EngineSettings): TableRow[] {
  const filled = (r: TableRow) => r.cells.filter((c) => c.text);
  const figured = rows.filter((r) => filled(r).length > 1 && holdsDataValue(r));
  if (figured.length < settings.tables.groupLineItemsMin || figured.length <= half(rows.length)) return rows;
  return rows.filter((r) => {
    const cells = filled(r);
    // A line printed as one run of words that a column border cuts ("Zamówienie | nr 558440", the group line set
    // from the table's left edge across the carton numbers' narrow column) is one cell.
    const oneRun = r.lines.length === 1 && r.lines[0].segments.length === 1 && cells.every((c) => !isDataValue(c.text));
    const text = oneRun ? cells.map((c) => c.text).join(' ') : cells[0]?.text ?? '';
    return (cells.length !== 1 && !oneRun) || isDataValue(text) || !/\p{L}/u.test(text) || !/\d/.test(text);
  });
}
