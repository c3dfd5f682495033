/**
 * Arithmetic a business document obeys, used to confirm and choose what was
 * read: quantity × unit price ≈ line total, Σ line totals ≈ subtotal,
 * subtotal + tax (− discount + shipping) ≈ total, opening balance + credits −
 * debits ≈ closing balance, and on a statement each row's running balance is
 * the one above plus its credit minus its debit. A row whose amount is the sum of the items above
 * it (a subtotal, a carried-forward line) is a summary, not an item
 * (docs/engine.md, "Totals and arithmetic").
 */
import { classifyLabel, conceptById } from '../../concepts/index.js';
import { detectCurrency, parseNumber } from '../../format/index.js';
import { CHANGE_GIVEN, PAYMENT_MEANS } from '../../lexicon.js';
import type { EngineSettings } from '../../settings.js';
import { PRICE_UNITS } from '../../units.js';

/** Text without its ISO currency codes ("EUR"); "IVA", "BTW" and "TVA" stay, they label the tax. */
function withoutCurrencyCodes(text: string): string {
  return text.replace(/\b[A-Z]{3}\b/g, (w) => (detectCurrency(w) === w ? ' ' : w));
}

/** The value of a printed amount ("1.234,56 €", "(12.00)", "3 509,53-"), either convention, or null. */
export function amountValue(text: string): number | null {
  const t = text.trim();
  if (!/\d/.test(t) || /\d\s*%/.test(t)) return null;
  const negative = /^\(.*\)$/.test(t) || /-\s*(?:[A-Z]{3}|[$€£])?$/.test(t) || /^-|^(?:[A-Z]{3}|[$€£])\s*-/.test(t);
  const body = t.replace(/[^\d.,'\s]/g, '').trim();
  const value = parseNumber(body) ?? parseNumber(body, true);
  if (!value) return null;
  return negative ? -Math.abs(value.value) : value.value;
}

/** Two amounts agree when they differ by at most a rounding of the last printed cent (or settings.values.sumSlackShare of large sums). */
export function agrees(a: number, b: number, settings: EngineSettings): boolean {
  return Math.abs(a - b) <= Math.max(settings.values.centSlack, Math.abs(b) * settings.values.sumSlackShare);
}

/** A confidence moved by arithmetic: up when the values agree, down when they disagree, kept when it cannot tell. */
export function checkedConfidence(confidence: number, agreement: boolean | null, settings: EngineSettings): number {
  if (agreement === null) return confidence;
  return agreement ? confidence + (1 - confidence) * settings.values.agreementGain : confidence * settings.values.disagreementShare;
}

/** quantity × unit price = line total, or the price is per hundred units. */
export function lineHolds(q: number, p: number, t: number, settings: EngineSettings): boolean {
  return agrees(Math.abs(q * p), Math.abs(t), settings) || agrees(Math.abs((q * p) / PRICE_UNITS), Math.abs(t), settings);
}

/** quantity × unit price against the line total: true agrees, false disagrees, null when a part is missing. */
export function lineAgreement(quantity: string, unitPrice: string, lineTotal: string, settings: EngineSettings): boolean | null {
  const q = amountValue(quantity.replace(/[^\d.,'\s()-]/g, ''));
  const p = amountValue(unitPrice);
  const t = amountValue(lineTotal);
  if (q === null || p === null || t === null || q === 0) return null;
  // A discount column or a price per 100 may stand between; agreement is what counts, disagreement only weakly.
  return lineHolds(q, p, t, settings);
}

/**
 * A statement row against the running balance above it: previous + credit −
 * debit ≈ balance. Debits count as money out whatever their printed sign.
 * True agrees, false disagrees, null when the previous balance or the row's
 * balance is missing or the row moves no money.
 */
export function balanceAgreement(previous: number | null, debit: string, credit: string, balance: string, settings: EngineSettings): boolean | null {
  const b = amountValue(balance);
  const d = amountValue(debit);
  const c = amountValue(credit);
  if (previous === null || b === null || (d === null && c === null)) return null;
  return agrees(previous + Math.abs(c ?? 0) - Math.abs(d ?? 0), b, settings);
}

/** Opening balance + credits − debits against the closing balance of a statement. */
export function statementAgrees(opening: number, debits: number[], credits: number[], closing: number, settings: EngineSettings): boolean {
  const sum = (xs: number[]) => xs.reduce((s, x) => s + Math.abs(x), 0);
  return agrees(opening + sum(credits) - sum(debits), closing, settings);
}

/** The running-balance checks of a statement's rows: one agreement per row (the first has no balance above it). */
export function runningBalanceChecks(rows: Array<{ debit: string; credit: string; balance: string }>, settings: EngineSettings): Array<boolean | null> {
  let previous: number | null = null;
  return rows.map((r) => {
    const agreement = balanceAgreement(previous, r.debit, r.credit, r.balance, settings);
    previous = amountValue(r.balance) ?? previous;
    return agreement;
  });
}

/**
 * Whether a statement's debit and credit columns read the other way round:
 * the running balance agrees with more rows when they are swapped (a "Soll |
 * Haben" table from the bank's side, heads mapped the wrong way).
 */
export function debitCreditSwapped(rows: Array<{ debit: string; credit: string; balance: string }>, settings: EngineSettings): boolean {
  const count = (checks: Array<boolean | null>) => checks.filter((a) => a === true).length;
  const asRead = count(runningBalanceChecks(rows, settings));
  const swapped = count(runningBalanceChecks(rows.map((r) => ({ debit: r.credit, credit: r.debit, balance: r.balance })), settings));
  return swapped > asRead && swapped >= rows.length * settings.values.swappedBalanceShare;
}

/** Concepts of a summary line under a table: its label closes or interrupts the items. */
const SUMMARY_CONCEPTS = new Set(['subtotal', 'discount', 'shipping', 'packages', 'cartons', 'net_weight', 'gross_weight', 'tax_amount', 'tax_rate', 'total_amount', 'amount_due', 'amount_paid', 'opening_balance', 'closing_balance', 'gross_pay', 'deductions', 'net_pay']);

/**
 * True when a cell's words (numbers, rates and currency dropped), or their
 * first few words (settings.values.summaryLabelWords), are a label of a
 * summary concept ("MwSt. 19 %", "Saldo final", "IVA al 22%", "Totale fattura").
 */
export function isSummaryLabel(text: string, settings: EngineSettings): boolean {
  const words = withoutCurrencyCodes(text).replace(/\(?\d[\d.,]*\s*%\)?|[$€£]|[:：]/g, ' ').trim().split(/\s+/);
  if (!/\p{L}{2}/u.test(words.join(' '))) return false;
  const names = (t: string) => [...classifyLabel(t, settings).keys()].some((id) => SUMMARY_CONCEPTS.has(id) && conceptById(id)?.level === 'document');
  if (names(words.join(' '))) return true;
  for (let k = Math.min(settings.values.summaryLabelWords, words.length - 1); k >= 1; k--) if (names(words.slice(0, k).join(' '))) return true;
  return false;
}

/** A cell that is a rate alone ("21%", "(7 %)"). */
const LONE_RATE = /^\(?\d{1,2}(?:[.,]\d{1,2})?\s?%\)?$/;

/** A receipt's tax line label without the tax class it starts with, a capital or a digit ("A IVA 21%", "1 MwSt 19%"). */
const withoutTaxClass = (text: string) => text.replace(/^(?:[A-Z]|\d)\s+(?=\p{L})/u, '');

/**
 * True when a cell is a receipt's payment or change line label: how it was
 * paid, first ("VISA ***4427", "Cash", "EC-Karte"), or the change given
 * ("CHANGE", "Rückgeld").
 */
export function isPaymentLabel(text: string, settings: EngineSettings): boolean {
  const words = text.replace(/[:：]/g, ' ').trim().split(/\s+/);
  for (let k = 1; k <= settings.values.paymentLabelWords && k <= words.length; k++) {
    if (PAYMENT_MEANS.test(words.slice(0, k).join(' ')) || CHANGE_GIVEN.test(words.slice(0, k).join(' '))) return true;
  }
  return false;
}

/**
 * Which rows of a table are summaries rather than items. Only rows without
 * an entry in the first column (set under the amount columns) or with a lone
 * label and a lone amount qualify, so a statistics table's "Total" row, which
 * starts with its label and fills every column, stays a row:
 * - summary labels only ("Nettobetrag", "IVA 21%", "Saldo final") beside one
 *   amount (a statistics table's "Total" row fills several columns);
 * - no words, and an amount that is the sum of its column over the items
 *   above (a subtotal), or the sum of its own other amounts (net, tax and
 *   total side by side);
 * - one label and one amount that is the sum of its column above (a
 *   carried-forward line: "Übertrag 1.234,50");
 * - one label and one amount where the label is a payment or change line
 *   ("VISA ***4427", "CHANGE"), or, below a summary, a summary label
 *   ("TAX", "TOTAL"): a receipt's closing block set like its items.
 */
export function summaryRows(rows: string[][], settings: EngineSettings): Set<number> {
  const { columnSumItems, ownSumAmounts, loneItemSumAmounts } = settings.values;
  const summaryLabel = (text: string) => isSummaryLabel(text, settings);
  const out = new Set<number>();
  const columns = Math.max(0, ...rows.map((r) => r.length));
  const sums = new Array<number>(columns).fill(0);
  const counts = new Array<number>(columns).fill(0);
  const seen = new Map<string, number>();
  for (const cells of rows) for (const c of new Set(cells)) seen.set(c, (seen.get(c) ?? 0) + 1);
  let closed = false;
  rows.forEach((cells, i) => {
    const worded = cells.filter((c) => /\p{L}{2}/u.test(withoutCurrencyCodes(c)));
    const filled = cells.filter((c) => c.trim()).length;
    const firstEmpty = !cells[0]?.trim();
    // Money is printed with cents; a statistics table's unlabelled total of counts is a row of its own.
    const isColumnSum = (c: string, k: number) => {
      const v = /[.,]\d{2}\b/.test(c) ? amountValue(c) : null;
      return v !== null && counts[k] >= columnSumItems && agrees(v, sums[k], settings);
    };
    let summary = false;
    // A label the other rows repeat ("Total" closing every group) makes a row, not the table's summary.
    const repeated = worded.some((w) => (seen.get(w) ?? 0) > 1);
    if (firstEmpty && worded.length > 0 && !repeated && filled - worded.length <= 1 && worded.every(summaryLabel)) summary = true;
    else if (firstEmpty && worded.length === 0) {
      const amounts = cells.flatMap((c) => c.split(/(?<=[.,]\d{2}(?:\s(?:€|[A-Z]{3}))?)\s+/).map(amountValue)).filter((v): v is number => v !== null);
      const ownSum = amounts.length >= ownSumAmounts && amounts.some((v, k) => agrees(v, amounts.reduce((s, x, j) => (j === k ? s : s + x), 0), settings));
      // The table's last row repeating a lone item's amounts column by column is its sum, not a second item.
      const isLast = i === rows.length - 1 && i > 0;
      const repeatsItem = isLast && cells.filter((c, k) => c.trim() && counts[k] > 0 && amountValue(c) !== null && agrees(amountValue(c)!, sums[k], settings)).length >= loneItemSumAmounts;
      summary = ownSum || cells.some(isColumnSum) || repeatsItem;
    } else if (worded.length === 1 && filled === worded.length + 1 && (isPaymentLabel(worded[0], settings) || (closed && summaryLabel(withoutTaxClass(worded[0]))))) summary = true;
    // A tax line's rate set in a cell of its own ("T BTW | 21% | 15,32"), below a summary: the label, the rate, the amount.
    else if (closed && worded.length === 1 && cells.some((c) => LONE_RATE.test(c)) && filled === worded.length + cells.filter((c) => LONE_RATE.test(c)).length + 1 && summaryLabel(withoutTaxClass(worded[0]))) summary = true;
    else if (worded.length === 1 && filled === worded.length + 1 && !/\d/.test(worded[0])) summary = cells.some((c, k) => c !== worded[0] && isColumnSum(c, k));
    if (summary) {
      closed = true;
      out.add(i);
      return;
    }
    cells.forEach((c, k) => {
      const v = amountValue(c);
      if (v !== null) {
        sums[k] += v;
        counts[k]++;
      }
    });
  });
  return out;
}

/** The parts of a document's totals that must add up: subtotal + tax − discount + shipping ≈ total. */
export const TOTAL_PARTS = ['subtotal', 'tax_amount', 'discount', 'shipping', 'total_amount'] as const;
export type TotalPart = (typeof TOTAL_PARTS)[number];

/** Money values read for the totals of a document, each with its candidates best first. */
export type TotalsCandidates = Partial<Record<TotalPart, number[]>>;

/**
 * The candidates of the totals that add up: subtotal + tax − discount +
 * shipping (+ a cash payment's rounding) ≈ total, trying the few best
 * candidates of each; null when no combination of the candidates adds up.
 * The chosen index per concept.
 */
export function reconcileTotals(c: TotalsCandidates, settings: EngineSettings, rounding = 0): Partial<Record<keyof TotalsCandidates, number>> | null {
  const opts = (k: keyof TotalsCandidates) => (c[k]?.length ? c[k]!.slice(0, settings.values.totalsCandidates).map((v, i) => ({ v, i })) : [{ v: 0, i: -1 }]);
  if (!c.total_amount?.length || !c.subtotal?.length) return null;
  let best: { cost: number; pick: Partial<Record<keyof TotalsCandidates, number>> } | null = null;
  for (const s of opts('subtotal')) {
    for (const t of opts('tax_amount')) {
      for (const d of opts('discount')) {
        for (const h of opts('shipping')) {
          for (const T of opts('total_amount')) {
            if (!agrees(s.v + t.v - Math.abs(d.v) + h.v + rounding, T.v, settings) || s.v === 0) continue;
            // Earlier candidates are better read; an unused part costs nothing.
            const cost = [s, t, d, h, T].reduce((sum, x) => sum + Math.max(0, x.i), 0);
            if (!best || cost < best.cost) best = { cost, pick: { subtotal: s.i, tax_amount: t.i, discount: d.i, shipping: h.i, total_amount: T.i } };
          }
        }
      }
    }
  }
  return best?.pick ?? null;
}
