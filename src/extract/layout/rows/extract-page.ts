import type { Box, CellValue, ExtractRequest, ExtractResult, ExtractedCell, FieldSpec, Word } from '../../types.js';
import { applyFormat, resolveFormat, type FormatSpec } from '../../format/index.js';
import { isPureLocationField } from '../../pure-location.js';
import { conceptById, namesLineConcept, type Concept } from '../../concepts/index.js';
import { COLUMN_COUNTERPARTS } from '../../concepts/line.js';
import { groupWordsIntoLines, type Line } from '../lines/lines.js';
import { levelledPage } from '../lines/slant.js';
import { headerNames } from '../tables/header-names.js';
import { detectTables, type Table } from '../tables/table-detect.js';
import type { TableRow } from '../tables/table-rows.js';
import { withoutUnitWord, isSummaryText } from '../tables/data-values.js';
import { dropSummaryAndRepeatedHeaders } from '../tables/item-rows.js';
import { readRequest, type AskedFields } from '../request.js';
import { asksForLines, chooseMainTables, cleanColumnNames, headerScore, type TableChoice } from '../columns/column-mapping.js';
import { chooseColumns, columnFields } from '../columns/choose-columns.js';
import { inferredStackedColumns, splitStackedCell } from '../columns/stacked-heads.js';
import { checkedConfidence, debitCreditSwapped, runningBalanceChecks } from '../values/arithmetic.js';
import { checkLine } from '../values/misread-amounts.js';
import { withPageGrouping, withUnsureReadingsCapped } from '../values/reading-certainty.js';
import { cell } from '../values/cell.js';
import { textOf } from '../lines/word-text.js';
import { fitValue } from '../values/value-kinds.js';
import { columnKindShare, fitsWholly, valueWords } from './column-certainty.js';
import { findRecordValues, itemLines } from '../fields/record-values.js';
import { itemSumTargets, namedOneOff, withColumnsInDoubt, withLinesSumChecked, type SumTarget } from './lines-sum.js';
import { findAllLabelValuePairs } from '../fields/record-fields.js';
import { countOpening, countsOpenColumn, readListItems, withRecordLinesJoined, type ListItem } from './receipt-items.js';
import { withoutTaxClass, withTaxClassesApart } from './tax-classes.js';
import { withListSumRepairs } from './list-sum.js';
import { withDoubtfulRowsCapped } from './row-certainty.js';
import type { PageContent } from '../../read/page-content.js';
import { DEFAULT_SETTINGS, type EngineSettings } from '../../settings.js';
import { half, toHundredths } from '../../units.js';

/**
 * The rows of a list without heads up to its total: a receipt's payment and
 * tax lines follow the "Total" line set like its items ("Total TTC | 116,38",
 * "Espèces | 125,00").
 */
function untilTotal(rows: TableRow[], settings: EngineSettings): TableRow[] {
  const end = rows.findIndex((r) => isSummaryText(r.cells[0].text, settings) && r.cells.filter((c) => c.text).length <= settings.rows.totalLineMaxCells);
  return end < 0 ? rows : rows.slice(0, end);
}

/** A page's content read into the rows `request` asks for, by the stages below with `settings`. */
export function extractFromContent(read: PageContent, request: ExtractRequest, settings: EngineSettings = DEFAULT_SETTINGS): ExtractResult {
  // A photo read at a slant is read along its lines, and its values boxed where the page as read has them.
  const level = levelledPage(read, settings);
  const result = extractLevel(level.content, request, settings);
  return level.content === read ? result : withBoxesBack(result, level.back);
}

/** A result's boxes through `back` (lines/slant.ts: from the levelled page to the page as read). */
function withBoxesBack(result: ExtractResult, back: (b: Box) => Box): ExtractResult {
  if (!result.ok) return result;
  const rows = result.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, { ...v, box: v.box && back(v.box) }])));
  return { ...result, rows };
}

