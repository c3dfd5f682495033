/**
 * Columns without heads named by the shape of their values: the later pages
 * of a packing list or a delivery note repeat no header row and have no
 * quantity × unit price ≈ line total to go by (`chooseTableByArithmetic`), but
 * a column of six-digit codes, one of prose, one of short unit words and
 * columns of counts and decimals still say which requested field each holds.
 * Fields of the same kind (net and gross weight) are told apart by order: a
 * request lists them as the page prints them, so columns are given to fields
 * left to right in request order.
 */
import { classifyLabel, conceptById, type Concept } from '../../concepts/index.js';
import { COLUMN_COUNTERPARTS } from '../../concepts/line.js';
import { shapeOf, type Shape } from './value-shape.js';
import { splitStackedCell, type StackedPair } from './stacked-heads.js';
import { textOf } from '../lines/word-text.js';
import { headerNames } from '../tables/header-names.js';
import { asksForLines, type FieldRequest, type TableChoice } from './column-mapping.js';
import { columnCount, type Table } from '../tables/table.js';
import type { EngineSettings } from '../../settings.js';

/** Concepts that count things: whole numbers, where weights, volumes and hours are measured in decimals. */
const COUNTS = new Set(['quantity', 'packages', 'item_packages']);

/** Concepts of a line's discount. */
const DISCOUNTS = new Set(['discount', 'line_discount']);

type Kinds = EngineSettings['columns']['kinds'];

/** How well a value of each shape suits a field: by its concept (a unit is one word, a description several), else by its kind. */
function fits(field: FieldRequest, kinds: Kinds): Partial<Record<Shape, number>> {
  if (field.concept?.id === 'unit') return { word: 1 };
  // A box's measures are figures joined by signs, never prose: a count with its unit ("374 lot") is not one.
  if (field.concept?.id === 'dimensions') return { measures: 1 };
  if (COUNTS.has(field.concept?.id ?? '')) return { integer: 1, decimal: kinds.decimalForCount };
  // A discount is printed as a rate ("15%") as often as an amount.
  if (DISCOUNTS.has(field.concept?.id ?? '')) return { percent: 1, decimal: 1 };
  switch (field.concept?.kind ?? field.kind) {
    case 'identifier':
      return { code: 1, integer: kinds.integerForIdentifier };
    case 'text':
      return { words: 1, word: kinds.wordForText };
    case 'number':
      return { decimal: 1, integer: kinds.integerForNumber };
    case 'money':
      return { decimal: 1, integer: kinds.integerForMoney };
    case 'percent':
      return { percent: 1 };
    case 'date':
      return { date: 1 };
    default:
      return {};
  }
}

/** Mean fit of a column's filled cells to a field; a column mostly empty fits nothing. */
function columnFit(rows: string[][], col: number, fit: Partial<Record<Shape, number>>, kinds: Kinds): number {
  const shapes = rows.map((r) => shapeOf(r[col] ?? '')).filter((s): s is Shape => s !== null);
  if (shapes.length < rows.length * kinds.minFilledShare) return 0;
  return shapes.reduce((sum, s) => sum + (fit[s] ?? 0), 0) / shapes.length;
}

/**
 * Fields given to columns in the same order, each to a column its values fit
 * (settings.columns.kinds.minFit) or to none, the sum of fits the largest: an
 * alignment of two sequences, small enough for a full table of sub-results.
 */
function alignInOrder(score: number[][], kinds: Kinds): { columnOf: number[]; total: number } {
  const n = score.length;
  const m = score[0]?.length ?? 0;
  const best = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let f = 1; f <= n; f++) {
    for (let c = 1; c <= m; c++) {
      const pair = score[f - 1][c - 1] >= kinds.minFit ? best[f - 1][c - 1] + score[f - 1][c - 1] : -Infinity;
      best[f][c] = Math.max(best[f - 1][c], best[f][c - 1], pair);
    }
  }
  const columnOf = new Array<number>(n).fill(-1);
  for (let f = n, c = m; f > 0 && c > 0; ) {
    if (best[f][c] === best[f - 1][c]) f--;
    else if (best[f][c] === best[f][c - 1]) c--;
    else {
      columnOf[f - 1] = c - 1;
      f--;
      c--;
    }
  }
  return { columnOf, total: best[n][m] };
}

