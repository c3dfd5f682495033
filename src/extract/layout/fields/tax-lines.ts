/**
 * A tax line that prints its rate, the amount it is levied on and the tax
 * ("GST | SR | 6% | 538.00 | 30.45", "19% | 16,72 | 3,18"): the tax is the
 * amount that is the rate of the one before it, on the net amount or inside
 * a gross one, not the first amount after the label.
 */
import type { Word } from '../../types.js';
import type { Line, Segment } from '../lines/lines.js';
import type { EngineSettings } from '../../settings.js';
import { PERCENT } from '../../units.js';
import { parseNumber } from '../../format/index.js';
import { textOf } from '../lines/word-text.js';
import { agrees, amountValue } from '../values/arithmetic.js';
import { fitValue } from '../values/value-kinds.js';

const RATE = /(?:^|\s)(\d{1,2}(?:[.,]\d{1,2})?)\s?%/;

/** Whether `tax` is `rate` % of `base`, or the part of a gross `base` that a rate of `rate` % levies. */
export function isTaxOf(tax: number, base: number, rate: number, settings: EngineSettings): boolean {
  return tax > 0 && tax < base && (agrees(tax, (base * rate) / PERCENT, settings) || agrees(tax, (base * rate) / (PERCENT + rate), settings));
}

/**
 * The tax after `base` in the cells that follow it on `line` (`after`: the
 * segments right of the one holding `base`), when the line prints a rate and
 * the next amount is that rate of `base`; null otherwise.
 */
export function taxAfterBase(line: Line, base: Word[], after: Segment[], settings: EngineSettings): Word[] | null {
  const rate = RATE.exec(line.text);
  const baseValue = amountValue(textOf(base));
  if (!rate || baseValue === null) return null;
  const r = parseNumber(rate[1])?.value;
  if (r === undefined) return null;
  // The tax may share the base's cell ("313.50 18.81") or stand in the next one.
  const inCell = line.words.slice(line.words.indexOf(base[base.length - 1]) + 1).filter((w) => !after.some((s) => s.words.includes(w)));
  for (const words of [inCell, ...after.map((s) => s.words)]) {
    const fit = words.length ? fitValue('money', words, settings) : null;
    const value = fit ? amountValue(textOf(fit)) : null;
    if (fit && value !== null && isTaxOf(value, baseValue, r, settings)) return fit;
    if (fit) return null;
  }
  return null;
}
