/**
 * Which reading a page keeps where the memory's and the general rules'
 * differ (docs/decisions.md, "Corrections, reprocessing, layout memory":
 * memory never makes a page worse where it does not apply). The memory's
 * reading goes through the checks the general rules' answer passed: the
 * field's kind (a date field takes a date), the document's totals (subtotal
 * + tax = total) and the rows' arithmetic (quantity × unit price = line
 * total, each running balance from the one above, Σ line totals = a total
 * the page prints). A reading the arithmetic confirms is kept over one it
 * does not; where nothing tells them apart the memory reads the fields
 * (what a person taught) and the general rules keep a table unless the
 * memory's rows say more.
 */
import { classifyLabel, conceptById, resolveConcept, type Concept } from '../concepts/index.js';
import { agrees, amountValue, lineAgreement, runningBalanceChecks, TOTAL_PARTS, type TotalPart } from '../layout/values/arithmetic.js';
import { checkTotals } from '../layout/values/misread-amounts.js';
import { fitValue } from '../layout/values/value-kinds.js';
import type { EngineSettings } from '../settings.js';
import type { Box, ExtractedCell, Word } from '../types.js';
import { cellText, isImageRegion } from '../types.js';
import { middleInside } from '../layout/lines/geometry.js';
import { textOf as wordsText } from '../layout/lines/word-text.js';
import { withoutTaxClass } from '../layout/rows/tax-classes.js';

type Row = Record<string, ExtractedCell>;

/**
 * What a requested name means: its concept by name ("unit_price") or as a
 * label in any language ("Menge", "Prezzo unitario"), of the level asked
 * where it means two ("Betrag": a line's amount, or the total).
 */
export function conceptOf(name: string, level: 'document' | 'line', settings: EngineSettings): Concept | null {
  const read = [resolveConcept(name), ...[...classifyLabel(name, settings).keys()].map((id) => conceptById(id))].filter((c): c is Concept => !!c);
  return read.find((c) => c.level === level) ?? read[0] ?? null;
}

/** Whether a name means a line's value ("Qtà", "unit_price"). */
export const isLineConcept = (name: string, settings: EngineSettings): boolean => conceptOf(name, 'line', settings)?.level === 'line';

/** Whether a line's value of this name is a number (an amount, a count, a rate): printed flush right in its column. */
export const isNumberConcept = (name: string, settings: EngineSettings): boolean => ['money', 'number', 'percent'].includes(conceptOf(name, 'line', settings)?.kind ?? '');

/** Whether a request asks for line items: settings.memory.rowNames of its names or more are line concepts. */
export const asksLineItems = (names: string[], settings: EngineSettings): boolean => names.filter((n) => isLineConcept(n, settings)).length >= settings.memory.rowNames;

/**
 * The words of a memory's reading that are a value of the field's kind, as the general rules take them; null when none
 * are. `level` 'line': a column's value, of the name's line concept; a name that means a document value only (`IVA`,
 * the tax amount) says nothing of what its column holds (a rate on every row): its words are taken as they are.
 */
export function fittedWords(name: string, words: Word[], settings: EngineSettings, level: 'document' | 'line' = 'document'): Word[] | null {
  const concept = conceptOf(name, level, settings);
  const kind = concept?.level === level ? concept.kind : level === 'document' ? concept?.kind : undefined;
  // A line's amount without the tax class a till prints after it ("1.38 1"), as the general rules read it.
  return kind ? fitValue(kind, kind === 'money' && level === 'line' ? withoutTaxClass(words) : words, settings) : words;
}


/** The page's words inside a cell's box: what the general rules read the value from. */
function wordsIn(words: Word[], box: Box | null): Word[] {
  return box ? words.filter((w) => middleInside(w, box)) : [];
}

/** The requested fields (by index) that are the document's totals' parts (subtotal, tax, …, total), the first of each. */
export function totalParts(names: string[], settings: EngineSettings): Map<TotalPart, number> {
  const parts = new Map<TotalPart, number>();
  names.forEach((n, i) => {
    const id = conceptOf(n, 'document', settings)?.id;
    if (id && (TOTAL_PARTS as readonly string[]).includes(id) && !parts.has(id as TotalPart)) parts.set(id as TotalPart, i);
  });
  return parts;
}

/** The page's words of the general answer's value of a requested field (by index). */
export const generalWordsOf = (general: Row, names: string[], pageWords: Word[]) => (i: number): Word[] => {
  const c = general[names[i]];
  return c && !isImageRegion(c) ? wordsIn(pageWords, c.box) : [];
};

