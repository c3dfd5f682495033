/**
 * A document's totals told apart and checked by arithmetic: subtotal, tax,
 * discount, shipping and total among the best-labelled candidates of each
 * (document-fields.ts), what a receipt's payment says the total was, and a
 * total whose label a scan damaged found as subtotal + tax
 * (docs/engine.md, "Totals and arithmetic").
 */
import { conceptById } from '../../concepts/index.js';
import type { Word } from '../../types.js';
import type { Line } from '../lines/lines.js';
import type { EngineSettings } from '../../settings.js';
import { CENT_DECIMALS, half, toHundredths } from '../../units.js';
import { fitValue } from '../values/value-kinds.js';
import { paymentLine, roundingOf, tenderedLessChange, type TenderedLessChange } from './receipt-payment.js';
import { agrees, amountValue, checkedConfidence, reconcileTotals, TOTAL_PARTS, type TotalsCandidates } from '../values/arithmetic.js';
import { checkTotals } from '../values/misread-amounts.js';
import { asRead, findDocumentValue, found, labelled, type FoundValue } from './document-fields.js';
import { textOf } from '../lines/word-text.js';

/** `text` when the amount is worked out rather than read as printed (what was tendered less the change, a ringed total). */
type ReadAmount = {
  words: Word[];
  confidence: number;
  value: number;
  text?: string;
  /** What was tendered less the change agrees with it. */
  paid?: boolean;
  /** Read under the other one's label ("Net Total" for the total): a candidate only the sum can confirm. */
  crossed?: boolean;
  /** Found because it makes the sum hold (the total less the tax): the sum chose it and cannot confirm it. */
  derived?: boolean;
};

/**
 * The total as the payment gives it (receipt-payment.ts): a candidate that
 * agrees goes first and is surer; without one, the amount printed above the
 * payment that agrees goes first too, and the difference itself where no
 * total was labelled surely (a damaged "TOTAL" line).
 */
function withPaidTotal(total: ReadAmount[], paid: TenderedLessChange | null, settings: EngineSettings): void {
  const { paidTotal, unlabelledTotal, workedOutShare } = settings.fields.totals;
  if (!paid) return;
  const k = total.findIndex((x) => agrees(x.value, paid.value, settings));
  if (k >= 0) {
    const [agreeing] = total.splice(k, 1);
    total.unshift({ ...agreeing, confidence: checkedConfidence(agreeing.confidence, true, settings), paid: true });
  } else if (paid.printed) total.unshift({ words: paid.words, confidence: paidTotal, value: paid.value });
  else if (!total.some((x) => x.confidence > unlabelledTotal)) {
    const mark = /\d,\d{2}$/.test(textOf(paid.words)) ? ',' : '.';
    total.unshift({ words: paid.words, confidence: paidTotal * workedOutShare, value: paid.value, text: paid.value.toFixed(CENT_DECIMALS).replace('.', mark) });
  }
}

/**
 * A total a pen ringed on the paper, which a scan reads in brackets ("(70,16)"): negative as read, while the
 * receipt's payment line, or what was tendered less the change, paid the same amount, or the ring reaching down
 * over the payment line's amount left it unread. The brackets are the ring's, so the amount is the one paid,
 * printed as read inside them; a credit in brackets that nothing paid stays one.
 */
function withRingLifted(total: ReadAmount[], lines: Line[], tendered: TenderedLessChange | null, settings: EngineSettings): void {
  const means = paymentLine(lines, settings);
  const paid = [means?.amount ? amountValue(textOf(means.amount)) : null, tendered?.value ?? null].filter((v): v is number => v !== null && v > 0);
  // Below the total's middle: the ring makes the total's box reach down over the payment line.
  const below = (x: ReadAmount) => !!means && means.means.box.y1 > half(x.words[0].box.y1 + x.words[0].box.y2);
  total.forEach((x, k) => {
    const inside = RINGED.exec(textOf(x.words))?.[1];
    if (inside && x.value < 0 && (paid.some((v) => agrees(-x.value, v, settings)) || (means?.amount === null && below(x)))) total[k] = { ...x, value: -x.value, text: inside };
  });
}