/**
 * A unit price given the items' last money column while the line total asked
 * after it found none: the column is the line total. An item prints the price
 * of one beside the amount it costs, never in place of it, so one money
 * column alone is what each line costs ("Brötchen   4   1,96" on a till
 * without heads).
 */
function amountOverPrice(aligned: { columnOf: number[]; total: number }, fields: FieldRequest[], score: number[][], kinds: Kinds): { columnOf: number[]; total: number } {
  const price = fields.findIndex((f) => f.concept?.id === 'unit_price');
  const total = fields.findIndex((f) => f.concept?.id === 'line_total');
  const c = aligned.columnOf[price];
  if (price < 0 || total < price || c === undefined || c < 0 || aligned.columnOf[total] >= 0) return aligned;
  const moneyAfter = score[total].some((fit, k) => k > c && fit >= kinds.minFit);
  if (moneyAfter || score[total][c] < kinds.minFit) return aligned;
  const columnOf = [...aligned.columnOf];
  [columnOf[price], columnOf[total]] = [-1, c];
  return { columnOf, total: aligned.total };
}

/** A column of the table as the shapes read it: the whole column, or one part of a stacked column's cells. */
interface Part {
  column: number;
  part?: 'upper' | 'lower';
}

/**
 * The parts the shapes read a table's columns in: a column whose cells print a code on their first line and prose
 * under it (most of those filled, settings.columns.twoLineCellShare: an article line over its description, on a page
 * continued without the two heads one over the other that said so) is two, the code's over the prose's; any other
 * column is one.
 */
function shapeParts(table: Table, columns: number, settings: EngineSettings): Part[] {
  return Array.from({ length: columns }, (_, column): Part[] => {
    const filled = table.rows.map((r) => r.cells[column]?.words ?? []).filter((ws) => ws.length > 0);
    const stacked = filled.filter((ws) => {
      const { upper, lower } = splitStackedCell(ws);
      return upper.length > 0 && shapeOf(textOf(upper)) === 'code' && shapeOf(textOf(lower)) === 'words';
    });
    return filled.length && stacked.length >= filled.length * settings.columns.twoLineCellShare ? [{ column, part: 'upper' }, { column, part: 'lower' }] : [{ column }];
  }).flat();
}

/** The texts of a table's rows in `parts`. */
function partTexts(table: Table, parts: Part[]): string[][] {
  return table.rows.map((r) => parts.map(({ column, part }) => textOf(part ? splitStackedCell(r.cells[column]?.words ?? [])[part] : r.cells[column]?.words ?? [])));
}

/** A table's columns as the shapes read them, and how well each part's values fit each requested field. */
interface ShapedTable {
  table: Table;
  parts: Part[];
  score: number[][];
}

/**
 * The table whose columns, without heads, line up with the requested fields
 * by the shapes of their values in request order. At least minFields fields
 * and minFieldShare of those asked must find a column
 * (settings.columns.kinds), so a block of labelled totals or an address set
 * in columns names nothing. An item's field no column on the page fits (a
 * box's measures a scan ran into the packages' cells, "2 120x77x18") is no
 * table's, so it is not counted among those asked: it stays empty and costs
 * the table none of its other columns. A document's value asked still counts. Null when no table
 * does. A column of codes over prose gives the code's field and the prose's
 * one column between them, as two heads one over the other do (`stacked`).
 */
