/**
 * Whether printed words can be the value of a concept's kind, and which of
 * them are: a date field takes the date in "12.03.2024 10:41", an amount the
 * number in "EUR 1.234,56", a name never a number.
 */
import type { ValueKind } from '../../concepts/index.js';
import { isConceptLabel } from '../../concepts/index.js';
import { detectCurrency, isWeekday, looksLikeDate, parseNumber } from '../../format/index.js';
import type { Word } from '../../types.js';
import { textOf } from '../lines/word-text.js';
import type { EngineSettings } from '../../settings.js';

type Kinds = EngineSettings['values']['kinds'];

/** Currency words that may stand beside an amount ("EUR 12,00", "12,00 €"). */
const CURRENCY_WORD = /^(?:[A-Z]{3}|[$€£¥]|RM|Fr\.?|CHF|US\$)$/;

/** A figure with two decimals somewhere in a text ("4,70", "12.99 A"): the shape a till prints its amounts in. */
const WITH_CENTS = /\d[.,]\d{2}/;
export const holdsCentsFigure = (text: string): boolean => WITH_CENTS.test(text);

/** An amount whose cents OCR split off after the decimal mark ("48, 77"). */
export const SPLIT_CENTS = /(\d[.,]) (\d{2})$/;
/** A decimal mark OCR read as a semicolon ("4 275;61"). */
export const SEMICOLON_MARK = /(?<=\d);(?=\d{1,2}(?!\d))/;

function isAmount(ws: Word[]): boolean {
  const t = textOf(ws).replace(SPLIT_CENTS, '$1$2').replace(SEMICOLON_MARK, ',');
  // Digits led by a zero without a decimal mark ("002008047616") number a registration, not an amount.
  if (!/\d/.test(t) || looksLikeDate(t) || /^0\d{2,}$/.test(t.replace(/\s/g, ''))) return false;
  const n = parseNumber(t) ?? parseNumber(t, true);
  return n !== null && !n.percent;
}

/**
 * A receipt scan's echo of an amount's cents after it ("RM152.00 00", "RM46.40 40"): the word repeats the cents of
 * the amount before it and is none of its own.
 */
export function withoutCentsEcho(words: Word[]): Word[] {
  const last = words.length - 1;
  const echoes = last > 0 && /^\d{2}$/.test(words[last].text) && new RegExp(`\\d[.,]${words[last].text}$`).test(words[last - 1].text);
  return echoes ? words.slice(0, last) : words;
}

/** The last run of words that reads as an amount, with a currency word beside it. */
function amountWords(words: Word[], kinds: Kinds): Word[] | null {
  for (let end = withoutCentsEcho(words).length; end > 0; end--) {
    for (let start = Math.max(0, end - kinds.maxAmountWords); start < end; start++) {
      const span = words.slice(start, end);
      if (!isAmount(span)) continue;
      // Keep the whole printed amount: "1 234,56" spans two words; a currency word before it belongs to it.
      let s = start;
      while (s > 0 && s > start - 1 && CURRENCY_WORD.test(words[s - 1].text)) s--;
      let e = end;
      if (e < words.length && CURRENCY_WORD.test(words[e].text)) e++;
      return words.slice(s, e);
    }
  }
  return null;
}

function dateWords(words: Word[], last: boolean, kinds: Kinds): Word[] | null {
  if (last) {
    // The last date of a period ("01.03.2024 bis 31.03.2024"): the first date of the words after the earlier one.
    for (let start = words.length - 1; start >= 0; start--) {
      const span = dateWords(words.slice(start), false, kinds);
      if (span) return span;
    }
    return null;
  }
  // The shortest run that reads as a date: "18.10.2022" of "18.10.2022 14:54 Bon-Nr. 3666", all of "15 de marzo de 2024".
  for (let start = 0; start < words.length; start++) {
    for (let len = 1; len <= Math.min(kinds.maxDateWords, words.length - start); len++) {
      const span = words.slice(start, start + len);
      // The weekday printed before a date ("Sat 21/10/2017") names its day, no part of the date's value.
      if (looksLikeDate(textOf(span))) return span.length > 1 && isWeekday(span[0].text) ? span.slice(1) : span;
    }
  }
  return null;
}

