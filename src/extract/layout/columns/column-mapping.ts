import { classifyLabel, conceptById, labelScore, namesLineConcept, resolveConcept, type Concept } from '../../concepts/index.js';
import { BARE_WORD_LINE_READINGS, COLUMN_COUNTERPARTS, SHARE_PARTIES } from '../../concepts/line.js';
import { looksLikeDate, looksLikeNumber, type ValueKind } from '../../format/index.js';
import { matchScore, normalizeTokens } from './field-match.js';
import { headerNames } from '../tables/header-names.js';
import { hasDataCell, splitHeader, tableCellCount, type Table } from '../tables/table-detect.js';
import { columnCount } from '../tables/table.js';
import { agrees, amountValue, lineAgreement } from '../values/arithmetic.js';
import { stackedHeads, type StackedPair } from './stacked-heads.js';
import { shapeOf } from './value-shape.js';
import type { EngineSettings } from '../../settings.js';
import { FLOAT_SLACK } from '../../units.js';

/** The concepts of an item's arithmetic: quantity × unit price ≈ line total, and a payslip's hours × rate ≈ amount. */
const LINE_CONCEPTS = [['quantity', 'hours'], ['unit_price', 'rate'], ['line_total']];

export interface FieldRequest {
  name: string;
  kind: ValueKind | undefined;
  /** The catalogue concept the name means, if any (its labels in seven languages name the column). */
  concept?: Concept | null;
  /** A concept whose heads also name the field's column, a little less surely (a price asked alone: the line's amount). */
  alsoNamedBy?: Concept;
}

/**
 * How well a column header names a requested field: the concept's labels
 * when the field has one (a header naming another concept scores nothing:
 * `seller_name` is not "Description", `total_amount` not "Subtotal"), or of
 * the line concept a document-level name means as a column
 * (`concepts/line.ts`, COLUMN_COUNTERPARTS) when the request asks for line
 * fields too (`withLines`), the lexical match otherwise and for headers the
 * catalogue does not know. `amongItemHeads`: the head stands beside heads of
 * an item's columns, where a document value's word names a line concept too.
 */
export function headerScore(field: FieldRequest, header: string, settings: EngineSettings, withLines = false, amongItemHeads = withLines): number {
  const { printedHeadBonus, counterpartShare } = settings.columns;
  if (field.name.trim().toLowerCase() === header.trim().toLowerCase()) return 1 + printedHeadBonus;
  const concept = field.concept ?? conceptOfAbbreviated(field.name, settings);
  if (!concept) return matchScore(field.name, header, settings);
  const byLabel = labelScore(concept, header, settings);
  if (byLabel > 0) return byLabel;
  // The same figure of an item's arithmetic under another name: a rate asked over "Unit price", hours over "Qty".
  const siblings = LINE_CONCEPTS.find((ids) => ids.includes(concept.id))?.filter((id) => id !== concept.id) ?? [];
  const bySibling = Math.max(0, ...siblings.map((id) => labelScore(conceptById(id) as Concept, header, settings) * counterpartShare));
  if (bySibling > 0) return bySibling;
  // A document value's word heading an item table's column names the line concept it means there, as a bare word asked
  // beside the items does (BARE_WORD_LINE_READINGS): "Nettobetrag", "Imponibile" over each line's net amount.
  const readings = withLines && amongItemHeads ? Object.keys(BARE_WORD_LINE_READINGS).filter((id) => BARE_WORD_LINE_READINGS[id] === concept.id) : [];
  const byReading = Math.max(0, ...readings.map((id) => labelScore(conceptById(id) as Concept, header, settings) * counterpartShare));
  if (byReading > 0) return byReading;
  const counterpart = withLines ? conceptById(COLUMN_COUNTERPARTS[concept.id] ?? '') : undefined;
  const byColumn = counterpart ? labelScore(counterpart, header, settings) * counterpartShare : 0;
  if (byColumn > 0) return byColumn;
  // A party's name over an item's amount is that party's share ("Employer" over the employer's contribution).
  const party = withLines ? conceptById(SHARE_PARTIES[concept.id] ?? '') : undefined;
  const byParty = party ? labelScore(party, header, settings) * counterpartShare : 0;
  if (byParty > 0) return byParty;
  const byOther = field.alsoNamedBy ? labelScore(field.alsoNamedBy, header, settings) * counterpartShare : 0;
  if (byOther > 0) return byOther;
  return classifyLabel(header, settings).size > 0 ? 0 : matchScore(field.name, header, settings);
}