/** An amount read whole inside a pair of brackets ("(70,16)"). */
const RINGED = /^\(([^()]*\d[^()]*)\)$/;

/**
 * A total whose label a scan damaged past reading ("Geszuunetag"): the amount
 * printed under the subtotal that is the subtotal plus the tax.
 */
function summedTotal(lines: Line[], skip: Set<Line>, subtotals: ReadAmount[], taxes: ReadAmount[], confidence: number, settings: EngineSettings): ReadAmount | null {
  for (const sub of subtotals) {
    for (const tax of taxes) {
      const target = sub.value + tax.value;
      const top = sub.words[0].box.y2;
      for (const l of lines) {
        if (skip.has(l) || l.box.y1 < top) continue;
        for (const seg of l.segments) {
          const fit = fitValue('money', seg.words, settings);
          const value = fit ? amountValue(textOf(fit)) : null;
          if (fit && value !== null && value !== sub.value && agrees(value, target, settings)) return { words: fit, confidence, value };
        }
      }
    }
  }
  return null;
}

/**
 * The amount before tax under no label the catalogue knows, or under a
 * subtotal's label that includes the tax ("Total Excluded Tax", a tax
 * summary's "Amount" column, "(Excluded GST) Sub Total"): the amount printed,
 * to the cent, that is a total less a tax (less a cash payment's rounding,
 * when the total took it in); the best-read total and tax only. Item lines are passed over.
 */
function printedNet(lines: Line[], skip: Set<Line>, totals: ReadAmount[], taxes: ReadAmount[], { value: rounding, line: roundingLine }: { value: number; line: number }, settings: EngineSettings): { net: ReadAmount; rounded: boolean } | null {
  const { printedNet: confidence } = settings.fields.totals;
  for (const total of totals.slice(0, 1)) {
    // A rounding line printed under the total did not enter it.
    const entered = roundingLine >= 0 && roundingLine < lines.findIndex((l) => l.words.includes(total.words[0])) ? rounding : 0;
    for (const tax of taxes.slice(0, 1)) {
      if (tax.value <= 0 || tax.value >= total.value) continue;
      const [rounded, plain] = [toHundredths(total.value - tax.value - entered), toHundredths(total.value - tax.value)];
      for (const l of lines) {
        if (skip.has(l)) continue;
        const w = l.words.find((x) => /\d[.,]\d{2}$/.test(x.text) && [rounded, plain].includes(toHundredths(amountValue(x.text) ?? NaN)));
        const value = w ? amountValue(w.text)! : NaN;
        if (w) return { net: { words: [w], confidence, value, derived: true }, rounded: entered !== 0 && toHundredths(value) === rounded };
      }
    }
  }
  return null;
}

/**
 * The totals of a page chosen by arithmetic: among the few best-labelled
 * candidates of subtotal, tax, discount, shipping and total, the ones that add
 * up win (a "Total" that repeats the subtotal loses to the one that is
 * subtotal + tax), and their confidence rises; when subtotal, tax and total
 * are all read and nothing adds up, their confidence falls. Concepts the sum
 * does not decide keep `findDocumentValue`'s answer.
 */
