import { parseDate, parseNumber } from '../extract/format/index.js';

/**
 * Extracted values are text as printed. In a spreadsheet a total must be a
 * number (so SUM works) and a date a date (so it sorts), while the reader
 * still sees it the way the document printed it: the number format carries
 * the printed shape (currency symbol, grouping, decimals, day/month order).
 */
export interface TypedCell {
  value: string | number | Date;
  numFmt?: string;
}

/** Excel keeps 15 significant digits: longer digit runs are identifiers, not quantities. */
const MAX_DIGITS = 15;

/** A literal in an Excel number format. */
const literal = (s: string): string => (s ? `"${s.replace(/"/g, '')}"` : '');

/** Whether the printed integer part groups its thousands ("1,234.50", "1 234,50"). */
function printedGrouped(inner: string, decimals: number): boolean {
  const digits = /[\d.,' \u00a0\u202f]*\d/.exec(inner)?.[0] ?? '';
  const integer = decimals > 0 ? digits.slice(0, -(decimals + 1)) : digits;
  return /\d\D\d/.test(integer);
}

function numberCell(text: string): TypedCell | null {
  // Leading zeros (account numbers, zip codes) and long digit runs stay text.
  if (/^[+-]?0\d/.test(text) || (text.match(/\d/g)?.length ?? 0) > MAX_DIGITS) return null;
  const parsed = parseNumber(text);
  if (!parsed) return null;
  const negativeParens = /^\(.*\)$/.test(text);
  const inner = negativeParens ? text.slice(1, -1) : text;
  const prefix = /^[^\d\-−–+.,]*/.exec(inner)![0];
  const suffix = /[^\d.,]*$/.exec(inner)![0].replace('%', '');
  const core = `${printedGrouped(inner, parsed.decimals) ? '#,##0' : '0'}${parsed.decimals > 0 ? `.${'0'.repeat(parsed.decimals)}` : ''}${parsed.percent ? '%' : ''}`;
  const shape = `${literal(prefix)}${core}${literal(suffix)}`;
  return {
    value: parsed.percent ? parsed.value / 100 : parsed.value,
    numFmt: negativeParens ? `${shape};(${shape})` : shape,
  };
}

const ORDINAL = /^(st|nd|rd|th|of)$/i;
const MONTH_WORD = /^[A-Za-z]{3,}\.?$/;

/** The Excel code of each number token, in order: y-m-d, d-m-y or m-d-y, or day and year around a month name. */
function numberCodes(numbers: string[], day: number, month: number): string[] | null {
  const width = (unit: string, token: string) => (token.length === 2 ? unit + unit : unit);
  const year = (token: string) => (token.length === 4 ? 'yyyy' : 'yy');
  if (numbers.length === 2) return [width('d', numbers[0]), year(numbers[1])];
  if (numbers.length !== 3) return null;
  if (numbers[0].length === 4) return [year(numbers[0]), width('m', numbers[1]), width('d', numbers[2])];
  const dayFirst = Number(numbers[0]) === day && Number(numbers[1]) === month;
  return dayFirst
    ? [width('d', numbers[0]), width('m', numbers[1]), year(numbers[2])]
    : [width('m', numbers[0]), width('d', numbers[1]), year(numbers[2])];
}

/**
 * A date the whole text spells (no time of day, nothing else), with a format
 * rebuilt token by token from the printed text.
 */
function dateCell(text: string): TypedCell | null {
  const date = parseDate(text);
  if (!date || date.time) return null;
  const tokens = text.split(/(\d+|[A-Za-z]+\.?)/).filter((t) => t !== '');
  const words = tokens.filter((t) => /^[A-Za-z]/.test(t));
  if (words.some((w) => !ORDINAL.test(w) && !MONTH_WORD.test(w)) || words.filter((w) => !ORDINAL.test(w)).length > 1) return null;
  const codes = numberCodes(tokens.filter((t) => /^\d+$/.test(t)), date.day, date.month);
  if (!codes || (words.length === 0) !== (codes.length === 3)) return null;
  let fmt = '';
  for (const token of tokens) {
    if (/^\d+$/.test(token)) fmt += codes.shift()!;
    else if (MONTH_WORD.test(token) && !ORDINAL.test(token)) fmt += (token.replace('.', '').length === 3 ? 'mmm' : 'mmmm') + (token.endsWith('.') ? literal('.') : '');
    else fmt += literal(token);
  }
  return { value: new Date(Date.UTC(date.year, date.month - 1, date.day)), numFmt: fmt };
}

/** Longer text is a sentence, not a printed number or date ("12th of September, 2024" is 22). */
const MAX_TYPED_LENGTH = 40;
/** A few short words at most (a currency code, a month, an ordinal): more is prose, kept as text. */
function fewLetters(text: string): boolean {
  const words = text.match(/[A-Za-z]+/g);
  return !words || (words.length <= 3 && words.join('').length <= 12);
}

/** The spreadsheet cell for one printed value: a number, a date, or the text unchanged. */
export function typedCell(text: string): TypedCell {
  const trimmed = text.trim();
  // Cheap refusals first: an export types every value of the batch.
  if (trimmed === '' || trimmed.length > MAX_TYPED_LENGTH || !/\d/.test(trimmed) || !fewLetters(trimmed)) return { value: text };
  // The common case, a plain quantity or amount, skips the printed-number reader.
  const plain = /^-?(?:0|[1-9]\d{0,14})(?:\.(\d{1,6}))?$/.exec(trimmed);
  if (plain) return { value: Number(trimmed), numFmt: plain[1] ? `0.${'0'.repeat(plain[1].length)}` : '0' };
  return dateCell(trimmed) ?? numberCell(trimmed) ?? { value: text };
}