/** Concepts of names the catalogue knows only written out ("desc", "descr": description), memoized. */
const abbreviated = new Map<string, Concept | null>();

/** The concept of a field name with its abbreviations written out (field-match.ts): "desc" is a description. */
function conceptOfAbbreviated(name: string, settings: EngineSettings): Concept | null {
  let concept = abbreviated.get(name);
  if (concept === undefined) {
    if (abbreviated.size > settings.columns.match.memoEntries) abbreviated.clear();
    const expanded = normalizeTokens(name).join(' ');
    concept = expanded && expanded !== name.toLowerCase() ? resolveConcept(expanded) : null;
    abbreviated.set(name, concept);
  }
  return concept;
}

/** A request naming a line concept asks for items: its document-level names may be columns (`date` beside `debit`). */
export function asksForLines(fields: FieldRequest[]): boolean {
  return fields.some((f) => f.concept?.level === 'line');
}

export interface TableChoice {
  table: Table;
  depth: number;
  names: string[];
  /** Column index per requested field (-1: not a column of this table). */
  columnOf: number[];
  score: number;
  /** The columns were chosen by quantity × unit price ≈ line total, not by heads (a continuation page without them). */
  byArithmetic?: boolean;
  /** The columns were chosen by the shapes of their values in request order (`column-kinds.ts`). */
  byKinds?: boolean;
  /** Fields (by index) no head names whose columns the shapes of their values chose (`withColumnsByKinds`). */
  namedByKinds?: number[];
  /** Fields (by index) whose columns the items' arithmetic chose over the heads (`withLineArithmetic`). */
  namedByArithmetic?: number[];
  /** Pairs of fields sharing a column under two heads one over the other (`stacked-heads.ts`). */
  stacked?: StackedPair[];
}

type TextKind = 'date' | 'number' | 'text';

/** A cell's text as a column's profile counts it: its format kind, and its shape (column-kinds.ts). */
interface CellKind {
  kind: TextKind;
  /** One code ("A-10023", "807211"): a number may be one too. */
  code: boolean;
  /** Prose: two words or more ("Kabel NYM 3x1,5 mm"). */
  words: boolean;
}

interface Profile {
  dates: number;
  numbers: number;
  codes: number;
  words: number;
}

function cellKind(t: string): CellKind {
  const shape = shapeOf(t);
  return { kind: looksLikeDate(t) ? 'date' : looksLikeNumber(t) ? 'number' : 'text', code: shape === 'code', words: shape === 'words' };
}

/** Shares of a column's filled body cells that read as dates, numbers, codes and prose. */
function columnProfile(table: Table, col: number, kinds: Map<string, CellKind>): Profile {
  const p = { dates: 0, numbers: 0, codes: 0, words: 0 };
  let filled = 0;
  for (const r of table.rows) {
    const t = r.cells[col]?.text ?? '';
    if (!t) continue;
    filled++;
    let k = kinds.get(t);
    if (!k) {
      k = cellKind(t);
      kinds.set(t, k);
    }
    if (k.kind === 'date') p.dates++;
    else if (k.kind === 'number') p.numbers++;
    if (k.code) p.codes++;
    if (k.words) p.words++;
  }
  return filled ? { dates: p.dates / filled, numbers: p.numbers / filled, codes: p.codes / filled, words: p.words / filled } : p;
}

/** Format evidence: a field wanting a date prefers a column of dates, a numeric field a column of numbers. */
function evidence(kind: ValueKind | undefined, p: Profile, settings: EngineSettings): number {
  const { kindShare, dateColumnBonus, numberColumnBonus, wrongKindPenalty, wordsForNumberPenalty } = settings.columns;
  if (kind === 'date') return p.dates >= kindShare ? dateColumnBonus : -wrongKindPenalty;
  if (kind === 'number' || kind === 'percent') return p.numbers >= kindShare ? numberColumnBonus : p.dates >= kindShare ? -wrongKindPenalty : -wordsForNumberPenalty;
  return 0;
}

