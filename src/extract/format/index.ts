import { formatDate, parseDate } from './dates.js';
import { detectCurrency, formatNumber, parseNumber } from './numbers.js';
import { mergeSpecs, parseRequirement, type FormatSpec } from './requirement.js';
import { LANGUAGE_LIST } from '../lang/index.js';
import { PERCENT, PERCENT_DECIMALS } from '../units.js';

export { parseRequirement, type FormatSpec, type ValueKind } from './requirement.js';
export { parseDate, looksLikeDate, isWeekday } from './dates.js';
export { dateOrderOf, type DateOrder } from './date-order.js';
export { parseNumber, looksLikeNumber, detectCurrency } from './numbers.js';
export { TIME_OF_DAY, TIME_OF_DAY_PATTERN } from './time-of-day.js';

/** Resolves the instructions for one field from its own and the template's requirement. */
export function resolveFormat(fieldRequirement: string, globalRequirement: string): FormatSpec {
  return mergeSpecs(parseRequirement(globalRequirement), parseRequirement(fieldRequirement));
}

/** Yes and no: the marks and digits of every language, and each language's words (lang/<code>/index.ts, `answers`). */
const TRUE_WORDS = new Set(['x', '✓', '✔', '☑', '1', ...LANGUAGE_LIST.flatMap((l) => l.answers?.yes ?? [])]);
const FALSE_WORDS = new Set(['✗', '✘', '☐', '0', ...LANGUAGE_LIST.flatMap((l) => l.answers?.no ?? [])]);

function toTitleCase(s: string): string {
  return s.toLowerCase().replace(/(^|[\s\-/(])(\p{L})/gu, (_m, pre: string, ch: string) => pre + ch.toUpperCase());
}

function matchOption(value: string, options: string[]): string | null {
  const v = value.trim().toLowerCase();
  const exact = options.find((o) => o.toLowerCase() === v);
  if (exact) return exact;
  const prefix = options.filter((o) => o.toLowerCase().startsWith(v) || v.startsWith(o.toLowerCase()));
  if (prefix.length === 1) return prefix[0];
  const contained = options.filter((o) => new RegExp(`\\b${escapeRegExp(o.toLowerCase())}\\b`).test(v));
  return contained.length === 1 ? contained[0] : null;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Applies resolved instructions to a value as read. A conversion happens only
 * when the value parses as what the instruction expects; otherwise the value
 * is returned as read (each line's whitespace collapsed and trimmed, the line
 * breaks of a value printed over lines kept), so a wrong guess never destroys data.
 */
export function applyFormat(raw: string, spec: FormatSpec): string {
  let v = raw
    .split(/[\r\n]+/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
  if (!v) return v;

  if (spec.booleanWords) {
    const key = v.toLowerCase().replace(/[.:]$/, '');
    if (TRUE_WORDS.has(key)) return spec.booleanWords[0];
    if (FALSE_WORDS.has(key)) return spec.booleanWords[1];
    return v;
  }
  if (spec.oneOf) {
    const option = matchOption(v, spec.oneOf);
    if (option) return option;
  }

  let converted = false;
  if (spec.datePattern || spec.kind === 'date') {
    const date = parseDate(v, spec.monthFirstInput);
    if (date && spec.datePattern) {
      v = formatDate(date, spec.datePattern);
      converted = true;
    } else if (date) {
      converted = true;
    }
  }
  if (!converted && spec.kind === 'currency_code') {
    const code = detectCurrency(v);
    if (code) return code;
  }
  if (!converted && (spec.kind === 'number' || spec.kind === 'percent' || spec.decimals !== undefined || spec.decimal !== undefined || spec.thousands !== undefined)) {
    const n = parseNumber(v, spec.decimal === ',');
    if (n) {
      let value = n.value;
      let decimals = n.decimals;
      if (n.percent && spec.percentAs === 'fraction') {
        value = value / PERCENT;
        decimals += PERCENT_DECIMALS;
      }
      const body = formatNumber(value, decimals, {
        decimals: spec.decimals,
        thousands: spec.thousands ?? '',
        decimal: spec.decimal ?? '.',
        negativeParens: spec.negativeParens ?? false,
      });
      const keepPercent = n.percent && spec.percentAs !== 'fraction' && spec.percentAs !== 'number';
      const addPercent = !n.percent && spec.percentAs === 'sign' && spec.kind === 'percent';
      v = body + (keepPercent || addPercent ? '%' : '');
      if (spec.keepCurrencySymbol && n.currency) v = `${n.currency} ${v}`;
    }
  }
  if (spec.digitsOnly) v = v.replace(/\D+/g, '');
  if (spec.noWhitespace) v = v.replace(/\s+/g, '');
  if (spec.letterCase === 'upper') v = v.toUpperCase();
  else if (spec.letterCase === 'lower') v = v.toLowerCase();
  else if (spec.letterCase === 'title') v = toTitleCase(v);
  return v;
}