function percentWords(words: Word[], kinds: Kinds): Word[] | null {
  const i = words.findIndex((w) => /\d/.test(w.text) && /%/.test(w.text));
  if (i >= 0) return [words[i]];
  // The mark apart from its figure, inside brackets or before a colon ("(20 %)", "19 %:").
  const j = words.findIndex((w, k) => /^\(?\d{1,2}([.,]\d+)?$/.test(w.text) && /^%\)?[:：]?$/.test(words[k + 1]?.text ?? ''));
  if (j >= 0) return [words[j], words[j + 1]];
  const n = words.length === 1 ? parseNumber(words[0].text) : null;
  return n && Math.abs(n.value) <= kinds.maxPercent ? words : null;
}

/**
 * An identifier holds a digit (or is a code in capitals): the leading run of
 * code-like words ("FR 32 123 456 789", "RE-20 201121 /50 8" where a text
 * layer split it), up to the first plain word ("issued at ...").
 */
function identifierWords(words: Word[], kinds: Kinds): Word[] | null {
  // Digits, a country or bank code in capitals, a group of four (IBAN "GB85 LOYD 4580 ..."), a separator piece.
  const codeLike = (w: Word) => /\d/.test(w.text) || /^[A-Z]{1,4}$/.test(w.text) || /^[/\-–.]\S*$/.test(w.text);
  let end = 0;
  while (end < words.length && end < kinds.maxCodeWords && codeLike(words[end])) end++;
  const run = words.slice(0, end);
  if (run.some((w) => /\d/.test(w.text)) && !looksLikeDate(textOf(run))) return run;
  const w = words.find((x) => /\d/.test(x.text) || /^[A-Z0-9][A-Z0-9\-/.]{3,}$/.test(x.text));
  if (!w || looksLikeDate(w.text)) return null;
  return [w];
}

/** A name has letters, more letters than digits, and is neither an amount, a date nor a label. */
function isName(ws: Word[], settings: EngineSettings): boolean {
  const { kinds } = settings.values;
  const t = textOf(ws);
  const letters = (t.match(/\p{L}/gu) ?? []).length;
  // A registration number in brackets after a company's name ("SOON FATT S/B (B1497-P)") is not the name's.
  const digits = (t.replace(/\([^()]*\)\s*$/, '').match(/\d/g) ?? []).length;
  if (letters < kinds.minNameLetters || digits * kinds.nameLettersPerDigit > letters || ws.length > kinds.maxNameWords) return false;
  if (/@|www\.|https?:/i.test(t)) return false;
  return !looksLikeDate(t) && !isConceptLabel(t.replace(/[:：]\s*$/, ''), settings);
}

/**
 * Words that decorate a label rather than start its value: a rate ("MwSt. 19 %") or a currency ("Total EUR"). A
 * word of three capitals that is no currency code names something else ("Total GST" is the tax, not the total).
 */
export function isLabelDecoration(w: Word): boolean {
  const currency = /^\(?(?:[A-Z]{3}|[$€£])\)?:?$/.test(w.text) && detectCurrency(w.text) !== null;
  return /^\(?[@]?\d{1,2}(?:[.,]\d{1,2})?\s?%\)?:?$/.test(w.text) || /^%\)?:?$/.test(w.text) || currency || w.text === '@';
}

/** The words of `words` that are a value of `kind`, or null when none fit; `last` takes a period's end date. */
export function fitValue(kind: ValueKind, words: Word[], settings: EngineSettings, last = false): Word[] | null {
  const { kinds } = settings.values;
  const ws = words.filter((w) => !/^[:：]$/.test(w.text));
  if (ws.length === 0) return null;
  switch (kind) {
    case 'date':
      return dateWords(ws, last, kinds);
    case 'money':
    case 'number':
      return amountWords(ws, kinds);
    case 'percent':
      return percentWords(ws, kinds);
    case 'identifier':
      return identifierWords(ws, kinds);
    case 'name':
      return isName(ws, settings) ? ws : null;
    case 'address':
      return /\p{L}/u.test(textOf(ws)) && !isConceptLabel(textOf(ws), settings) ? ws : null;
    case 'text':
      return /[\p{L}\d]/u.test(textOf(ws)) ? ws : null;
  }
}