export function chooseTableByKinds(tables: Table[], fields: FieldRequest[], settings: EngineSettings): TableChoice | null {
  const { kinds } = settings.columns;
  const fitOf = fields.map((f) => fits(f, kinds));
  const shaped: ShapedTable[] = tables.flatMap((table) => {
    if (table.rows.length < kinds.minRows) return [];
    const parts = shapeParts(table, columnCount(table), settings);
    if (parts.length < kinds.minFields) return [];
    const rows = partTexts(table, parts);
    return [{ table, parts, score: fitOf.map((fit) => parts.map((_, c) => columnFit(rows, c, fit, kinds))) }];
  });
  const fitting = fields.filter((field, f) => field.concept?.level !== 'line' || shaped.some(({ score }) => score[f].some((fit) => fit >= kinds.minFit))).length;
  let best: TableChoice | null = null;
  for (const { table, parts, score } of shaped) {
    const { columnOf: partOf, total } = amountOverPrice(alignInOrder(score, kinds), fields, score, kinds);
    const mapped = partOf.filter((c) => c >= 0).length;
    if (mapped < kinds.minFields || mapped < fitting * kinds.minFieldShare) continue;
    if (best && total <= best.score) continue;
    const columnOf = partOf.map((p) => (p >= 0 ? parts[p].column : -1));
    // Both parts of a stacked column taken: a pair, as under two heads; one alone takes the whole column.
    const stacked: StackedPair[] = partOf.flatMap((p, upper) => {
      const lower = parts[p + 1] && parts[p]?.part === 'upper' ? partOf.indexOf(p + 1) : -1;
      return lower >= 0 ? [{ upper, lower, names: ['', ''] as [string, string] }] : [];
    });
    best = { table, depth: 0, names: headerNames(table, 0, settings), columnOf, score: total, byKinds: true, ...(stacked.length ? { stacked } : {}) };
  }
  return best;
}

/**
 * A head that names nothing its column holds: no concept at all, or only
 * amounts over a column of dates (a word that heads a charge in the totals,
 * "Delivery", "Livraison", "Dostawa", heads the day each item is due in a
 * table).
 */
function namesNothingHeld(head: string, rows: string[][], col: number, settings: EngineSettings): boolean {
  const named = [...classifyLabel(head, settings).keys()];
  if (named.length === 0) return true;
  const { kinds } = settings.columns;
  return named.every((id) => conceptById(id)?.kind === 'money') && columnFit(rows, col, { date: 1 }, kinds) >= kinds.minFit;
}

/**
 * A choice by heads with the fields no head names (a head the scan misread,
 * "Ranhsid" for "Eenheid") given to the free columns between their
 * neighbours' columns whose values fit them, in request order: between
 * quantity and packages, the column of unit words is the unit's. A column
 * whose head names something else stays free.
 */