function extractLevel(read: PageContent, request: ExtractRequest, settings: EngineSettings): ExtractResult {
  const content = withTaxClassesApart(read, settings);
  if (content.words.length === 0 && (request.fields.length === 0 || !request.fields.some(isPureLocationField))) {
    return { ok: false, failure: { code: 'no_content', message: 'No readable text was found on the page.' } };
  }
  const lines = groupWordsIntoLines(content.words, content.aspect, settings);
  const tables = detectTables(lines, content.rules, settings);
  const roll = isTillRoll(content, settings);
  const result = request.fields.length > 0 ? extractRequested(content, request, lines, tables, roll, settings) : extractInferred(request, lines, tables, roll, settings);
  // A value a format requirement rewrote is as asked, not as printed.
  const formatted = new Set(request.globalFormatRequirement.trim() ? request.fields.map((f) => f.name) : request.fields.filter((f) => f.formatRequirement.trim()).map((f) => f.name));
  return withUnsureReadingsCapped(withPageGrouping(result, lines, formatted, settings), content.words, settings);
}

/**
 * A request with fields, stage by stage: what is asked, the table and columns
 * that answer it, the document values, then the rows (a table's items, else a
 * list without heads, else one row of document values); `roll`: the page is a till's roll (isTillRoll).
 */
function extractRequested(content: PageContent, request: ExtractRequest, lines: Line[], tables: Table[], roll: boolean, settings: EngineSettings): ExtractResult {
  const asked = readRequest(request, lines, settings);
  const choices = chooseColumns(tables, asked, settings);
  const isColumn = columnFields(asked, choices);
  const recordValues = findRecordValues(asked, isColumn, choices, content.pictures, lines, tables, settings);
  // The page's totals the items' line totals must add up to (rows/lines-sum.ts).
  const targets = asked.concepts.some((c) => c?.id === 'line_total') ? itemSumTargets(lines, itemLines(choices, tables, settings), settings) : [];
  const rows = itemRows(asked, isColumn, choices, recordValues, targets, roll, settings);
  const names = asked.fields.map((f) => f.name);
  const summed = (rs: Array<Record<string, ExtractedCell>>) => withLinesSumChecked(rs, asked.fields, asked.concepts, targets, settings);
  const list = listRows(asked, choices, rows, lines, recordValues, settings);
  // A list the sum repaired (rows/list-sum.ts): the sum chose a reading and cannot confirm it as well.
  if (list) return { ok: true, fields: names, rows: list.repaired ? list.rows : summed(list.rows) };
  if (rows.length) return { ok: true, fields: names, rows: withDoubtfulRowsCapped(summed(rows), asked.fields, asked.concepts, settings) };
  return { ok: true, fields: names, rows: [rowOf(asked, isColumn.map(() => false), withColumnFieldsAsValues(asked, isColumn, recordValues, content, lines, tables, settings), null, [], settings)] };
}

/**
 * A table that gave no item (every row a total or a head: the totals set as a small table, rate | net | tax | total)
 * answers nothing: the fields taken for its columns are the page's values under their labels, as if no table had
 * named them.
 */
function withColumnFieldsAsValues(asked: AskedFields, isColumn: boolean[], recordValues: Map<number, ExtractedCell>, content: PageContent, lines: Line[], tables: Table[], settings: EngineSettings): Map<number, ExtractedCell> {
  if (!isColumn.some(Boolean)) return recordValues;
  const asValues = findRecordValues(asked, isColumn.map(() => false), [], content.pictures, lines, tables, settings);
  return new Map(asked.fields.map((_, i) => [i, (isColumn[i] ? asValues.get(i) : recordValues.get(i)) ?? { value: null, box: null }]));
}

/**
 * One answer row: a column field's value from the table row (as sure as its
 * head names it, less when the value misfits the concept's kind), every other
 * field's document value; the row's quantity × unit price ≈ line total checked.
 */
