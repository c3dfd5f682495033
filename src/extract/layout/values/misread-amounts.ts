/**
 * Amounts and quantities a scan may have misread, and the readings the
 * arithmetic of a row or of a document's totals chooses between
 * (docs/engine.md, "Misread amounts").
 * A value is read as printed when it is a well-formed number; a stray or
 * doubled mark (`7..58`, `5:99`, `7-58`, `1:`) and, on a word the
 * recognizer was unsure of, one digit taken for its look-alike (`3.99` for
 * 5.99) or a lost decimal mark (`758`) give other readings. A reading other
 * than the printed one is only ever taken when quantity × unit price = line
 * total (or subtotal + tax = total, or a list's amounts summing to its
 * subtotal) holds for it and for no other reading as cheap: exactly one
 * reading explains the row (the totals, the list).
 */
import { parseNumber } from '../../format/index.js';
import type { Word } from '../../types.js';
import type { EngineSettings } from '../../settings.js';
import { CENT_DECIMALS, PRICE_UNITS, toHundredths } from '../../units.js';
import { agrees, lineHolds, TOTAL_PARTS, type TotalPart } from './arithmetic.js';
import { isUnsureReading } from './reading-certainty.js';
import { textOf } from '../lines/word-text.js';

export interface Reading {
  /** The value as the page would print it, with the currency marks read around it. */
  text: string;
  value: number;
  /** How far from what was read: 0 as read, more for a stray mark or a digit or decimal mark the scan lost (settings.values.readings). */
  cost: number;
}

/** Digits a recognizer takes for one another on receipts' and scans' print (each pair both ways). */
const LOOK_ALIKES: Record<string, string> = {
  '0': '689', '1': '47', '2': '7', '3': '589', '4': '1', '5': '368', '6': '058', '7': '12', '8': '03569', '9': '038',
};