/**
 * Shape evidence for the fields a format kind says nothing of: an item's
 * description is prose, never a column of codes, and an article number is a
 * code, never a column of prose. Two heads the catalogue gives the description
 * ("Artikel" over the article numbers, "Beschreibung" over the names; "Article"
 * and "Libellé") leave the codes to the article number.
 */
function shapeEvidence(field: FieldRequest, p: Profile, settings: EngineSettings): number {
  const { kindShare, codesForTextPenalty } = settings.columns;
  const id = field.concept?.id;
  if (id === 'description') return p.codes >= kindShare && p.words < kindShare ? -codesForTextPenalty : 0;
  if (field.concept?.kind === 'identifier') return p.words >= kindShare ? -codesForTextPenalty : 0;
  return 0;
}

/** One-to-one assignment, best pairs first (fields × columns are small). */
function assign(scores: number[][], settings: EngineSettings): { columnOf: number[]; total: number } {
  const pairs: Array<{ s: number; f: number; c: number }> = [];
  scores.forEach((row, f) => row.forEach((s, c) => s >= settings.columns.minColumnScore && pairs.push({ s, f, c })));
  pairs.sort((a, b) => b.s - a.s || a.c - b.c);
  const columnOf = scores.map(() => -1);
  const taken = new Set<number>();
  let total = 0;
  for (const { s, f, c } of pairs) {
    if (columnOf[f] >= 0 || taken.has(c)) continue;
    columnOf[f] = c;
    taken.add(c);
    total += s;
  }
  return { columnOf, total };
}

/**
 * Every table that answers the request about as well as the best one, in page
 * order: a page with two line-item tables under the same headings (goods,
 * then services) yields the rows of both. For each, the header depth whose
 * column names best match the requested fields ("Price" alone or "Unit price
 * (EUR)" over two lines), and the column of each field.
 */
export function chooseTablesForFields(tables: Table[], fields: FieldRequest[], settings: EngineSettings): TableChoice[] {
  const kinds = new Map<string, CellKind>();
  const scores = new Map<string, number>();
  const withLines = asksForLines(fields);
  const { wellNamed, tieCells, tieWeightPerCell, sameTableScore, minPeerColumns } = settings.columns;
  const score = (field: FieldRequest, name: string, amongItemHeads = false) => {
    const key = `${field.name}\u0000${name}\u0000${amongItemHeads}`;
    let v = scores.get(key);
    if (v === undefined) {
      v = headerScore(field, name, settings, withLines, amongItemHeads);
      scores.set(key, v);
    }
    return v;
  };
  const perTable: TableChoice[] = [];
  for (const original of tables) {
    let best: TableChoice | null = null;
    for (const table of headerAlternatives(original, settings)) {
      // The heuristic split comes first; when it already names every field well, other splits can't win.
      if (best && table !== original && best.score >= fields.length * wellNamed) break;
      const columns = columnCount(table);
      const profiles = Array.from({ length: columns }, (_, c) => columnProfile(table, c, kinds));
      const maxDepth = Math.max(1, table.headerLines.length);
      for (let depth = 1; depth <= maxDepth; depth++) {
        const names = headerNames(table, depth, settings);
        // A table whose own heads name an item's column (not a tax breakdown's "Warenwert | USt.-Betrag").
        const itemHeads = names.some((n) => n && namesLineConcept(n, settings));
        const matrix = fields.map((f) => names.map((n, c) => (n ? score(f, n, itemHeads) + evidence(f.kind, profiles[c], settings) + shapeEvidence(f, profiles[c], settings) : 0)));
        const { columnOf, total: byHeads } = assign(matrix, settings);
        // Two heads one over the other in a column name a field each (an article line over its description).
        const { pairs, added } = stackedHeads(table, depth, fields, columnOf, names, score, settings);
        const total = byHeads + added;
        if (total <= 0 || headsFromData(original, table, columnOf, settings)) continue;
        // Bigger tables win ties between tables; the heuristic split (tried first) wins ties within one.
        const overall = total + Math.min(tableCellCount(original), tieCells) * tieWeightPerCell;
        if (!best || overall > best.score + FLOAT_SLACK) best = { table: withoutHeadLinesAsItems(original, table, fields, columnOf), depth, names, columnOf, score: overall, ...(pairs.length ? { stacked: pairs } : {}) };
      }
    }
    if (best) perTable.push(best);
  }
  perTable.sort((a, b) => b.score - a.score);
  const top = perTable[0];
  if (!top) return [];
  const mapped = (c: TableChoice) => c.columnOf.filter((i) => i >= 0).length;
  const peers = perTable.filter((c) => c === top || (c.score >= top.score * sameTableScore && mapped(c) === mapped(top) && mapped(top) >= minPeerColumns));
  return peers.sort((a, b) => readingOrder(a.table, b.table, settings));
}