function rowOf(
  asked: AskedFields,
  isColumn: boolean[],
  recordValues: Map<number, ExtractedCell>,
  row: TableRow | null,
  columnOf: number[],
  settings: EngineSettings,
  sureness: number[] = [],
  stacked: Map<number, 'upper' | 'lower'> = new Map(),
  countsOpen = false,
): Record<string, ExtractedCell> {
  const { fields, specs, concepts } = asked;
  const out: Record<string, ExtractedCell> = {};
  // Beside line fields a document name whose column counts or weighs the items ("packages", "net_weight") is each
  // item's, like a line field: the document's value is their sum. A date or a discount is every item's too.
  const withLines = asksForLines(asked.textual);
  const itemsOwn = (c: Concept | null) => c?.level === 'line' || (withLines && c !== null && conceptById(COLUMN_COUNTERPARTS[c.id] ?? '')?.kind === 'number');
  const cellWordsOf = new Map<number, Word[]>();
  fields.forEach((f, i) => {
    const c = columnOf[i] ?? -1;
    if (isColumn[i] && row) {
      const kind = concepts[i]?.kind;
      const whole = c < 0 ? [] : row.cells[c].words;
      // Two fields under two heads one over the other: the cell's first line is the upper head's, the rest the lower's.
      const part = stacked.get(i);
      const cellWords = part ? splitStackedCell(whole)[part] : whole;
      const words = valueWords(kind, specs[i].kind, cellWords);
      const text = words.map((w) => w.text).join(' ');
      // A column value is as sure as its header names the field, less when it is not wholly a value of the concept's kind.
      const fits = !kind || !text || fitsWholly(kind, words, settings);
      cellWordsOf.set(i, words);
      out[f.name] = c >= 0 ? cell(text, words, specs[i], settings, (sureness[i] ?? 0) * (fits ? 1 : settings.rows.kindMisfit)) : { value: null, box: null };
    } else if (row && itemsOwn(concepts[i])) {
      // An item's own value no column holds is none: the document's "Total" is not each line's total.
      out[f.name] = { value: null, box: null };
    } else out[f.name] = withLines && mayBeItemsOwn(f.name, concepts[i], settings) ? guessed(recordValues.get(i) as ExtractedCell, settings) : (recordValues.get(i) as ExtractedCell);
  });
  const count = row ? withCountFromArticle(out, asked, cellWordsOf, row.cells.map((c) => c.words), columnOf, countsOpen, settings) : null;
  return row ? checkLineArithmetic(out, fields, concepts, specs, row, columnOf, settings, count) : out;
}

/**
 * A till's count printed before the article in the articles' cell, with its sign ("2 x Butter | 2,29 | 4,58") or
 * bare where the column's cells open so (`countsOpen`: "1 Succo d'arancia | 4,36"): the count is the row's quantity
 * where the quantity is asked and no column of its own gave it, an article number after it the row's item code where
 * none gave it, the words after them the article. Where the article's
 * head was not told apart from the quantity's ("Qty Name" over "1x Apples"), the cell is the quantity's column's.
 */
function withCountFromArticle(out: Record<string, ExtractedCell>, asked: AskedFields, cellWordsOf: Map<number, Word[]>, cells: Word[][], columnOf: number[], countsOpen: boolean, settings: EngineSettings): Word[] | null {
  const { fields, concepts, specs } = asked;
  const [d, q, a] = ['description', 'quantity', 'item_code'].map((id) => concepts.findIndex((c) => c?.id === id));
  const own = d >= 0 ? cellWordsOf.get(d) : undefined;
  const shared = q >= 0 && (columnOf[q] ?? -1) >= 0 && (d < 0 || !own?.length) ? cells[columnOf[q]] : undefined;
  const words = own?.length ? own : shared;
  const quantity = q >= 0 ? out[fields[q].name] : undefined;
  const counted = words && countOpening(words, countsOpen);
  if (!counted || (!shared && quantity && 'value' in quantity && quantity.value)) return null;
  const source = out[fields[own?.length ? d : q].name];
  const sure = source && 'value' in source ? source.confidence ?? settings.rows.listValueConfidence : settings.rows.listValueConfidence;
  if (d >= 0) out[fields[d].name] = cell(textOf(counted.description), counted.description, specs[d], settings, sure);
  if (q >= 0) out[fields[q].name] = cell(textOf(counted.quantity), counted.quantity, specs[q], settings, sure);
  const code = a >= 0 ? out[fields[a].name] : undefined;
  if (counted.code.length && a >= 0 && !(code && 'value' in code && code.value)) out[fields[a].name] = cell(textOf(counted.code), counted.code, specs[a], settings, sure);
  return counted.quantity;
}

