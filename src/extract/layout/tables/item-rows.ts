import { summaryRows } from '../values/arithmetic.js';
import type { EngineSettings } from '../../settings.js';
import { isSummaryText, isUnderItem } from './data-values.js';
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
  return out.filter((r) => !isUnderItem(r.cells.map((c) => c.text)));
}