export function findTotals(lines: Line[], skip: Set<Line>, settings: EngineSettings): Map<string, FoundValue> {
  const { candidates, candidateShare, unlabelledTotal, summedTotal: summedConfidence, workedOutShare } = settings.fields.totals;
  const read = new Map<string, ReadAmount[]>();
  for (const id of TOTAL_PARTS) {
    const concept = conceptById(id);
    const best = concept ? findDocumentValue(concept, lines, skip, settings) : null;
    const list = best ? [{ words: best.words, confidence: best.confidence, value: amountValue(best.value) }] : [];
    if (concept) {
      for (const c of labelled(concept, lines, skip, settings)) {
        if (list.length >= candidates || c.score < settings.fields.acceptScore) break;
        if (!list.some((x) => textOf(x.words) === textOf(c.words))) list.push({ words: c.words, confidence: Math.min(1, c.score) * candidateShare, value: amountValue(textOf(c.words)) });
      }
    }
    read.set(id, list.filter((x): x is ReadAmount => x.value !== null));
  }
  // A tax is a part of the total: an amount as large under a tax label is another number ("GST ID: 1399040").
  const largest = Math.max(0, ...read.get('total_amount')!.map((x) => x.value));
  if (largest > 0) read.set('tax_amount', read.get('tax_amount')!.filter((x) => x.value < largest));
  // "Net Total" is the amount before tax on one till and the amount paid on another: with both and a tax read, each
  // of the subtotal and the total may be the other's label's amount, and the sum decides.
  const [subtotals, totals] = [read.get('subtotal')!, read.get('total_amount')!];
  const labelledFirst = (list: ReadAmount[]) => !!list.length && list[0].confidence > unlabelledTotal;
  if (labelledFirst(subtotals) && labelledFirst(totals) && read.get('tax_amount')!.some((x) => x.value !== 0)) {
    const crossed = (from: ReadAmount[], into: ReadAmount[]) => from.slice(0, 1).filter((x) => !into.some((y) => textOf(y.words) === textOf(x.words))).map((x) => ({ ...x, confidence: x.confidence * candidateShare, crossed: true }));
    const [toTotal, toSubtotal] = [crossed(subtotals, totals), crossed(totals, subtotals)];
    // Within the few candidates the sum tries (settings.values.totalsCandidates), after the list's best.
    const at = (list: ReadAmount[]) => Math.min(list.length, settings.values.totalsCandidates - 1);
    totals.splice(at(totals), 0, ...toTotal);
    subtotals.splice(at(subtotals), 0, ...toSubtotal);
  }
  // A cash payment's rounding is part of the sum when printed; a total printed before it adds up without it.
  const { value: rounding, line: roundingLine } = roundingOf(lines, settings);
  let roundingAdded = false;
  // `roundingFirst` false: the sum is tried without the rounding line (an amount found as the total less the tax alone).
  const reconcile = (roundingFirst = true) => {
    const values = Object.fromEntries([...read].map(([id, list]) => [id, list.map((x) => x.value)])) as TotalsCandidates;
    const withRounding = roundingFirst && rounding !== 0 ? reconcileTotals(values, settings, rounding) : null;
    roundingAdded = !!withRounding;
    return withRounding ?? reconcileTotals(values, settings);
  };
  const total = read.get('total_amount')!;
  const tendered = tenderedLessChange(lines, settings);
  withRingLifted(total, lines, tendered, settings);
  withPaidTotal(total, tendered, settings);
  let pick = reconcile();
  // What was tendered less the change, worked out where no total was read, outweighs an amount under the subtotal that
  // is the subtotal plus a "tax" (a service charge or a tax summary's line may have been read as the tax).
  if (!pick && !total.some((x) => x.confidence > unlabelledTotal) && !total[0]?.text) {
    const sum = summedTotal(lines, skip, read.get('subtotal')!, read.get('tax_amount')!, summedConfidence, settings);
    if (sum) {
      total.unshift(sum);
      pick = reconcile();
    }
  }
  // Nothing adds up and a tax was read: the amount before tax may be printed under a label the catalogue does not
  // know, or the subtotal read may include the tax.
  if (!pick && total.length && read.get('tax_amount')!.length) {
    const printed = printedNet(lines, skip, total, read.get('tax_amount')!, { value: rounding, line: roundingLine }, settings);
    if (printed) {
      subtotals.unshift(printed.net);
      pick = reconcile(printed.rounded);
    }
  }
  const out = new Map<string, FoundValue>();
  const all = ['subtotal', 'tax_amount', 'total_amount'].every((id) => read.get(id)?.length);
  const chosen = new Map<string, ReadAmount>();
  for (const [id, list] of read) {
    const index = pick?.[id as keyof TotalsCandidates] ?? -1;
    const value = index >= 0 ? list[index] : list[0];
    if (value) chosen.set(id, value);
  }
  // Without a discount, a total under its subtotal is a misreading of one of them, whatever else was read.
  const [sub, tot] = [chosen.get('subtotal'), chosen.get('total_amount')];
  const belowSubtotal = !!sub && !!tot && !chosen.has('discount') && tot.value < sub.value && !agrees(tot.value, sub.value, settings);
  // Nothing adds up as read: one value a scan misread may be what the others confirm (misread-amounts.ts). A total
  // worked out from the payment was not read: it has no readings of its own.
  const repairs = !pick && all && !chosen.get('total_amount')?.text ? checkTotals(Object.fromEntries([...chosen].map(([id, x]) => [id, x.words])), settings, rounding) : null;
  // A rounding line under the total it did not enter makes the amount paid: the total plus it, printed further down
  // ("Amount to be paid", the cash tendered) or else worked out.
  const unrounded = chosen.get('total_amount');
  if (unrounded && rounding !== 0 && !roundingAdded && !unrounded.text && lines.findIndex((l) => l.words.includes(unrounded.words[0])) < roundingLine) {
    const value = toHundredths(unrounded.value + rounding);
    const printed = lines.slice(roundingLine + 1).flatMap((l) => l.segments.map((seg) => fitValue('money', seg.words, settings))).find((fit) => fit && agrees(amountValue(textOf(fit)) ?? NaN, value, settings));
    const mark = /\d,\d{2}$/.test(textOf(unrounded.words)) ? ',' : '.';
    chosen.set('total_amount', printed ? { words: printed, confidence: unrounded.confidence, value } : { words: unrounded.words, confidence: unrounded.confidence * workedOutShare, value, text: value.toFixed(CENT_DECIMALS).replace('.', mark) });
  }
  // A sum that holds only with the rounding line or with a label's amount taken for the other's chooses the values but
  // does not confirm them: a value at 0.9 must be right 97 % of the time, and these sums hold one guess more.
  const guessed = roundingAdded || [...chosen.values()].some((x) => x.crossed || x.derived);
  TOTAL_PARTS.forEach((id) => {
    const amount = chosen.get(id);
    if (!amount) return;
    const index = pick?.[id] ?? -1;
    const repaired = repairs?.[id].repaired;
    const agreement = index >= 0 ? (guessed ? null : true) : repairs && Object.values(repairs).some((r) => r.repaired) ? null : (all || belowSubtotal) && !pick ? false : null;
    // An amount read off a scan that no sum confirms is one reading of its digits: a recognizer sure of each may
    // still have taken an 8 for a 0, so it claims less than sure.
    const unconfirmed = agreement !== true && !amount.paid && amount.words.some((w) => w.confidence !== undefined);
    const confidence = checkedConfidence(amount.confidence, agreement, settings);
    const value = found(amount.words, repaired ? settings.values.readings.repairedConfidence : unconfirmed ? Math.min(confidence, settings.fields.unconfirmedScanAmount) : confidence);
    const text = repaired ?? amount.text;
    out.set(id, asRead(conceptById(id)!, text ? { ...value, value: text, repaired: !!repaired } : value, lines, settings));
  });
  return out;
}

/**
 * The amount due as its label prints it, or, where no label prints one (a till's "Net Total" over "Cash" and
 * "Change"), the total {@link findTotals} chose: the best-labelled total alone may be an item count's line ("5
 * Item(s) Total 20.00") or none where only the payment gives the total. As sure as a sister label's total at most.
 */
export function findAmountDue(lines: Line[], skip: Set<Line>, totals: Map<string, FoundValue>, settings: EngineSettings): FoundValue | null {
  const due = conceptById('amount_due')!;
  const total = totals.get('total_amount');
  // Scored once: the amount due has no sister label read with it (labelledOrSame is `labelled` for it).
  const candidates = labelled(due, lines, skip, settings);
  const printed = candidates[0];
  if (!total || (printed && printed.score >= settings.fields.acceptScore)) return findDocumentValue(due, lines, skip, settings, candidates);
  return { ...total, confidence: Math.min(total.confidence, settings.fields.confidence.sisterTotal) };
}