/**
 * Whether a value asked beside the items may be each item's rather than the
 * document's: a line concept answered from the page's labels (a page with no
 * items), a name the catalogue reads as a line column's head as well
 * ("Imponibile": the subtotal, and each line's taxable amount), or a document
 * concept a column may hold item by item (COLUMN_COUNTERPARTS: a `date` asked
 * beside a statement's columns is each row's booking day, which the columns
 * stage looks for under a "Datum" head too). Business tuning phone photos: a
 * statement's own date given to the rows whose days the table did not join
 * claimed 0.9 or more on 29 rows, wrong on all of them.
 */
function mayBeItemsOwn(name: string, concept: Concept | null, settings: EngineSettings): boolean {
  return concept?.level === 'line' || (concept !== null && COLUMN_COUNTERPARTS[concept.id] !== undefined) || namesLineConcept(name, settings);
}

/** A document value given for a name that may mean each item's: a guess (settings.values.certainty.documentValueForItems). */
function guessed(cell: ExtractedCell, settings: EngineSettings): ExtractedCell {
  const most = settings.values.certainty.documentValueForItems;
  return 'value' in cell && cell.value && cell.confidence !== undefined && cell.confidence > most ? { ...cell, confidence: most } : cell;
}

/** A page as narrow as a till's roll (settings.rows.tillRollAspect): its tables' records may run over several lines. */
const isTillRoll = (content: PageContent, settings: EngineSettings) => content.aspect <= settings.rows.tillRollAspect;

/**
 * The rows stage for tables: each chosen table's item rows, summaries dropped, a statement's running balance checked;
 * on a till's roll (`roll`) each record's lines joined.
 */
function itemRows(asked: AskedFields, isColumn: boolean[], choices: TableChoice[], recordValues: Map<number, ExtractedCell>, targets: SumTarget[], roll: boolean, settings: EngineSettings): Array<Record<string, ExtractedCell>> {
  const { arithmeticColumnConfidence, kindsColumnConfidence } = settings.rows;
  const { fields, concepts, textual } = asked;
  const rows: Array<Record<string, ExtractedCell>> = [];
  for (const choice of choices) {
    const columnOf = new Array<number>(fields.length).fill(-1);
    textual.forEach((f, k) => (columnOf[f.index] = choice.columnOf[k]));
    const stacked = new Map<number, 'upper' | 'lower'>();
    const stackedHead = new Map<number, string>();
    for (const p of choice.stacked ?? []) {
      stacked.set(textual[p.upper].index, 'upper').set(textual[p.lower].index, 'lower');
      stackedHead.set(p.upper, p.names[0]).set(p.lower, p.names[1]);
    }
    const items = dropSummaryAndRepeatedHeaders(roll ? withRecordLinesJoined(choice.table.rows, settings) : choice.table.rows, choice.names, settings);
    const sureness = fields.map((_, i) => {
      const k = textual.findIndex((t) => t.index === i);
      if (k < 0 || columnOf[i] < 0) return 0;
      const stackedName = stackedHead.get(k);
      // A stacked column the shapes found (column-kinds.ts) has no heads to weigh: as sure as the shapes.
      if (stackedName === undefined || choice.byKinds) {
        if (choice.byArithmetic || choice.namedByArithmetic?.includes(k)) return arithmeticColumnConfidence;
        if (choice.byKinds || choice.namedByKinds?.includes(k)) return kindsColumnConfidence;
      }
      const head = stackedName ?? choice.names[columnOf[i]];
      // A head that reads well over values of another kind was matched to the wrong column.
      const bearsOut = columnKindShare(items, columnOf[i], stacked.get(i), concepts[i]?.kind, asked.specs[i].kind, settings);
      return Math.min(1, headerScore(textual[k], head, settings, asksForLines(textual))) * bearsOut;
    });
    const taken = (choice.byArithmetic || choice.byKinds ? untilTotal(items, settings) : items).filter((row) => !wordsUnderNumbers(row, columnOf, concepts));
    // Amount columns named one off (a head set left of its column): none of their values is sure (rows/lines-sum.ts).
    const oneOff = namedOneOff(items, columnOf[concepts.findIndex((c) => c?.id === 'line_total')] ?? -1, targets, settings);
    // The column the articles are read from, or the quantity's where no head told them apart (withCountFromArticle).
    const [d, q] = ['description', 'quantity'].map((id) => concepts.findIndex((c) => c?.id === id));
    const articles = d >= 0 && columnOf[d] >= 0 ? columnOf[d] : q >= 0 ? columnOf[q] : -1;
    // Bare counts where no column of counts stands apart from the articles.
    const countsApart = q >= 0 && columnOf[q] >= 0 && columnOf[q] !== articles;
    const countsOpen = articles >= 0 && !countsApart && countsOpenColumn(taken.map((row) => row.cells[articles].words), settings);
    const built = taken.map((row) => rowOf(asked, isColumn, recordValues, row, columnOf, settings, sureness, stacked, countsOpen)).map((r) => (oneOff ? withColumnsInDoubt(r, fields, concepts, settings) : r));
    rows.push(...checkRunningBalance(built, fields, concepts, columnOf, settings));
  }
  return rows;
}