/** Marks around an amount that belong to it: currency, sign, brackets. */
const AFFIX = /^(?:[A-Z]{2,3}\$?|[$€£¥]|[-(+]|\s)*$/;

/** A number as printed: groups of three (`1.234,56`, `1 234.56`, `1'234.56`) or plain digits, with decimals. */
const WELL_FORMED = /^\d{1,3}(?:([.,' ])\d{3})(?:\1\d{3})*(?:[.,]\d+)?$|^\d+(?:[.,]\d+)?$/;

function parsed(body: string): number | null {
  const n = parseNumber(body) ?? parseNumber(body, true);
  return n && !n.percent ? n.value : null;
}

/** The parts of a value's text: what leads its digits, its digits with the marks among them, what follows. */
function partsOf(text: string): { lead: string; body: string; tail: string } | null {
  const parts = /^(?<lead>\D*?)(?<body>\d(?:.*\d)?)(?<tail>\D*)$/s.exec(text.trim())?.groups;
  return parts ? { lead: parts.lead, body: parts.body, tail: parts.tail } : null;
}

/** A trailing sign, bracket, currency or tax class letter ("3,50-", "(12.00)", "9,88 A", "12,00 EUR"). */
const TAIL = /^(?:\s*(?:[-)]|[A-Z]{1,3}|[$€£¥]))*\s*$/;

/** Whether a value's text is a well-formed amount or count, currency marks and sign aside. */
export function isWellFormed(text: string): boolean {
  const p = partsOf(text);
  return !!p && AFFIX.test(p.lead) && TAIL.test(p.tail) && WELL_FORMED.test(p.body);
}

/** The readings of a value's text, as read first; `unsure` when the recognizer doubted one of its words. */
export function readingsOf(text: string, unsure: boolean, settings: EngineSettings, mark: '.' | ',' = '.'): Reading[] {
  const { strayMarkCost, lookAlikeCost } = settings.values.readings;
  const p = partsOf(text);
  if (!p) return [];
  const out: Reading[] = [];
  const add = (lead: string, body: string, tail: string, cost: number) => {
    const read = WELL_FORMED.test(body) ? parsed(body) : null;
    const value = read !== null && (/-|\(/.test(lead) || /^\s*-/.test(tail)) ? -Math.abs(read) : read;
    if (value === null || out.some((r) => r.value === value)) return;
    out.push({ text: `${lead}${body}${tail}`.trim(), value, cost });
  };
  if (AFFIX.test(p.lead) && TAIL.test(p.tail)) add(p.lead, p.body, p.tail, 0);
  // Marks out of place: before or after the digits (`1:`), doubled (`7..58`), or no decimal mark before the cents (`5:99`, `7-58`).
  const lead = p.lead.replace(/[^A-Z$€£¥(\-\s]/g, '');
  const tail = p.tail.replace(/[^A-Z$€£¥)\-\s]/g, '');
  const body = p.body.replace(/[.,:;_~-]{2,}(?=\d{1,2}$)|[:;_~-](?=\d{1,2}$)/, mark).replace(/([.,])[.,:;]+(?=\d)/g, '$1');
  add(lead, body, tail, strayMarkCost);
  if (!unsure || out.length === 0) return out;
  // On a word the recognizer doubted: one digit taken for its look-alike, or the decimal mark lost before the cents (`758`).
  const base = partsOf(out[0].text) ?? p;
  const cost = out[0].cost + lookAlikeCost;
  [...base.body].forEach((ch, i) => {
    for (const alt of LOOK_ALIKES[ch] ?? '') add(base.lead, base.body.slice(0, i) + alt + base.body.slice(i + 1), base.tail, cost);
  });
  if (/^\d{3,}$/.test(base.body)) add(base.lead, `${base.body.slice(0, -CENT_DECIMALS)}${mark}${base.body.slice(-CENT_DECIMALS)}`, base.tail, cost);
  return out;
}

/** Which decimal mark most of a page's well-formed amounts end with: `,` or `.`. */
export function decimalMarkOf(texts: string[]): '.' | ',' {
  let comma = 0;
  let dot = 0;
  for (const t of texts) {
    const m = /([.,])\d{2}\D*$/.exec(t);
    if (!m || !isWellFormed(t)) continue;
    if (m[1] === ',') comma++;
    else dot++;
  }
  return comma > dot ? ',' : '.';
}

/** A relation between values read: quantity × unit price = line total, or the totals adding up. */
type Relation = (values: number[], exact: boolean, settings: EngineSettings) => boolean;

/** What arithmetic says of some values. */
type Verdict =
  /** The relation holds as read. */
  | { kind: 'agrees' }
  /** It holds for exactly one cheapest reading other than what was read: the values to return. */
  | { kind: 'repaired'; readings: Reading[] }
  /** It holds for no reading, or for several equally cheap ones: nothing can be told apart. */
  | { kind: 'disagrees' }
  /** A part is missing or reads as no number. */
  | { kind: 'unknown' };

/**
 * Two amounts the same: within a rounding as read (agrees), to the cent for a
 * reading other than the printed one, as the digits a scan may have swapped
 * lie closer together than that rounding on a large sum (100.88 and 100.90).
 */
const same = (a: number, b: number, exact: boolean, settings: EngineSettings) => (exact ? toHundredths(a) === toHundredths(b) : agrees(a, b, settings));

/** quantity × unit price = line total (lineHolds; to the cent for a reading not printed), a quantity of 0 never. */
function itemHolds([q, p, t]: number[], exact: boolean, settings: EngineSettings): boolean {
  if (q === 0) return false;
  return exact ? same(Math.abs(q * p), Math.abs(t), true, settings) || same(Math.abs((q * p) / PRICE_UNITS), Math.abs(t), true, settings) : lineHolds(q, p, t, settings);
}

/** subtotal + tax − discount + shipping (+ rounding) = total, a part not printed counting as 0. */
const totalsHold = (rounding: number): Relation => ([subtotal, tax, discount, shipping, total], exact, settings) =>
  subtotal !== 0 && same(subtotal + tax - Math.abs(discount) + shipping + rounding, total, exact, settings);

/**
 * The readings of some values (readingsOf) that make a relation between them
 * hold (quantity × unit price = line total, subtotal + tax = total):
 * agreement when the values as read hold, the repaired values when exactly
 * one combination is the cheapest that does, else disagreement.
 */
function explainedBy(parts: Reading[][], holds: Relation, settings: EngineSettings): Verdict {
  if (parts.some((r) => r.length === 0)) return { kind: 'unknown' };
  let best: Reading[][] = [];
  let bestCost = Infinity;
  const walk = (chosen: Reading[], cost: number): void => {
    if (cost > bestCost) return;
    if (chosen.length < parts.length) {
      for (const r of parts[chosen.length]) walk([...chosen, r], cost + r.cost);
      return;
    }
    if (!holds(chosen.map((r) => r.value), cost > 0, settings)) return;
    if (cost < bestCost) [best, bestCost] = [[], cost];
    best.push(chosen);
  };
  walk([], 0);
  if (best.length === 0) return { kind: 'disagrees' };
  if (bestCost === 0) return { kind: 'agrees' };
  // Two cheapest explanations (the price or the total misread) leave the values as read.
  const distinct = new Set(best.map((rs) => rs.map((r) => r.value).join('|')));
  return distinct.size === 1 ? { kind: 'repaired', readings: best[0] } : { kind: 'disagrees' };
}

/** What a row's arithmetic says of one of its values: agreement (null when it cannot tell), and the repaired text if any. */
export interface PartCheck {
  agreement: boolean | null;
  repaired: string | null;
}

/** Readings of a value's words; a part not printed (no words) reads as 0 where the relation allows it. */
function partReadings(words: Word[], mark: '.' | ',', absentIsZero: boolean, settings: EngineSettings): Reading[] {
  if (words.length === 0) return absentIsZero ? [{ text: '', value: 0, cost: 0 }] : [];
  return readingsOf(textOf(words), isUnsureReading(words, settings), settings, mark);
}

/**
 * Values' words checked by a relation between them: each value's agreement,
 * and the text of a value repaired because exactly one cheapest reading
 * makes the relation hold (the others then say nothing: they agree only with
 * a guess).
 */
function checkRelation(parts: Word[][], holds: Relation, absentIsZero: boolean, settings: EngineSettings): PartCheck[] {
  const mark = decimalMarkOf(parts.filter((ws) => ws.length).map(textOf));
  const verdict = explainedBy(parts.map((ws) => partReadings(ws, mark, absentIsZero, settings)), holds, settings);
  if (verdict.kind === 'repaired') return verdict.readings.map((r) => ({ agreement: null, repaired: r.cost > 0 ? r.text : null }));
  const agreement = verdict.kind === 'agrees' ? true : verdict.kind === 'disagrees' ? false : null;
  return parts.map(() => ({ agreement, repaired: null }));
}

/** A row's quantity, unit price and line total words checked against each other (quantity × unit price = line total). */
export function checkLine(quantity: Word[], unitPrice: Word[], lineTotal: Word[], settings: EngineSettings): PartCheck[] {
  return checkRelation([quantity, unitPrice, lineTotal], itemHolds, false, settings);
}

/**
 * A document's subtotal, tax, discount, shipping and total words (those not
 * printed left out) checked by subtotal + tax − discount + shipping (+ the
 * rounding of a cash payment) = total; the subtotal and the total must be
 * there for it to say anything.
 */
export function checkTotals(parts: Partial<Record<TotalPart, Word[]>>, settings: EngineSettings, rounding = 0): Record<TotalPart, PartCheck> {
  const words = TOTAL_PARTS.map((id) => parts[id] ?? []);
  const checks = parts.subtotal?.length && parts.total_amount?.length ? checkRelation(words, totalsHold(rounding), true, settings) : words.map(() => ({ agreement: null, repaired: null }));
  return Object.fromEntries(TOTAL_PARTS.map((id, k) => [id, checks[k]])) as Record<TotalPart, PartCheck>;
}

/** The amounts before the last sum to it (a list's amounts and its subtotal). */
const sumHolds: Relation = (values, exact, settings) => same(values.slice(0, -1).reduce((a, b) => a + b, 0), values[values.length - 1], exact, settings);

/**
 * A list's amounts checked by their sum against the sums printed under them
 * (a receipt's subtotal, then its total): where an amount carries a stray
 * mark (`5:99`, `7-58`) and exactly one cheapest reading of the marks makes
 * the list add up to a sum, that reading's text by index (null for amounts
 * kept as read). Only marks are set right here, never a digit of a doubted
 * word: an item the list missed can make a sum fail by what one look-alike
 * digit happens to explain. A sum the amounts add up to as read, or a sum
 * itself misread, repairs nothing.
 */
export function checkListSum(amounts: string[], sums: string[], settings: EngineSettings): Array<string | null> {
  const mark = decimalMarkOf([...amounts, ...sums]);
  const parts = amounts.map((t) => readingsOf(t, false, settings, mark).slice(0, isWellFormed(t) ? 1 : undefined));
  for (const sum of sums.filter(isWellFormed)) {
    const verdict = explainedBy([...parts, readingsOf(sum, false, settings, mark).slice(0, 1)], sumHolds, settings);
    if (verdict.kind === 'agrees') break;
    if (verdict.kind === 'repaired') return verdict.readings.slice(0, -1).map((r) => (r.cost > 0 ? r.text : null));
  }
  return amounts.map(() => null);
}