/**
 * A split with fewer head lines than the heuristic one names the columns by its upper lines alone; the lines the
 * heuristic read as heads and this split as items ("Delivery note 891351" under "Item No. | Details | Qty") stay out
 * of the items where they hold no figure under any of the asked figures' columns and the items below them do.
 */
function withoutHeadLinesAsItems(original: Table, table: Table, fields: FieldRequest[], columnOf: number[]): Table {
  if (table.headerEnd >= original.headerEnd) return table;
  const moved = new Set(original.lines.slice(table.headerEnd, original.headerEnd));
  const figures = columnOf.filter((c, k) => c >= 0 && fields[k].kind === 'number');
  const figured = (r: Table['rows'][number]) => figures.some((c) => /\d/.test(r.cells[c]?.text ?? ''));
  const isMoved = (r: Table['rows'][number]) => r.lines.some((l) => moved.has(l));
  const rows = table.rows.filter((r) => !isMoved(r) || figured(r));
  return figures.length && rows.length < table.rows.length && rows.some(figured) ? { ...table, rows } : table;
}

/** Top to bottom; tables side by side (overlapping rows) left to right. */
function readingOrder(a: Table, b: Table, settings: EngineSettings): number {
  const shared = Math.min(a.box.y2, b.box.y2) - Math.max(a.box.y1, b.box.y1);
  const sideBySide = shared > settings.columns.sideBySideOverlap * Math.min(a.box.y2 - a.box.y1, b.box.y2 - b.box.y1);
  return sideBySide ? a.box.x1 - b.box.x1 : a.box.y1 - b.box.y1;
}

/**
 * The heuristic header split, plus every other split among the first lines:
 * the requested names themselves show where the header is ("1 | 2 | 3" can
 * be grade headings or data).
 */
function headerAlternatives(table: Table, settings: EngineSettings): Table[] {
  const out = [table];
  const last = Math.min(table.lines.length - 1, settings.columns.maxAlternativeHeaderEnd);
  for (let end = 1; end <= last; end++) if (end !== table.headerEnd) out.push(splitHeader(table, end, settings));
  return out;
}

/**
 * Heads taken from lines the detector read as data ("Proportion | 1.0 | 1.1")
 * must name two of the fields (or the only one): an item's "un" naming the
 * unit, or "Volumes | 520" naming the packages, is a row of a table continued
 * without heads.
 */
function headsFromData(original: Table, table: Table, columnOf: number[], settings: EngineSettings): boolean {
  if (table.headerEnd <= original.headerEnd || !original.lines.slice(original.headerEnd, table.headerEnd).some(hasDataCell)) return false;
  return columnOf.filter((c) => c >= 0).length < Math.min(settings.columns.headsFromDataFields, columnOf.length);
}

/**
 * The page's main table for inferred columns: the one with the most filled
 * cells and a header, followed by the tables under exactly the same column
 * names (copies set side by side or one under another), in reading order.
 */
