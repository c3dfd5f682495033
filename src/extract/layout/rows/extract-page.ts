import type { Box, CellValue, ExtractRequest, ExtractResult, ExtractedCell, FieldSpec, Rule, Word } from '../../types.js';
import { applyFormat, resolveFormat, type FormatSpec } from '../../format/index.js';
import { isPureLocationField } from '../../pure-location.js';
import { roundBox, unionBoxes } from '../lines/geometry.js';
import { groupWordsIntoLines, type Line } from '../lines/lines.js';
import { headerNames } from '../tables/header-names.js';
import { detectTables, type Table } from '../tables/table-detect.js';
import type { TableRow } from '../tables/table-rows.js';
import { asksForLines, chooseMainTables, chooseTableByArithmetic, chooseTablesForFields, cleanColumnNames, headerScore } from '../columns/column-mapping.js';
import { chooseTableByKinds, withColumnsByKinds } from '../columns/column-kinds.js';
import { fitValue } from '../values/value-kinds.js';
import { readListItems, withoutTaxClass, type ListItem } from './receipt-items.js';
import { findAllLabelValuePairs, findLabeledValue } from '../fields/record-fields.js';
import { pickRegionForField } from '../../read/picture-regions.js';
import { isSummaryText, withoutStrokes, withoutUnitWord } from '../tables/data-values.js';
import { classifyLabel, conceptById, resolveConcept, type Concept } from '../../concepts/index.js';
import type { ValueKind } from '../../format/index.js';
import { findDocumentValue } from '../fields/document-fields.js';
import { findTotals, TOTAL_PARTS } from '../fields/document-totals.js';
import { amountValue, checkedConfidence, debitCreditSwapped, runningBalanceChecks, statementAgrees, summaryRows } from '../values/arithmetic.js';
import { pageDateOrder } from '../values/page-conventions.js';
import { checkLine } from '../values/misread-amounts.js';
import { readCertainty, withUnsureReadingsCapped } from '../values/reading-certainty.js';

/** Everything the engine reads off one page, whatever its source (text layer or OCR). */
export interface PageContent {
  words: Word[];
  rules: Rule[];
  /** Picture-like regions: embedded image placements or non-text ink blobs of a raster. */
  pictures: Box[];
  /** Page width / height. */
  aspect: number;
}


function cell(value: string | null, words: Word[] | null, spec: FormatSpec, confidence?: number): ExtractedCell {
  if (value === null || value.trim() === '' || !words || words.length === 0) return { value: null, box: null };
  const out: ExtractedCell = { value: applyFormat(value, spec), box: roundBox(unionBoxes(words.map((w) => w.box))) };
  if (confidence !== undefined) out.confidence = Math.round(confidence * readCertainty(words) * 100) / 100;
  return out;
}

/** The format kind a concept's values are checked against when the request names none. */
function formatKindOf(concept: Concept | null): ValueKind | undefined {
  if (!concept) return undefined;
  if (concept.kind === 'date') return 'date';
  if (concept.kind === 'money' || concept.kind === 'number') return 'number';
  return concept.kind === 'percent' ? 'percent' : undefined;
}