/**
 * A row whose asked cells hold only what their columns never hold, and
 * nothing else asked: words without a figure under columns of numbers or
 * money (a head's wrapped words set under the heads, "Positions- / betrag /
 * ohne / USt.", or a note), or a text column's cell without a letter (a masked
 * card number under a receipt's items, "************7618"). Not an item.
 */
function wordsUnderNumbers(row: TableRow, columnOf: number[], concepts: Array<Concept | null>): boolean {
  const filled = columnOf.flatMap((c, i) => (c >= 0 && row.cells[c].text.trim() ? [{ text: row.cells[c].text, kind: concepts[i]?.kind }] : []));
  const misfits = (f: { text: string; kind?: string }) => ((f.kind === 'money' || f.kind === 'number') && !/\d/.test(f.text)) || (f.kind === 'text' && !/\p{L}/u.test(f.text));
  return filled.length > 0 && filled.every(misfits);
}

/**
 * Line fields no table header names: a list without a header row (a receipt's items, amounts at the right edge).
 * A table naming at most one of the fields loses to a longer list, or to one as long that gives more of the fields
 * (the payment lines under a short receipt name only an amount). Null: the table's rows stand. `repaired`: an amount of
 * the list was read otherwise than printed.
 */
function listRows(asked: AskedFields, choices: TableChoice[], rows: Array<Record<string, ExtractedCell>>, lines: Line[], recordValues: Map<number, ExtractedCell>, settings: EngineSettings): { rows: Array<Record<string, ExtractedCell>>; repaired: boolean } | null {
  const tableRows = rows.length;
  const { fields, concepts, specs, textual } = asked;
  const mappedColumns = choices.length ? choices[0].columnOf.filter((c) => c >= 0).length : 0;
  const listOwn = (f: (typeof textual)[number]) => f.concept?.id === 'description' || f.concept?.id === 'line_total';
  const asks = (id: string) => textual.some((f) => f.concept?.id === id);
  // A table that holds neither the articles nor their amounts, both asked (columns guessed from the shapes of a
  // receipt's text: its articles taken for counts), gives less than a list that holds both, however many rows it has.
  const mapped = (f: (typeof textual)[number]) => choices.length > 0 && choices[0].columnOf[textual.indexOf(f)] >= 0;
  // So does a table whose column of articles holds none on most rows (the count and article of "2 x Butter   2,29
  // 4,58" taken for a count column, the articles' column left empty).
  const articleless = (f: (typeof textual)[number]) => mapped(f) && rows.filter((row) => /\p{L}{2}/u.test(textOfCell(row[f.name]))).length <= half(rows.length);
  // Or one whose articles went to a column of numbers: words on most of its rows.
  const wordy = (f: (typeof textual)[number]) => mapped(f) && (f.concept?.kind === 'number' || f.concept?.kind === 'money') && !articleless(f);
  const articlesAstray = textual.some((f) => f.concept?.id === 'description' && (articleless(f) || !mapped(f))) && textual.some(wordy);
  const tableMisses = choices.length > 0 && ((asks('description') && asks('line_total') && !textual.some((f) => listOwn(f) && mapped(f))) || articlesAstray);
  // A table without the articles, asked (a till's count before each article, "2 x Apples", read as a column of
  // counts), gives less than a list as long that holds them.
  const missesArticles = choices.length > 0 && textual.some((f) => f.concept?.id === 'description' && !mapped(f));
  // A table whose columns one agreeing row named (a single item, column-mapping.ts loneItemAgrees) gives way to a longer list.
  const lone = choices.length > 0 && choices[0].byArithmetic === true && choices[0].score < settings.columns.minAgreeingRows;
  if ((mappedColumns >= settings.rows.tableOverListColumns && !tableMisses && !missesArticles && !lone) || !textual.some((f) => f.concept?.level === 'line')) return null;
  // A line whose words are a label and its value ("Rabattbetrag: 0,02", "Weitere Referenz: | Abrechnung 2010") is none
  // of a list's items.
  const items = withListSumRepairs(readListItems(lines, new Set(), settings), lines, settings).filter((it) => !/[:：](?:\s|$)/.test(textOf(it.description)));
  const listed = textual.filter(listOwn).length;
  if (items.length > 0 && (items.length > tableRows || (items.length === tableRows && (listed > mappedColumns || missesArticles)) || tableMisses)) {
    return { rows: items.map((it) => listRow(it, fields, concepts, specs, recordValues, settings)), repaired: items.some((it) => it.repairedTotal !== undefined) };
  }
  return null;
}

