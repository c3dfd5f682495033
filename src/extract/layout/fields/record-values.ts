/**
 * The document-values stage: every field that is not a column gets one value
 * for the page — a concept's labelled value, the totals chosen together so
 * they add up, a label-and-value pair for names the catalogue does not know,
 * an image region for a pure location. Item rows and table heads are set
 * aside first: "Amount" heading a column is not the total.
 */
import { classifyLabel, conceptById, type Concept } from '../../concepts/index.js';
import type { CellValue, Box, ExtractedCell } from '../../types.js';
import { pickRegionForField } from '../../read/picture-regions.js';
import type { EngineSettings } from '../../settings.js';
import { roundBox } from '../lines/geometry.js';
import type { Line } from '../lines/lines.js';
import { headerNames } from '../tables/header-names.js';
import { dropSummaryAndRepeatedHeaders } from '../tables/item-rows.js';
import type { Table } from '../tables/table.js';
import { chooseTablesForFields, type TableChoice } from '../columns/column-mapping.js';
import { amountValue, checkedConfidence, statementAgrees, TOTAL_PARTS } from '../values/arithmetic.js';
import { cell } from '../values/cell.js';
import { isPageOnlyDate } from '../values/page-dates.js';
import type { AskedFields } from '../request.js';
import { findDocumentValue, type FoundValue } from './document-fields.js';
import { findAmountDue, findTotals } from './document-totals.js';
import { findLabeledValue } from './record-fields.js';
import { isTaxOf } from './tax-lines.js';
import { parseNumber } from '../../format/index.js';
import { half, toHundredths } from '../../units.js';

/** Which concepts a segment's first words (at most `most`) label ("USt. 7 %" labels the tax). */
function segmentLabels(text: string, most: number, settings: EngineSettings): string[] {
  const words = text.replace(/[:：]\s*$/, '').split(/\s+/);
  for (let k = Math.min(most, words.length); k >= 1; k--) {
    const ids = [...classifyLabel(words.slice(0, k).join(' '), settings).keys()];
    if (ids.length) return ids;
  }
  return [];
}

/**
 * A line of a detected table that carries document values under their labels
 * rather than an item or column names: a receipt's "SUMME EUR 12,00" among
 * its items, "address | Rechnung Nr. | 2024/948" lines the table detector
 * joined to the items. At least half its labels name document concepts
 * ("Description | Qty | Price | Total" is a header, not the total).
 */
function holdsDocumentLabels(line: Line, settings: EngineSettings): boolean {
  let labels = 0;
  let documentLabels = 0;
  let lineOnlyLabels = 0;
  for (const seg of line.segments) {
    const ids = segmentLabels(seg.text, settings.fields.segmentLabelWords, settings);
    if (!ids.length) continue;
    labels++;
    if (ids.some((id) => conceptById(id)?.level === 'document')) documentLabels++;
    else lineOnlyLabels++;
  }
  // Two labels only items have ("Product", "Price") make it the items' header, whatever else it names ("Amount | Total").
  return documentLabels > 0 && documentLabels >= half(labels) && lineOnlyLabels <= settings.fields.maxLineOnlyLabels;
}

/**
 * Item rows are not document values; a table's closing summary lines (Subtotal, VAT, Total) are. Without a chosen
 * table, the header and items of every table that lists items are set aside too ("Amount" heading a column is not
 * the total); two-column tables are label/value blocks, and one or two rows under labels are a summary block.
 */
export function itemLines(choices: TableChoice[], tables: Table[], settings: EngineSettings): Set<Line> {
  const itemTables = choices.length
    ? choices.map((c) => ({ table: c.table, names: c.names }))
    : tables.map((t) => ({ table: t, names: headerNames(t, t.headerLines.length, settings) }));
  const skip = new Set<Line>();
  for (const { table, names } of itemTables) {
    const items = dropSummaryAndRepeatedHeaders(table.rows, names, settings);
    if (choices.length || (table.separators.length >= settings.fields.minItemSeparators && items.length >= settings.fields.minItemRows)) {
      for (const l of [...table.headerLines, ...items.flatMap((r) => r.lines)]) if (!holdsDocumentLabels(l, settings)) skip.add(l);
    }
  }
  return skip;
}