export function withColumnsByKinds(choice: TableChoice, fields: FieldRequest[], settings: EngineSettings): TableChoice {
  const { kinds } = settings.columns;
  const { columnOf } = choice;
  const rows = choice.table.rows.map((r) => r.cells.map((c) => c.text));
  const columns = columnCount(choice.table);
  const taken = new Set(columnOf.filter((c) => c >= 0));
  // A paired tables' label column: its head names one of the two tables' labels ("Earnings"), not what it holds; a
  // head naming only charges over a column of dates names the day, not the charge ("Delivery", "Livraison" over
  // the day each item is due).
  // A head naming only what the request placed under a better head elsewhere ("Artikel" over the article numbers, its
  // description under "Beschreibung") names nothing left: the shapes of its values say whose column it is.
  const placed = new Set(fields.filter((f, k) => columnOf[k] >= 0 && f.concept).map((f) => f.concept?.id));
  const namesPlaced = (head: string) => {
    const named = [...classifyLabel(head, settings).keys()];
    return named.length > 0 && named.every((id) => placed.has(id));
  };
  const free = (c: number) => !taken.has(c) && (!choice.names[c] || c === choice.table.pairedLabel || namesNothingHeld(choice.names[c], rows, c, settings) || namesPlaced(choice.names[c]));
  const out = [...columnOf];
  const named: number[] = [];
  // Line fields only: a document value asked beside the items (the invoice number) is no column, but one whose
  // column counts or weighs each item ("packages", "net_weight") is the items' own, and so is a date: an order's
  // items each print the day they are due ("Consegna", "Entrega" over a column of dates).
  const itemsOwn = (c: Concept | null | undefined) => c?.level === 'line' || c?.kind === 'date' || conceptById(COLUMN_COUNTERPARTS[c?.id ?? ''] ?? '')?.kind === 'number';
  // A name the catalogue does not know ("title", "label") beside line fields is a column of the items too, read as
  // text where no format says otherwise, and may take a column whose head names only what no field asks ("title"
  // for the column "Description" heads).
  const withLines = asksForLines(fields);
  const unknown = (f: number) => withLines && !fields[f].concept;
  const open = (f: number) => columnOf[f] < 0 && (itemsOwn(fields[f].concept) || unknown(f));
  const asked = new Set(fields.map((f) => f.concept?.id));
  const namesUnasked = (named: string[]) => named.length > 0 && named.every((id) => !asked.has(id));
  // A number's head no field asks for ("N°", "Nr.": the position's, or the document number's) over an item's codes: the
  // code asked is what it numbers (a payslip's "N° | Rubrique" over "10 | Salaire de base").
  const numbersUnasked = (named: string[]) => namesUnasked(named) && named.every((id) => conceptById(id)?.kind === 'identifier');
  const identifier = (f: number) => fields[f].concept?.kind === 'identifier';
  // What each column's head names, classified once for both tests.
  const namedBy = choice.names.map((head) => (head ? [...classifyLabel(head, settings).keys()] : []));
  const freeFor = (f: number) => (c: number) =>
    free(c) || (!taken.has(c) && !!choice.names[c] && ((unknown(f) && namesUnasked(namedBy[c])) || (identifier(f) && numbersUnasked(namedBy[c]))));
  const fitOf = (f: number) => fits(unknown(f) && !fields[f].kind ? { ...fields[f], kind: 'text' } : fields[f], kinds);
  // One item is too few values for their shapes alone; a free column under a head the catalogue knows ("Item" over an
  // article number, the description under "Description") is an item's column, and its one value's shape says whose.
  const single = rows.length < kinds.minRows;
  const headed = (c: number) => !!choice.names[c] && classifyLabel(choice.names[c], settings).size > 0;
  for (let f = 0; f < fields.length; f++) {
    if (!open(f)) continue;
    let end = f;
    while (end < fields.length && open(end)) end++;
    // The run of fields without a column sits between its neighbours' columns (the page's edges at the ends): the
    // nearest asked before it, not the rightmost (a description printed last, "Referencia … Concepto").
    const lo = columnOf.slice(0, f).findLast((c) => c >= 0) ?? -1;
    const hi = columnOf.slice(end).find((c) => c >= 0) ?? columns;
    const run = Array.from({ length: end - f }, (_, k) => f + k);
    const between = Array.from({ length: Math.max(0, hi - lo - 1) }, (_, i) => lo + 1 + i).filter((c) => run.some((k) => freeFor(k)(c)) && (!single || headed(c)));
    if (between.length && rows.length > 0) {
      const { columnOf: inRun } = alignInOrder(run.map((k) => between.map((c) => (freeFor(k)(c) ? columnFit(rows, c, fitOf(k), kinds) : 0))), kinds);
      inRun.forEach((i, k) => {
        if (i < 0) return;
        out[f + k] = between[i];
        named.push(f + k);
      });
    }
    f = end;
  }
  // A description whose head the scan misread, printed away from where it is asked (last, after the amounts): the one
  // free column of prose on the page is its column, wherever it stands.
  for (let f = 0; f < fields.length; f++) {
    if (out[f] >= 0 || !open(f) || (fields[f].concept?.kind ?? fields[f].kind ?? (unknown(f) ? 'text' : undefined)) !== 'text' || fields[f].concept?.id === 'unit') continue;
    const prose = Array.from({ length: columns }, (_, c) => c).filter((c) => freeFor(f)(c) && !out.includes(c) && (!single || headed(c)) && columnFit(rows, c, fitOf(f), kinds) >= kinds.minFit);
    if (prose.length !== 1) continue;
    out[f] = prose[0];
    named.push(f);
  }
  return named.length ? { ...choice, columnOf: out, namedByKinds: named } : choice;
}