/** A cell's text, empty where it has none (an image region, no value). */
const textOfCell = (c: ExtractedCell | undefined) => (c && 'value' in c && typeof c.value === 'string' ? c.value : '');

/** The line columns arithmetic checks: quantity × unit price ≈ line total. */
const LINE_PARTS = ['quantity', 'unit_price', 'line_total'] as const;

/**
 * A row's quantity, unit price and line total, when all three are columns,
 * made surer when they agree and less sure when not; a misread one is
 * repaired when exactly one reading makes the row add up (misread-amounts.ts).
 */
function checkLineArithmetic(out: Record<string, ExtractedCell>, fields: FieldSpec[], concepts: Array<Concept | null>, specs: FormatSpec[], row: TableRow, columnOf: number[], settings: EngineSettings, count: Word[] | null): Record<string, ExtractedCell> {
  const at = LINE_PARTS.map((id) => concepts.findIndex((c, i) => c?.id === id && (columnOf[i] ?? -1) >= 0));
  if (at.some((i) => i < 0)) return out;
  // A count read off the article's cell is the quantity, not the cell it shares with the article.
  const [q, p, t] = at.map((i, k) => (k === 0 && count ? count : row.cells[columnOf[i]].words));
  const checks = checkLine(withoutUnitWord(q), withoutTaxClass(p), withoutTaxClass(t), settings);
  at.forEach((i, k) => {
    const c = out[fields[i].name];
    if (!('value' in c) || c.value === null) return;
    const { agreement, repaired } = checks[k];
    // The product names the line total's column whatever named it; the quantity's and the price's only where their
    // shapes tell them apart (a whole count beside an amount with cents).
    const told = /^\d+$/.test(textOf(withoutUnitWord(q))) && /\d[.,]\d{2}$/.test(textOf(withoutTaxClass(p)));
    const least = agreement === true && (LINE_PARTS[k] === 'line_total' || told) ? settings.values.certainty.confirmedLineTotal : 0;
    if (repaired !== null) out[fields[i].name] = { ...c, value: applyFormat(repaired, specs[i]), confidence: settings.values.readings.repairedConfidence };
    else if (c.confidence !== undefined) out[fields[i].name] = { ...c, confidence: toHundredths(Math.max(least, checkedConfidence(c.confidence, agreement, settings))) };
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
function checkRunningBalance(rows: Array<Record<string, ExtractedCell>>, fields: FieldSpec[], concepts: Array<Concept | null>, columnOf: number[], settings: EngineSettings): Array<Record<string, ExtractedCell>> {
  const [d, c, b] = STATEMENT_PARTS.map((id) => concepts.findIndex((k, i) => k?.id === id && (columnOf[i] ?? -1) >= 0));
  if (b < 0 || (d < 0 && c < 0) || rows.length <= 1) return rows;
  const text = (row: Record<string, ExtractedCell>, i: number) => (i >= 0 ? (row[fields[i].name] as CellValue).value ?? '' : '');
  const read = (rs: typeof rows) => rs.map((r) => ({ debit: text(r, d), credit: text(r, c), balance: text(r, b) }));
  let out = rows;
  if (d >= 0 && c >= 0 && debitCreditSwapped(read(rows), settings)) {
    out = rows.map((r) => ({ ...r, [fields[d].name]: r[fields[c].name], [fields[c].name]: r[fields[d].name] }));
  }
  const checks = runningBalanceChecks(read(out), settings);
  return out.map((r, k) => {
    const moved = { ...r };
    for (const i of [d, c, b]) {
      const v = i >= 0 ? (r[fields[i].name] as CellValue) : null;
      if (v?.value && v.confidence !== undefined) moved[fields[i].name] = { ...v, confidence: toHundredths(checkedConfidence(v.confidence, checks[k], settings)) };
    }
    return moved;
  });
}

/**
 * Which of a list item's amounts a unit price asked without a line total is:
 * the price of one, where a quantity line prints it and the quantity is
 * asked too; else the amount at the item's right, the price paid for the
 * line (one of it, where no quantity line says otherwise).
 */
function priceOf(item: ListItem, concepts: Array<Concept | null>): 'unitPrice' | 'lineTotal' | null {
  const asks = (id: string) => concepts.some((c) => c?.id === id);
  if (asks('line_total')) return item.unitPrice ? 'unitPrice' : null;
  return asks('quantity') && item.unitPrice ? 'unitPrice' : 'lineTotal';
}

function listRow(item: ListItem, fields: FieldSpec[], concepts: Array<Concept | null>, specs: FormatSpec[], recordValues: Map<number, ExtractedCell>, settings: EngineSettings): Record<string, ExtractedCell> {
  const { listValueConfidence, kindMisfit } = settings.rows;
  const price = priceOf(item, concepts);
  const byConcept: Record<string, Word[] | null> = {
    description: item.description, item_code: item.code ?? null, quantity: item.quantity, unit_price: price && item[price], line_total: item.lineTotal,
  };
  const out: Record<string, ExtractedCell> = {};
  fields.forEach((f, i) => {
    const concept = concepts[i];
    if (concept?.level === 'line') {
      const words = byConcept[concept.id] ?? null;
      const total = concept.id === 'line_total' || (concept.id === 'unit_price' && price === 'lineTotal');
      // A line total the quantity line set right is a repair; one whose marks nothing confirmed misfits its kind.
      const repaired = total && item.repairedTotal !== undefined;
      const confidence = repaired ? settings.values.readings.repairedConfidence : total && item.misread ? listValueConfidence * kindMisfit : listValueConfidence;
      out[f.name] = words ? cell(repaired ? item.repairedTotal! : words.map((w) => w.text).join(' '), words, specs[i], settings, confidence) : { value: null, box: null };
    } else out[f.name] = recordValues.get(i) ?? { value: null, box: null };
  });
  return out;
}

function extractInferred(request: ExtractRequest, lines: Line[], tables: Table[], roll: boolean, settings: EngineSettings): ExtractResult {
  const spec = resolveFormat('', request.globalFormatRequirement);
  const [main, ...copies] = chooseMainTables(tables, settings);
  const heads = main ? headerNames(main, main.headerLines.length, settings) : [];
  // A table whose heads name no item's column (none, or a receipt's date and number over its lines) gives way to the
  // list a request naming the items' columns would read (description, count, price of one, amount).
  const list = !main || !namesItems(cleanColumnNames(heads), settings) ? listTable(request, lines, tables, roll, settings) : null;
  if (list) return list;
  if (main) {
    const rows = [main, ...copies].flatMap((t) => dropSummaryAndRepeatedHeaders(roll ? withRecordLinesJoined(t.rows, settings) : t.rows, cleanColumnNames(heads), settings));
    // An article line over its description under two heads one over the other: a column each.
    const stacked = inferredStackedColumns(main, settings);
    const parts = heads.flatMap((h, c): Array<{ h: string; c: number; part?: 'upper' | 'lower' }> => {
      const two = stacked.get(c);
      return two ? [{ h: two[0], c, part: 'upper' }, { h: two[1], c, part: 'lower' }] : [{ h, c }];
    });
    const names = cleanColumnNames(parts.map((p) => p.h));
    const used = parts.map(({ c }) => rows.some((r) => r.cells[c].text) || main.headerLines.length > 0);
    const kept = parts.flatMap((p, k) => (used[k] ? [{ ...p, n: names[k] }] : []));
    const classed = heads.map((_, c) => amountsWithTaxClass(rows.map((r) => r.cells[c].words), settings));
    const wordsOf = (r: TableRow, c: number, part: 'upper' | 'lower' | undefined) => (part ? splitStackedCell(r.cells[c].words)[part] : classed[c] ? withoutTaxClass(r.cells[c].words) : r.cells[c].words);
    return {
      ok: true,
      fields: kept.map((k) => k.n),
      rows: rows.map((r) =>
        Object.fromEntries(
          kept.map(({ n, c, part }) => {
            const words = wordsOf(r, c, part);
            return [n, cell(part || classed[c] ? textOf(words) : r.cells[c].text, words, spec, settings)];
          }),
        ),
      ),
    };
  }
  const pairs = findAllLabelValuePairs(lines, new Set(), settings);
  if (pairs.length > 0) {
    const names = cleanColumnNames(pairs.map((p) => p.label));
    return { ok: true, fields: names, rows: [Object.fromEntries(pairs.map((p, i) => [names[i], cell(p.value, p.words, spec, settings)]))] };
  }
  // Plain text without structure: one column of lines keeps the content rather than failing.
  return {
    ok: true,
    fields: ['Text'],
    rows: lines.map((l) => ({ Text: cell(l.text.replace(/\s{2,}/g, ' '), l.words, spec, settings) })),
  };
}

/** Whether some head names an item's column (a line concept: "Qty", "Description", "Amount"), not a document value. */
function namesItems(names: string[], settings: EngineSettings): boolean {
  return names.some((n) => namesLineConcept(n.replace(/[:：]\s*$/, ''), settings));
}

/** The columns a list without heads gives, in the order a till prints them, named so that each names its concept. */
const LIST_COLUMNS = ['Item code', 'Description', 'Quantity', 'Unit price', 'Line total'];

/**
 * Inferred columns where no table's heads name an item's column: where a request naming the item's columns would read
 * a list without heads (a receipt's items, amounts at the right edge, rows/receipt-items.ts) rather than a table, the
 * list's columns that hold a value, as that request gives them. Null when it would read a table, or nothing.
 */
function listTable(request: ExtractRequest, lines: Line[], tables: Table[], roll: boolean, settings: EngineSettings): ExtractResult | null {
  const asked = readRequest({ ...request, fields: LIST_COLUMNS.map((name) => ({ name, formatRequirement: '' })) }, lines, settings);
  const choices = chooseColumns(tables, asked, settings);
  const rows = itemRows(asked, columnFields(asked, choices), choices, new Map(), [], roll, settings);
  const list = listRows(asked, choices, rows, lines, new Map(), settings);
  const items = list?.rows ?? [];
  // An item list's amounts are money, with cents on most lines; a statistics table's figures ("11.0", "8.9") are not.
  const cents = items.filter((r) => /\d[.,]\d{2}(?!\d)/.test(textOfCell(r['Line total'])));
  if (items.length === 0 || cents.length <= half(items.length)) return null;
  const kept = LIST_COLUMNS.filter((n) => items.some((r) => textOfCell(r[n]).trim()));
  return { ok: true, fields: kept, rows: items.map((r) => Object.fromEntries(kept.map((n) => [n, r[n]]))) };
}

/**
 * A column of amounts a till prints with their tax class ("10,80 A", "3.62B"): most of its filled cells an amount with
 * cents once the class is left off, and some carry one. Its values are the amounts, as a column named so gives them.
 */
function amountsWithTaxClass(cells: Word[][], settings: EngineSettings): boolean {
  const filled = cells.filter((ws) => ws.length > 0);
  const amounts = filled.filter((ws) => /\d[.,]\d{2}-?$/.test(textOf(withoutTaxClass(ws))) && fitValue('money', withoutTaxClass(ws), settings) !== null);
  return amounts.some((ws) => withoutTaxClass(ws) !== ws) && amounts.length > half(filled.length);
}