export function chooseMainTables(tables: Table[], settings: EngineSettings): Table[] {
  let best: Table | null = null;
  let bestScore = 0;
  for (const t of tables) {
    const score = tableCellCount(t) * (t.headerLines.length > 0 ? 1 : settings.columns.headerlessMainWeight) * (labelsDocumentValues(t, settings) ? settings.columns.labelBlockMainWeight : 1);
    if (score > bestScore) {
      best = t;
      bestScore = score;
    }
  }
  if (!best) return [];
  const main = best;
  const key = (t: Table) => headerNames(t, t.headerLines.length, settings).join('|').toLowerCase();
  const named = main.headerLines.length > 0 && key(main).replace(/\|/g, '') !== '';
  return tables.filter((t) => t === main || (named && key(t) === key(main))).sort((a, b) => readingOrder(a, b, settings));
}

/**
 * The document's labelled values set in columns, not items: every row's
 * first cell a label of a document-level concept ("Emitida em |
 * 25/12/2024", "Nº cliente | 80633896", "Pagar até | 08/01/2025"), or every
 * row's cell of one column such a label, the recipient's address set left
 * of them on the same lines ("Am Mühlbach 62 | Datum | 2022-04-28").
 */
function labelsDocumentValues(t: Table, settings: EngineSettings): boolean {
  const documentLabel = (text: string) => [...classifyLabel(text, settings).keys()].some((id) => conceptById(id)?.level === 'document');
  const firsts = t.rows.map((r) => r.cells.find((c) => c.text)?.text ?? '');
  if (firsts.length === 0) return false;
  return firsts.every(documentLabel) || Array.from({ length: columnCount(t) }, (_, c) => c).some((c) => t.rows.every((r) => documentLabel(r.cells[c]?.text ?? '')));
}

/** Clean, unique column names from header text; unnamed columns get "Column N". */
export function cleanColumnNames(raw: string[]): string[] {
  const used = new Map<string, number>();
  return raw.map((r, i) => {
    let name = r.replace(/\s+/g, ' ').replace(/[:：]$/, '').trim();
    if (!name) name = `Column ${i + 1}`;
    const key = name.toLowerCase();
    const n = (used.get(key) ?? 0) + 1;
    used.set(key, n);
    return n > 1 ? `${name} ${n}` : name;
  });
}

/** The columns of a table where quantity × unit price ≈ line total in most rows, and how many rows agree. */
interface LineColumns {
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  agreeing: number;
}

/** Rows of a table (cell texts) where the three columns (quantity, unit price, line total) agree. */
function agreeingRows(rows: string[][], [q, p, t]: readonly number[], settings: EngineSettings): number {
  return rows.filter((r) => lineAgreement(r[q] ?? '', r[p] ?? '', r[t] ?? '', settings) === true).length;
}

/**
 * The one row of a table filling three columns, where a count other than one times a price gives the amount to the
 * cent: a single item (a long invoice's last page, its heads on the page before, "2 | 5,5000 | 50 Stk | 275,00").
 * Less than two agreeing rows names no columns otherwise: a count of one or a price per hundred units agrees by chance.
 * The count and the price multiply either way round: the price is the one printed with as many decimals at least.
 */