/** The value of every field that is not a column, by request index. */
export function findRecordValues(asked: AskedFields, isColumn: boolean[], choices: TableChoice[], pictures: Box[], lines: Line[], tables: Table[], settings: EngineSettings): Map<number, ExtractedCell> {
  const { fields, specs, concepts, located } = asked;
  const skip = itemLines(choices, tables, settings);
  const recordValues = new Map<number, ExtractedCell>();
  // Totals are chosen together, so that they add up (values/arithmetic.ts).
  const isTotal = (c: Concept | null) => !!c && (TOTAL_PARTS as readonly string[]).includes(c.id);
  const isDue = (c: Concept | null) => c?.id === 'amount_due';
  const totals = concepts.some((c) => isTotal(c) || isDue(c)) ? findTotals(lines, skip, settings) : null;
  const documentValue = (c: Concept) => (isTotal(c) ? totals?.get(c.id) ?? null : isDue(c) && totals ? findAmountDue(lines, skip, totals, settings) : findDocumentValue(c, lines, skip, settings));
  fields.forEach((f, i) => {
    if (located[i]) {
      const box = pickRegionForField(f.name, pictures, settings);
      recordValues.set(i, { type: 'image_region', box: box ? roundBox(box) : null });
    } else if (!isColumn[i]) {
      const concept = concepts[i];
      const found = concept ? documentValue(concept) : findLabeledValue(f.name, specs[i].kind, lines, skip, settings);
      const confidence = found && 'confidence' in found ? onlyDateSure(concept, found, lines, settings) : undefined;
      const value = found ? cell(found.value, found.words, specs[i], settings, confidence) : { value: null, box: null };
      // A repair is as sure as the arithmetic that made it, not as its misread words (misread-amounts.ts).
      recordValues.set(i, found && 'repaired' in found && found.repaired && 'value' in value && value.value ? { ...value, confidence: settings.values.readings.repairedConfidence } : value);
    }
  });
  confirmStatementBalances(recordValues, concepts, tables, settings);
  confirmTaxRate(recordValues, concepts, () => totals ?? findTotals(lines, skip, settings), settings);
  return recordValues;
}

/**
 * A tax rate asked as a document value is surer when the page's tax is that
 * rate of its subtotal, or the part of its total the rate levies
 * (tax-lines.ts isTaxOf). A rate that does not agree says nothing: a page
 * may levy several.
 */
function confirmTaxRate(values: Map<number, ExtractedCell>, concepts: Array<Concept | null>, pageTotals: () => Map<string, FoundValue>, settings: EngineSettings): void {
  const i = concepts.findIndex((c) => c?.id === 'tax_rate');
  const v = values.get(i);
  const rate = v && 'value' in v && v.value ? parseNumber(v.value.replace(/\s*%\s*$/, ''))?.value ?? null : null;
  if (rate === null || !v || !('value' in v) || v.confidence === undefined) return;
  const totals = pageTotals();
  const amount = (id: string) => (totals.get(id)?.value ? amountValue(totals.get(id)!.value as string) : null);
  const tax = amount('tax_amount');
  const bases = [amount('subtotal'), amount('total_amount')].filter((b): b is number => b !== null);
  if (tax !== null && bases.some((b) => isTaxOf(tax, b, rate, settings))) values.set(i, { ...v, confidence: toHundredths(checkedConfidence(v.confidence, true, settings)) });
}

/**
 * A document's date the page prints as its only date is as sure as its
 * reading, labelled or not: an unlabelled first date is a guess only where
 * other dates could be it (values/page-dates.ts).
 */
function onlyDateSure(concept: Concept | null, found: FoundValue, lines: Line[], settings: EngineSettings): number {
  const sure = concept?.id === 'document_date' && isPageOnlyDate(found.words, lines, settings);
  return sure ? Math.max(found.confidence, settings.fields.confidence.onlyDate) : found.confidence;
}

/**
 * A statement's opening and closing balances, asked as document values, are
 * surer when the opening balance plus the page's credits minus its debits
 * gives the closing balance (values/arithmetic.ts, statementAgrees). A sum that does
 * not agree says nothing: the transactions may run over several pages.
 */
function confirmStatementBalances(values: Map<number, ExtractedCell>, concepts: Array<Concept | null>, tables: Table[], settings: EngineSettings): void {
  const [opening, closing] = ['opening_balance', 'closing_balance'].map((id) => concepts.findIndex((c) => c?.id === id));
  const cells = [values.get(opening), values.get(closing)];
  const [o, c] = cells.map((v) => (v && 'value' in v && v.value ? amountValue(v.value) : null));
  if (o === null || c === null) return;
  const parts = ['debit', 'credit'].map((id) => ({ name: id, kind: 'number' as const, concept: conceptById(id) }));
  const choice = chooseTablesForFields(tables, parts, settings).find((ch) => ch.columnOf.every((k) => k >= 0));
  if (!choice) return;
  const rows = dropSummaryAndRepeatedHeaders(choice.table.rows, choice.names, settings);
  const column = (k: number) => rows.flatMap((r) => amountValue(r.cells[choice.columnOf[k]].text) ?? []);
  if (!statementAgrees(o, column(0), column(1), c, settings)) return;
  [opening, closing].forEach((i, k) => {
    const v = cells[k] as CellValue;
    if (v.confidence !== undefined) values.set(i, { ...v, confidence: toHundredths(checkedConfidence(v.confidence, true, settings)) });
  });
}
