/**
 * A receipt's payment lines: how it was paid with the amount tendered ("Karte
 * 12,00", "CASH RM 50.00") and the change given back ("CHANGE RM 18.20").
 * What was tendered less the change is what the receipt came to, a reading
 * of its total that does not depend on the total's own line (a scan may
 * have damaged it).
 */
import { classifyLabel } from '../../concepts/index.js';
import { CHANGE_GIVEN, CHANGE_WORDS, PAYMENT_MEANS, ROUNDING_LABEL } from '../../lexicon.js';
import { levenshtein } from '../../levenshtein.js';
import type { EngineSettings } from '../../settings.js';
import type { Word } from '../../types.js';
import { toHundredths } from '../../units.js';
import { agrees, amountValue } from '../values/arithmetic.js';
import { median } from '../lines/geometry.js';
import type { Line, Segment } from '../lines/lines.js';
import { fitValue, SPLIT_CENTS, withoutCentsEcho } from '../values/value-kinds.js';
import { stripColon, textOf } from '../lines/word-text.js';

/**
 * A receipt's payment line ("Karte 12,00", "elec.-cash 59,96"): how it was paid, and the amount paid. A pen's mark
 * over the amount (a ring round the total above it reaching down) leaves words a recognizer doubts there
 * (settings.fields.shapeReading): the means stand, the amount is null.
 */
export function paymentLine(lines: Line[], settings: EngineSettings): { means: Segment; amount: Word[] | null } | null {
  let unread: Segment | null = null;
  for (const l of lines) {
    const [first, last] = [l.segments[0], l.segments[l.segments.length - 1]];
    if (!first || first === last || !PAYMENT_MEANS.test(stripColon(first.text))) continue;
    const amount = fitValue('money', last.words, settings);
    if (amount) return { means: first, amount };
    if (median(last.words.map((w) => w.confidence ?? 1)) < settings.fields.shapeReading) unread ??= first;
  }
  return unread && { means: unread, amount: null };
}

interface LabelledAmount {
  /** The label's readings: as printed, and without a currency or stray word at either end ("CASH RM", "RM CASH"). */
  labels: string[];
  amount: Word[];
  value: number;
}

/** A line that is a label and an amount ("CHANGE RM 18.20", "Cash : 400.00"). */
function labelledAmount(line: Line, settings: EngineSettings): LabelledAmount | null {
  const words = withoutCentsEcho(line.words);
  const amount = fitValue('money', words, settings);
  const value = amount ? amountValue(textOf(amount).replace(SPLIT_CENTS, '$1$2')) : null;
  if (!amount || value === null || amount[amount.length - 1] !== words[words.length - 1]) return null;
  const before = words.slice(0, words.indexOf(amount[0])).filter((w) => !/^[:：]$/.test(w.text));
  if (!before.length) return null;
  const labels = [before, before.slice(1), before.slice(0, -1)].filter((ws) => ws.length).map((ws) => stripColon(textOf(ws)));
  return { labels, amount, value };
}

const isTendered = (a: LabelledAmount, settings: EngineSettings) => a.labels.some((t) => PAYMENT_MEANS.test(t) || classifyLabel(t, settings).has('amount_paid'));
/** A one-word change label a scan misread by one letter ("RÜCKGEI.D" for "RÜCKGELD"); short words only as printed. */
function misreadChangeWord(label: string, settings: EngineSettings): boolean {
  const letters = label.toLowerCase().replace(/[^\p{L}]/gu, '');
  return CHANGE_WORDS.some((w) => !w.includes(' ') && w.length >= settings.fields.totals.changeSlipLetters && levenshtein(letters, w) <= 1);
}

const isChange = (a: LabelledAmount, settings: EngineSettings) => a.labels.some((t) => CHANGE_GIVEN.test(t) || misreadChangeWord(t, settings));

/** What was tendered less the change; `printed` when an amount printed above the payment agrees with it. */
export interface TenderedLessChange {
  value: number;
  words: Word[];
  printed: boolean;
}

/**
 * What a receipt came to by its payment: the amount tendered on one of the
 * lines over the change line (settings.fields.totals.tenderedLines), less the change. The words are the amount
 * printed above the payment that agrees (the total's), else the two
 * payment amounts; null without a change line or when nothing is left.
 */
export function tenderedLessChange(lines: Line[], settings: EngineSettings): TenderedLessChange | null {
  for (let c = 0; c < lines.length; c++) {
    const change = labelledAmount(lines[c], settings);
    if (!change || !isChange(change, settings)) continue;
    for (let t = c - 1; t >= Math.max(0, c - settings.fields.totals.tenderedLines); t--) {
      const tendered = labelledAmount(lines[t], settings);
      if (!tendered || !isTendered(tendered, settings)) continue;
      const value = toHundredths(tendered.value - change.value);
      if (value <= 0) return null;
      for (let i = t - 1; i >= 0; i--) {
        for (const seg of lines[i].segments) {
          const fit = fitValue('money', seg.words, settings);
          const printed = fit ? amountValue(textOf(fit)) : null;
          if (fit && printed !== null && agrees(printed, value, settings)) return { value, words: fit, printed: true };
        }
      }
      return { value, words: [...tendered.amount, ...change.amount], printed: false };
    }
  }
  return null;
}

/**
 * The rounding a receipt paid in cash adds to its total ("Rounding Adj. :
 * 0.02", "ROUNDING -0.01"): the amount paid is the sum of the parts plus it.
 * Zero when none is printed; `line` is its index among `lines`.
 */
export function roundingOf(lines: Line[], settings: EngineSettings): { value: number; line: number } {
  for (const [i, l] of lines.entries()) {
    const a = labelledAmount(l, settings);
    if (a && a.labels.some((t) => ROUNDING_LABEL.test(t))) return { value: a.value, line: i };
  }
  return { value: 0, line: -1 };
}