function loneItemAgrees(row: string[], [q, p, t]: readonly number[], settings: EngineSettings): boolean {
  const [count, price, amount] = [q, p, t].map((k) => amountValue(k === q ? row[k].replace(/[^\d.,'\s()-]/g, '') : row[k]));
  const decimals = (text: string) => /[.,](\d+)\D*$/.exec(text)?.[1].length ?? 0;
  const priced = decimals(row[p]) >= decimals(row[q]);
  return count !== null && price !== null && amount !== null && count !== 1 && amount !== 0 && priced && agrees(count * price, amount, settings);
}

/**
 * The three columns of a table where quantity × unit price ≈ line total in
 * most rows (settings.columns.arithmeticRows of those filling all three,
 * minAgreeingRows at least), the first found of the most agreeing; null when
 * none agree.
 */
function lineColumnsOf(table: Table, settings: EngineSettings): LineColumns | null {
  const { arithmeticRows, minAgreeingRows } = settings.columns;
  const rows = table.rows.map((r) => r.cells.map((c) => c.text));
  const columns = columnCount(table);
  if (rows.length < minAgreeingRows || columns < LINE_CONCEPTS.length) return null;
  let best: LineColumns | null = null;
  for (let a = 0; a < columns; a++) {
    for (let b = 0; b < columns; b++) {
      for (let c = 0; c < columns; c++) {
        if (a === b || b === c || a === c) continue;
        // Rows filling the three columns are the items; payment and total lines under a receipt's items fill one.
        const filled = rows.filter((r) => r[a] && r[b] && r[c]);
        const agreeing = agreeingRows(rows, [a, b, c], settings);
        const lone = filled.length === 1 && loneItemAgrees(filled[0], [a, b, c], settings);
        if ((!lone && agreeing < Math.max(minAgreeingRows, filled.length * arithmeticRows)) || (best && agreeing <= best.agreeing)) continue;
        best = { quantity: a, unitPrice: b, lineTotal: c, agreeing };
      }
    }
  }
  return best;
}


/** The request's quantity, unit price and line total fields (indexes; -1 where not asked). */
function lineFieldsOf(fields: FieldRequest[]): number[] {
  return LINE_CONCEPTS.map((ids) => fields.findIndex((f) => ids.includes(f.concept?.id ?? '')));
}

/**
 * A table without heads naming the fields (the later pages of a long invoice,
 * the header not repeated) whose columns arithmetic names: the three columns
 * where quantity × unit price ≈ line total in most rows, and the description
 * as the column of words among the others. Null when no table agrees.
 */
export function chooseTableByArithmetic(tables: Table[], fields: FieldRequest[], settings: EngineSettings): TableChoice | null {
  const [q, p, t] = lineFieldsOf(fields);
  const d = fields.findIndex((f) => f.concept?.id === 'description');
  if (q < 0 || p < 0 || t < 0) return null;
  let best: TableChoice | null = null;
  for (const table of tables) {
    const found = lineColumnsOf(table, settings);
    if (!found || (best && found.agreeing <= best.score)) continue;
    const rows = table.rows.map((r) => r.cells.map((c) => c.text));
    const columnOf = fields.map(() => -1);
    columnOf[q] = found.quantity;
    columnOf[p] = found.unitPrice;
    columnOf[t] = found.lineTotal;
    if (d >= 0) {
      const worded = (k: number) => rows.filter((r) => /\p{L}{3}/u.test(r[k])).length;
      const text = Array.from({ length: columnCount(table) }, (_, k) => k).filter((k) => !columnOf.includes(k) && worded(k) >= rows.length * settings.columns.describedShare);
      if (text.length) columnOf[d] = text.reduce((x, y) => (worded(y) > worded(x) ? y : x));
    }
    best = { table, depth: 0, names: headerNames(table, 0, settings), columnOf, score: found.agreeing, byArithmetic: true };
  }
  return best;
}

/**
 * A choice by heads checked by the items' arithmetic: where a head the scan
 * misread leaves the line total without a column, or heads give the unit
 * price and line total each other's column ("preis" read for
 * "Gesamtpreis"), the three columns where quantity × unit price ≈ line total
 * in more rows than the heads' choice take those three fields. Heads that
 * name three columns of their own keep them (a discount may stand between
 * the price and the total the heads name).
 */
export function withLineArithmetic(choice: TableChoice, fields: FieldRequest[], settings: EngineSettings): TableChoice {
  const parts = lineFieldsOf(fields);
  if (choice.byArithmetic || parts.some((f) => f < 0)) return choice;
  const found = lineColumnsOf(choice.table, settings);
  if (!found) return choice;
  const now = parts.map((f) => choice.columnOf[f]);
  const rows = choice.table.rows.map((r) => r.cells.map((c) => c.text));
  const agreeingNow = now.some((c) => c < 0) ? 0 : agreeingRows(rows, now, settings);
  const want = [found.quantity, found.unitPrice, found.lineTotal];
  // Heads set left over right-aligned figures sit nearer the column before theirs: a head over a column of no values
  // names none, and the heads over the others are one column off.
  const blank = (c: number) => rows.every((r) => !(r[c] ?? '').trim());
  const sameColumns = now.every((c) => want.includes(c) || blank(c));
  if (found.agreeing <= agreeingNow || !(now.some((c) => c < 0) || sameColumns)) return choice;
  const columnOf = choice.columnOf.map((c, f) => (parts.includes(f) ? want[parts.indexOf(f)] : want.includes(c) ? -1 : c));
  const moved = parts.filter((f, k) => now[k] !== want[k]);
  return { ...choice, columnOf, namedByArithmetic: moved };
}

/** The concepts of a line's amount a quantity (hours) × price (rate) gives: a payslip's earnings are one. */
const LINE_AMOUNTS = ['line_total', 'earning'];

/**
 * One of an item's three figures no head names (a payslip's "Stawka", the tax
 * rate's label in the lexicon, over the hourly rates; a count under "Hrs" or
 * "Anz." on an invoice of one item, too few rows for the shapes of the values
 * to go by) takes the one free column where quantity (hours) × unit price
 * (rate) ≈ the line's amount in every row filling the three, one row at
 * least: a head in an item table over that product is the figure, whatever
 * word it is.
 */
export function withPriceByArithmetic(choice: TableChoice, fields: FieldRequest[], settings: EngineSettings): TableChoice {
  const [q, p] = lineFieldsOf(fields);
  const t = fields.findIndex((f) => LINE_AMOUNTS.includes(f.concept?.id ?? ''));
  const parts = [q, p, t];
  if (choice.byArithmetic || parts.some((f) => f < 0)) return choice;
  const open = parts.filter((f) => choice.columnOf[f] < 0);
  if (open.length !== 1) return choice;
  const [missing] = open;
  const rows = choice.table.rows.map((r) => r.cells.map((c) => c.text));
  const free = Array.from({ length: columnCount(choice.table) }, (_, c) => c).filter((c) => !choice.columnOf.includes(c));
  const fits = free.filter((c) => {
    const columns = parts.map((f) => (f === missing ? c : choice.columnOf[f]));
    const filled = rows.filter((r) => columns.every((k) => r[k])).length;
    return filled > 0 && agreeingRows(rows, columns, settings) === filled;
  });
  const [only, more] = fits;
  if (only === undefined || more !== undefined) return choice;
  const columnOf = choice.columnOf.map((c, f) => (f === missing ? only : c));
  return { ...choice, columnOf, namedByArithmetic: [...(choice.namedByArithmetic ?? []), missing] };
}

/**
 * A head set at its column's left edge over figures set right can sit over a
 * column of its own that holds no value (a payslip's "Kwota" over nothing, its
 * amounts under "Kwota Narastająco" beside it): a field whose column is blank
 * in every row takes the column beside it (after it first) where that one holds
 * values of the field's kind, no other field took it, and its head names the
 * field too or it has none (a scan's "E-Preis" set left of the prices, which
 * stand as a column without a head). Arithmetic does this where three columns agree
 * (`withLineArithmetic`); a payslip with one hourly row has no such rows.
 */
export function offBlankColumns(choice: TableChoice, fields: FieldRequest[], settings: EngineSettings): TableChoice {
  if (choice.byArithmetic || choice.byKinds) return choice;
  const rows = choice.table.rows.map((r) => r.cells.map((c) => c.text.trim()));
  // Blank but for words of a totals line the table took in as its last row ("Zwischensumme" under a unit price's head).
  const blank = (c: number) => {
    const filled = rows.map((r) => r[c]).filter((t) => t);
    if (filled.length === 0) return true;
    const last = rows[rows.length - 1][c];
    return rows.length > settings.columns.kinds.minRows && filled.length === 1 && !!last && !looksLikeNumber(last) && !looksLikeDate(last);
  };
  const columns = columnCount(choice.table);
  const kinds = new Map<string, CellKind>();
  const columnOf = [...choice.columnOf];
  const moved: number[] = [];
  fields.forEach((f, k) => {
    const c = columnOf[k];
    if (c < 0 || !blank(c) || (choice.stacked ?? []).some((p) => p.upper === k || p.lower === k)) return;
    const beside = [c + 1, c - 1].find(
      (n) => n >= 0 && n < columns && !blank(n) && !columnOf.includes(n) && evidence(f.kind, columnProfile(choice.table, n, kinds), settings) >= 0 && (!choice.names[n] || headerScore(f, choice.names[n], settings, true) > 0),
    );
    if (beside === undefined) return;
    columnOf[k] = beside;
    moved.push(k);
  });
  return moved.length ? { ...choice, columnOf } : choice;
}