/** Which concepts a segment's first words label ("USt. 7 %" labels the tax). */
function segmentLabels(text: string): string[] {
  const words = text.replace(/[:：]\s*$/, '').split(/\s+/);
  for (let k = Math.min(3, words.length); k >= 1; k--) {
    const ids = [...classifyLabel(words.slice(0, k).join(' ')).keys()];
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
function holdsDocumentLabels(line: Line): boolean {
  let labels = 0;
  let documentLabels = 0;
  let lineOnlyLabels = 0;
  for (const seg of line.segments) {
    const ids = segmentLabels(seg.text);
    if (!ids.length) continue;
    labels++;
    if (ids.some((id) => conceptById(id)?.level === 'document')) documentLabels++;
    else lineOnlyLabels++;
  }
  // Two labels only items have ("Product", "Price") make it the items' header, whatever else it names ("Amount | Total").
  return documentLabels > 0 && documentLabels * 2 >= labels && lineOnlyLabels < 2;
}

/** Confidence share kept by a column value that does not fit its concept's kind (a date under "Amount"). */
const KIND_MISFIT = 0.5;

/** Confidence of a column named by arithmetic rather than by its head (the row checks move it further). */
const ARITHMETIC_COLUMN_CONFIDENCE = 0.7;

/** Confidence of a column named by the shape of its values and its place in the request: less than arithmetic's. */
const KINDS_COLUMN_CONFIDENCE = 0.6;

/** Rows a table needs to be a list of items rather than a block of totals under their labels. */
const MIN_ITEM_ROWS = 3;

/** Least mean header score for a table to answer a request of document-level fields as columns (a table of invoices). */
const DOCUMENT_FIELDS_AS_COLUMNS = 0.9;

/**
 * Rows of an invoice table end with summary lines (Subtotal, VAT, Total) set
 * under the amount columns with the description column empty, and subtotal or
 * carried-forward lines whose amount is the sum of the items above
 * (`arithmetic.ts`); they are not line items. Rows that repeat the header
 * (tables continued) are dropped too.
 */
function dropSummaryAndRepeatedHeaders(rows: TableRow[], names: string[]): TableRow[] {
  const headerKey = names.join('|').toLowerCase();
  let out = rows.filter((r) => r.cells.map((c) => c.text).join('|').toLowerCase() !== headerKey || !headerKey.replace(/\|/g, ''));
  const summaries = summaryRows(out.map((r) => r.cells.map((c) => c.text)));
  out = out.filter((_, i) => !summaries.has(i));
  while (out.length > 1) {
    const last = out[out.length - 1];
    const firstEmpty = !last.cells[0].text;
    const label = last.cells.find((c) => isSummaryText(c.text))?.text;
    // A label the rows above repeat ("Total" closing every group) is a row, not the table's summary.
    const repeated = out.slice(0, -1).some((r) => r.cells.some((c) => c.text === label));
    if (firstEmpty && label !== undefined && !repeated) out = out.slice(0, -1);
    else break;
  }
  return out;
}

/**
 * The rows of a list without heads up to its total: a receipt's payment and
 * tax lines follow the "Total" line set like its items ("Total TTC | 116,38",
 * "Espèces | 125,00").
 */
function untilTotal(rows: TableRow[]): TableRow[] {
  const end = rows.findIndex((r) => isSummaryText(r.cells[0].text) && r.cells.filter((c) => c.text).length <= 2);
  return end < 0 ? rows : rows.slice(0, end);
}

/** Words in a field name: `total_amount`, `totalAmount` and `Total amount` have two. */
function nameWords(name: string): number {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').split(/[\s_\-.]+/).filter(Boolean).length;
}

export function extractFromContent(content: PageContent, request: ExtractRequest): ExtractResult {
  if (content.words.length === 0 && (request.fields.length === 0 || !request.fields.some(isPureLocationField))) {
    return { ok: false, failure: { code: 'no_content', message: 'No readable text was found on the page.' } };
  }
  const lines = groupWordsIntoLines(content.words, content.aspect);
  const tables = detectTables(lines, content.rules);
  const result = request.fields.length > 0 ? extractRequested(content, request, lines, tables) : extractInferred(request, lines, tables);
  return withUnsureReadingsCapped(result, content.words);
}

function extractRequested(content: PageContent, request: ExtractRequest, lines: Line[], tables: Table[]): ExtractResult {
  const fields = request.fields;
  const requested = fields.map((f) => resolveFormat(f.formatRequirement, request.globalFormatRequirement));
  // Numeric dates converted by a requirement read in the page's own order (03/05/2024 is March on a US invoice).
  const order = requested.some((s) => s.datePattern && s.monthFirstInput === undefined) ? pageDateOrder(lines) : 'day_first';
  const specs = requested.map((s) => (s.datePattern && s.monthFirstInput === undefined ? { ...s, monthFirstInput: order === 'month_first' } : s));
  const located = fields.map(isPureLocationField);
  const concepts = fields.map((f, i) => (located[i] ? null : resolveConcept(f.name)));
  const textual = fields
    .map((f, i) => ({ name: f.name, kind: specs[i].kind ?? formatKindOf(concepts[i]), concept: concepts[i], index: i }))
    .filter((f) => !located[f.index]);
  let choices = textual.length ? chooseTablesForFields(tables, textual) : [];
  // Document-level fields only (number, date, parties, totals): one row of values, unless a table lists them as its
  // columns (a list of invoices). One field alone named as a document value ("total_amount", "invoiceDate") is the
  // document's, not a column a head happens to name ("Amount"); a bare word ("Amount") may still be a column.
  const documentOnly = textual.length > 0 && textual.every((f) => f.concept?.level === 'document');
  const asColumns = textual.length >= 2 || nameWords(textual[0]?.name ?? '') < 2;
  if (documentOnly && choices.length && !(asColumns && choices[0].columnOf.every((c) => c >= 0) && choices[0].score >= DOCUMENT_FIELDS_AS_COLUMNS * textual.length)) {
    choices = [];
  }
  // Items without heads naming them (a long invoice's later pages): quantity × unit price ≈ line total names the
  // columns, else the shapes of their values in request order.
  if (!documentOnly && (choices[0]?.columnOf.filter((c) => c >= 0).length ?? 0) < 2) {
    const headless = chooseTableByArithmetic(tables, textual) ?? chooseTableByKinds(tables, textual);
    if (headless) choices = [headless];
  }
  // Line fields no head names (a head the scan misread): the shapes of their values between their neighbours' columns.
  if (!documentOnly) choices = choices.map((c) => withColumnsByKinds(c, textual));

  // A field is a column when the best table maps it; the others are record-level values.
  const isColumn = new Array<boolean>(fields.length).fill(false);
  if (choices.length) textual.forEach((f, k) => (isColumn[f.index] = choices[0].columnOf[k] >= 0));
  // Item rows are not document values; a table's closing summary lines (Subtotal, VAT, Total) are. Without a chosen
  // table, the header and items of every table that lists items are set aside too ("Amount" heading a column is not
  // the total); two-column tables are label/value blocks, and one or two rows under labels are a summary block.
  const itemTables = choices.length
    ? choices.map((c) => ({ table: c.table, names: c.names }))
    : tables.map((t) => ({ table: t, names: headerNames(t, t.headerLines.length) }));
  const skip = new Set<Line>();
  for (const { table, names } of itemTables) {
    const items = dropSummaryAndRepeatedHeaders(table.rows, names);
    if (choices.length || (table.separators.length >= 2 && items.length >= MIN_ITEM_ROWS)) {
      for (const l of [...table.headerLines, ...items.flatMap((r) => r.lines)]) if (!holdsDocumentLabels(l)) skip.add(l);
    }
  }

  const recordValues = new Map<number, ExtractedCell>();
  // Totals are chosen together, so that they add up (layout/values/arithmetic.ts).
  const isTotal = (c: Concept | null) => !!c && (TOTAL_PARTS as readonly string[]).includes(c.id);
  const totals = concepts.some(isTotal) ? findTotals(lines, skip) : null;
  fields.forEach((f, i) => {
    if (located[i]) {
      const box = pickRegionForField(f.name, content.pictures);
      recordValues.set(i, { type: 'image_region', box: box ? roundBox(box) : null });
    } else if (!isColumn[i]) {
      const concept = concepts[i];
      const found = concept ? (isTotal(concept) ? totals?.get(concept.id) ?? null : findDocumentValue(concept, lines, skip)) : findLabeledValue(f.name, specs[i].kind, lines, skip);
      const confidence = found && 'confidence' in found ? found.confidence : undefined;
      recordValues.set(i, found ? cell(found.value, found.words, specs[i], confidence) : { value: null, box: null });
    }
  });
  confirmStatementBalances(recordValues, concepts, tables);

  const build = (row: TableRow | null, columnOf: number[], sureness: number[] = []) => {
    const out: Record<string, ExtractedCell> = {};
    fields.forEach((f, i) => {
      const c = columnOf[i] ?? -1;
      if (isColumn[i] && row) {
        const kind = concepts[i]?.kind;
        const cellWords = c < 0 ? [] : row.cells[c].words;
        const words =
          kind === 'money' ? withoutTaxClass(cellWords) : kind === 'date' ? withoutStrokes(cellWords) : kind === 'number' && specs[i].kind === 'number' ? withoutUnitWord(cellWords) : cellWords;
        const text = words.map((w) => w.text).join(' ');
        // A column value is as sure as its header names the field, less when it does not look like the concept's kind.
        const fits = !kind || !text || fitValue(kind, words) !== null;
        out[f.name] = c >= 0 ? cell(text, words, specs[i], (sureness[i] ?? 0) * (fits ? 1 : KIND_MISFIT)) : { value: null, box: null };
      } else out[f.name] = recordValues.get(i) as ExtractedCell;
    });
    return row ? checkLineArithmetic(out, fields, concepts, specs, row, columnOf) : out;
  };
  const rows: Array<Record<string, ExtractedCell>> = [];
  for (const choice of choices) {
    const columnOf = new Array<number>(fields.length).fill(-1);
    textual.forEach((f, k) => (columnOf[f.index] = choice.columnOf[k]));
    const sureness = fields.map((_, i) => {
      const k = textual.findIndex((t) => t.index === i);
      if (k < 0 || columnOf[i] < 0) return 0;
      if (choice.byArithmetic) return ARITHMETIC_COLUMN_CONFIDENCE;
      return choice.byKinds || choice.namedByKinds?.includes(k) ? KINDS_COLUMN_CONFIDENCE : Math.min(1, headerScore(textual[k], choice.names[columnOf[i]], asksForLines(textual)));
    });
    const items = dropSummaryAndRepeatedHeaders(choice.table.rows, choice.names);
    const built = (choice.byArithmetic || choice.byKinds ? untilTotal(items) : items).map((row) => build(row, columnOf, sureness));
    rows.push(...checkRunningBalance(built, fields, concepts, columnOf));
  }
  // Line fields no table header names: a list without a header row (a receipt's items, amounts at the right edge).
  // A table naming at most one of the fields loses to a longer list, or to one as long that gives more of the fields
  // (the payment lines under a short receipt name only an amount).
  const mappedColumns = choices.length ? choices[0].columnOf.filter((c) => c >= 0).length : 0;
  if (mappedColumns < 2 && textual.some((f) => f.concept?.level === 'line')) {
    const items = readListItems(lines, new Set());
    const listed = textual.filter((f) => f.concept?.id === 'description' || f.concept?.id === 'line_total').length;
    if (items.length > 0 && (items.length > rows.length || (items.length === rows.length && listed > mappedColumns))) {
      return { ok: true, fields: fields.map((f) => f.name), rows: items.map((it) => listRow(it, fields, concepts, specs, recordValues)) };
    }
  }
  return { ok: true, fields: fields.map((f) => f.name), rows: rows.length ? rows : [build(null, [])] };
}

/** The line columns arithmetic checks: quantity × unit price ≈ line total. */
const LINE_PARTS = ['quantity', 'unit_price', 'line_total'] as const;

/** Confidence of a value the row's arithmetic repaired (misread-amounts.ts): a reading the page did not print as such. */
const REPAIRED_CONFIDENCE = 0.7;

/**
 * A row's quantity, unit price and line total, when all three are columns,
 * made surer when they agree and less sure when not; a misread one is
 * repaired when exactly one reading makes the row add up (misread-amounts.ts).
 */
function checkLineArithmetic(out: Record<string, ExtractedCell>, fields: FieldSpec[], concepts: Array<Concept | null>, specs: FormatSpec[], row: TableRow, columnOf: number[]): Record<string, ExtractedCell> {
  const at = LINE_PARTS.map((id) => concepts.findIndex((c, i) => c?.id === id && (columnOf[i] ?? -1) >= 0));
  if (at.some((i) => i < 0)) return out;
  const [q, p, t] = at.map((i) => row.cells[columnOf[i]].words);
  const checks = checkLine(withoutUnitWord(q), withoutTaxClass(p), withoutTaxClass(t));
  at.forEach((i, k) => {
    const c = out[fields[i].name];
    if (!('value' in c) || c.value === null) return;
    const { agreement, repaired } = checks[k];
    if (repaired !== null) out[fields[i].name] = { ...c, value: applyFormat(repaired, specs[i]), confidence: REPAIRED_CONFIDENCE };
    else if (c.confidence !== undefined) out[fields[i].name] = { ...c, confidence: Math.round(checkedConfidence(c.confidence, agreement) * 100) / 100 };
  });
  return out;
}

/** The statement columns the running balance checks: previous balance + credit − debit ≈ balance. */
const STATEMENT_PARTS = ['debit', 'credit', 'balance'] as const;

/**
 * A statement's rows checked against their running balance: debit and
 * credit swapped when the balance agrees only that way round, and each row's
 * debit, credit and balance made surer when the balance above plus its
 * credit minus its debit gives its balance, less sure when not.
 */
function checkRunningBalance(rows: Array<Record<string, ExtractedCell>>, fields: FieldSpec[], concepts: Array<Concept | null>, columnOf: number[]): Array<Record<string, ExtractedCell>> {
  const [d, c, b] = STATEMENT_PARTS.map((id) => concepts.findIndex((k, i) => k?.id === id && (columnOf[i] ?? -1) >= 0));
  if (b < 0 || (d < 0 && c < 0) || rows.length < 2) return rows;
  const text = (row: Record<string, ExtractedCell>, i: number) => (i >= 0 ? (row[fields[i].name] as CellValue).value ?? '' : '');
  const read = (rs: typeof rows) => rs.map((r) => ({ debit: text(r, d), credit: text(r, c), balance: text(r, b) }));
  let out = rows;
  if (d >= 0 && c >= 0 && debitCreditSwapped(read(rows))) {
    out = rows.map((r) => ({ ...r, [fields[d].name]: r[fields[c].name], [fields[c].name]: r[fields[d].name] }));
  }
  const checks = runningBalanceChecks(read(out));
  return out.map((r, k) => {
    const moved = { ...r };
    for (const i of [d, c, b]) {
      const v = i >= 0 ? (r[fields[i].name] as CellValue) : null;
      if (v?.value && v.confidence !== undefined) moved[fields[i].name] = { ...v, confidence: Math.round(checkedConfidence(v.confidence, checks[k]) * 100) / 100 };
    }
    return moved;
  });
}

/**
 * A statement's opening and closing balances, asked as document values, are
 * surer when the opening balance plus the page's credits minus its debits
 * gives the closing balance (arithmetic.ts, statementAgrees). A sum that does
 * not agree says nothing: the transactions may run over several pages.
 */
function confirmStatementBalances(values: Map<number, ExtractedCell>, concepts: Array<Concept | null>, tables: Table[]): void {
  const [opening, closing] = ['opening_balance', 'closing_balance'].map((id) => concepts.findIndex((c) => c?.id === id));
  const cells = [values.get(opening), values.get(closing)];
  const [o, c] = cells.map((v) => (v && 'value' in v && v.value ? amountValue(v.value) : null));
  if (o === null || c === null) return;
  const parts = ['debit', 'credit'].map((id) => ({ name: id, kind: 'number' as const, concept: conceptById(id) }));
  const choice = chooseTablesForFields(tables, parts).find((ch) => ch.columnOf.every((k) => k >= 0));
  if (!choice) return;
  const rows = dropSummaryAndRepeatedHeaders(choice.table.rows, choice.names);
  const column = (k: number) => rows.flatMap((r) => amountValue(r.cells[choice.columnOf[k]].text) ?? []);
  if (!statementAgrees(o, column(0), column(1), c)) return;
  [opening, closing].forEach((i, k) => {
    const v = cells[k] as CellValue;
    if (v.confidence !== undefined) values.set(i, { ...v, confidence: Math.round(checkedConfidence(v.confidence, true) * 100) / 100 });
  });
}

/** Confidence of a value read off a headerless list: its place, not a header, says what it is. */
const LIST_VALUE_CONFIDENCE = 0.7;

function listRow(item: ListItem, fields: FieldSpec[], concepts: Array<Concept | null>, specs: FormatSpec[], recordValues: Map<number, ExtractedCell>): Record<string, ExtractedCell> {
  const byConcept: Record<string, Word[] | null> = {
    description: item.description, quantity: item.quantity, unit_price: item.unitPrice, line_total: item.lineTotal,
  };
  const out: Record<string, ExtractedCell> = {};
  fields.forEach((f, i) => {
    const concept = concepts[i];
    if (concept?.level === 'line') {
      const words = byConcept[concept.id] ?? null;
      out[f.name] = words ? cell(words.map((w) => w.text).join(' '), words, specs[i], LIST_VALUE_CONFIDENCE) : { value: null, box: null };
    } else out[f.name] = recordValues.get(i) ?? { value: null, box: null };
  });
  return out;
}

function extractInferred(request: ExtractRequest, lines: Line[], tables: Table[]): ExtractResult {
  const spec = resolveFormat('', request.globalFormatRequirement);
  const [main, ...copies] = chooseMainTables(tables);
  if (main) {
    const names = cleanColumnNames(headerNames(main, main.headerLines.length));
    const rows = [main, ...copies].flatMap((t) => dropSummaryAndRepeatedHeaders(t.rows, names));
    const used = names.map((_, c) => rows.some((r) => r.cells[c].text) || main.headerLines.length > 0);
    const kept = names.flatMap((n, c) => (used[c] ? [{ n, c }] : []));
    return {
      ok: true,
      fields: kept.map((k) => k.n),
      rows: rows.map((r) => Object.fromEntries(kept.map(({ n, c }) => [n, cell(r.cells[c].text, r.cells[c].words, spec)]))),
    };
  }
  const pairs = findAllLabelValuePairs(lines, new Set());
  if (pairs.length > 0) {
    const names = cleanColumnNames(pairs.map((p) => p.label));
    return { ok: true, fields: names, rows: [Object.fromEntries(pairs.map((p, i) => [names[i], cell(p.value, p.words, spec)]))] };
  }
  // Plain text without structure: one column of lines keeps the content rather than failing.
  return {
    ok: true,
    fields: ['Text'],
    rows: lines.map((l) => ({ Text: cell(l.text.replace(/\s{2,}/g, ' '), l.words, spec) })),
  };
}