/**
 * The requested fields (by index) whose memory reading is to be dropped for
 * the general one: the document's totals, when the general rules' add up
 * (subtotal + tax − discount + shipping = total) and the memory's do not.
 */
export function totalsKeptGeneral(names: string[], general: Row, memory: Map<number, { words: Word[] }>, pageWords: Word[], settings: EngineSettings): number[] {
  const parts = totalParts(names, settings);
  const differs = [...parts.values()].filter((i) => memory.has(i) && wordsText(memory.get(i)!.words) !== cellText(general[names[i]]));
  if (differs.length === 0) return [];
  const generalWords = generalWordsOf(general, names, pageWords);
  const asGeneral = checkTotals(Object.fromEntries([...parts].map(([p, i]) => [p, generalWords(i)])), settings);
  const asMemory = checkTotals(Object.fromEntries([...parts].map(([p, i]) => [p, memory.get(i)?.words ?? generalWords(i)])), settings);
  return asGeneral.total_amount.agreement === true && asMemory.total_amount.agreement !== true ? differs : [];
}

/**
 * How far some rows are confirmed: rows whose arithmetic holds less rows whose arithmetic fails; and whether Σ line
 * totals is a printed total (null where no total is known), with the rows that add to it.
 */
function confirmation(names: string[], rows: Row[], printedTotals: number[], settings: EngineSettings): { rows: number; sum: boolean | null; summed: number } {
  const by = (id: string) => names.find((n) => conceptOf(n, 'line', settings)?.id === id);
  const [q, p, t] = [by('quantity'), by('unit_price'), by('line_total')];
  const [debit, credit, balance] = [by('debit'), by('credit'), by('balance')];
  let score = 0;
  const count = (a: boolean | null) => (a === true ? 1 : a === false ? -1 : 0);
  if (q && p && t) for (const r of rows) score += count(lineAgreement(cellText(r[q]), cellText(r[p]), cellText(r[t]), settings));
  if (balance && (debit || credit)) {
    const checks = runningBalanceChecks(rows.map((r) => ({ debit: debit ? cellText(r[debit]) : '', credit: credit ? cellText(r[credit]) : '', balance: cellText(r[balance]) })), settings);
    for (const a of checks) score += count(a);
  }
  if (!t || !printedTotals.length) return { rows: score, sum: null, summed: 0 };
  const totals = rows.map((r) => amountValue(cellText(r[t]))).filter((v): v is number => v !== null);
  const sum = totals.reduce((s, v) => s + v, 0);
  return { rows: score, sum: printedTotals.some((v) => agrees(sum, v, settings)), summed: totals.length };
}

/**
 * Cells that hold a value of their field's kind, read off the page's words under the cell: a scan's `iI:` in the
 * position column fills no cell, as the memory's reading of it would not.
 */
function filled(rows: Row[], pageWords: Word[], settings: EngineSettings): number {
  const fits = (name: string, c: ExtractedCell) => {
    if (cellText(c).trim() === '') return false;
    const words = isImageRegion(c) ? [] : wordsIn(pageWords, c.box);
    return words.length === 0 || fittedWords(name, words, settings, 'line') !== null;
  };
  return rows.reduce((n, r) => n + Object.entries(r).filter(([name, c]) => fits(name, c)).length, 0);
}

/**
 * Whether the memory's rows replace the general rules': they must be better
 * confirmed by the arithmetic, or as well confirmed and fill as many cells
 * (what a person taught the columns to hold) as the general rows that are
 * items as the learned rows were (`isItem`); the cells of other general rows
 * count for nothing.
 */
export function memoryRowsWin(names: string[], memory: Row[], general: Row[], printedTotals: number[], isItem: (r: Row) => boolean, pageWords: Word[], settings: EngineSettings): boolean {
  const mc = confirmation(names, memory, printedTotals, settings);
  const gc = confirmation(names, general, printedTotals, settings);
  // The sum stands for every row that adds to it: it counts as much as all of them, and no more for a row without a
  // line total (a scan's wrapped description read as a row of its own). Where neither reading's sum is a printed total
  // (a till's void line taken off the total), it tells them apart by nothing: fewer rows would fail it by less.
  const bySum = mc.sum === true || gc.sum === true;
  const of = (c: typeof mc) => c.rows + (bySum && c.sum !== null ? (c.sum ? 1 : -1) * c.summed : 0);
  const [m, g] = [of(mc), of(gc)];
  return m > g || (m === g && filled(memory, pageWords, settings) >= filled(general.filter(isItem), pageWords, settings));
}

