/** Calendar dates as read from documents, and their rendering into a requested pattern. */
import { foldLetters, LANGUAGE_LIST, LANGUAGES } from '../lang/index.js';
import { FIRST_YEAR, LAST_YEAR, MONTH_ABBREVIATION_LETTERS, MONTHS_IN_YEAR, THIS_CENTURY, TWO_DIGIT_YEAR_PIVOT, YEARS_IN_CENTURY } from '../units.js';

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
  /** Time of day when the input carried one (kept for ISO 8601 date-times). */
  time?: string;
}

/** Month names of every language, accents folded, January first: each month's names (abbreviations are their prefixes). */
const MONTH_NAMES: string[][] = Array.from({ length: MONTHS_IN_YEAR }, (_, i) => LANGUAGE_LIST.flatMap((l) => l.months[i]));

/** The names a requested pattern renders (MMMM, MMM): English. */
const MONTHS = LANGUAGES.en.months.map((names) => names[0]);

/** Weekday names of every language, accents folded: a date may open with one ("mardi 5 mars 2024"). */
const WEEKDAYS = new Set(LANGUAGE_LIST.flatMap((l) => l.weekdays));

/** The languages' words of one date habit as one group; none match nothing. */
function dateWords(key: 'ordinals' | 'dayJoins' | 'yearJoins', langs = LANGUAGE_LIST): string {
  const words = langs.flatMap((l) => l.dates?.[key] ?? []);
  return words.length ? `(?:${words.join('|')})` : '(?!)';
}

/** A day, its ordinal, then the month's name and the year, in the languages' habits: "12 March 2024", "12-Mar-24", "12th of March, 2024", "15. März 2024", "15 de marzo de 2024", "1º de março de 2024". */
const DAY_MONTH_YEAR = new RegExp(
  `^(\\d{1,2})(?:${dateWords('ordinals')}|[º°ª]|\\.)?(?:\\s+${dateWords('dayJoins')})?[\\s\\-/.]+(\\p{L}{3,}\\.?)(?:\\s+${dateWords('yearJoins')})?[\\s\\-/.,]+(\\d{4}|\\d{2})(?!\\d)`,
  'u',
);

/** The month's name first, the English habit: "March 12, 2024", "Mar 12th 2024", "Mar-12-2024". */
const MONTH_DAY_YEAR = new RegExp(`^(\\p{L}{3,}\\.?)[\\s\\-/.]+(\\d{1,2})${dateWords('ordinals', [LANGUAGES.en])}?[\\s\\-/.,]+(\\d{4}|\\d{2})(?!\\d)`, 'u');

const fold = (word: string) => foldLetters(word.toLowerCase()).normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

/** Whether a word is a weekday's name in a language of the catalogue ("Sat", "Dienstag,"). */
export const isWeekday = (word: string): boolean => WEEKDAYS.has(fold(word.replace(/[.,]+$/, '')));

/** The date without a leading weekday name ("Tuesday, 5 March 2024", "quinta-feira, 5 de setembro de 2024"). */
function withoutWeekday(s: string): string {
  const m = /^([\p{L}-]+)\.?,?\s+(?=\d|\p{L})/u.exec(s);
  return m && WEEKDAYS.has(fold(m[1])) ? s.slice(m[0].length) : s;
}

function monthFromName(word: string): number | null {
  const w = fold(word.replace(/\.$/, ''));
  if (w.length < MONTH_ABBREVIATION_LETTERS) return null;
  // A prefix must name one month in every language that has it ("jui" is June or July in French: no month).
  const months = new Set<number>();
  MONTH_NAMES.forEach((names, i) => names.some((n) => n.startsWith(w)) && months.add(i + 1));
  return months.size === 1 ? [...months][0] : null;
}

/** The year printed as `digits`: four digits as written, two by the two-digit convention (units.ts). */
function fullYear(digits: string): number {
  const y = Number(digits);
  if (digits.length > 'YY'.length) return y;
  return y < TWO_DIGIT_YEAR_PIVOT ? THIS_CENTURY + y : THIS_CENTURY - YEARS_IN_CENTURY + y;
}

function valid(year: number, month: number, day: number): boolean {
  if (month < 1 || month > MONTHS_IN_YEAR || day < 1 || year < FIRST_YEAR || year > LAST_YEAR) return false;
  const dim = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= dim;
}

/**
 * Parses the date forms seen on business documents. Numeric dates are read
 * year-first when the first part has four digits, else day-first unless only
 * the month-first reading is valid (13/02 vs 02/13) or `preferMonthFirst`.
 */
export function parseDate(input: string, preferMonthFirst = false): CalendarDate | null {
  // Every date read here has a day number: a text without a digit is none (most of a page's words).
  if (!/\d/.test(input)) return null;
  const s = input.trim().replace(/\s+/g, ' ');
  if (!s) return null;
  const bare = withoutWeekday(s);
  // "Mar. 15" is March, not mardi: the weekday is set aside only when the date does not read as printed.
  return parseBareDate(s, preferMonthFirst) ?? (bare !== s ? parseBareDate(bare, preferMonthFirst) : null);
}

function parseBareDate(s: string, preferMonthFirst: boolean): CalendarDate | null {
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ](\d{1,2}:\d{2}(?::\d{2})?))?/.exec(s);
  if (m) {
    const [, year, month, day, time] = m;
    const d = { year: +year, month: +month, day: +day, time };
    return valid(d.year, d.month, d.day) ? d : null;
  }
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})\b/.exec(s);
  if (m) {
    const [, firstPart, secondPart, printedYear] = m;
    const a = +firstPart;
    const b = +secondPart;
    const year = fullYear(printedYear);
    const dayFirst = { year, month: b, day: a };
    const monthFirst = { year, month: a, day: b };
    const first = preferMonthFirst ? monthFirst : dayFirst;
    const second = preferMonthFirst ? dayFirst : monthFirst;
    if (valid(first.year, first.month, first.day)) return first;
    if (valid(second.year, second.month, second.day)) return second;
    return null;
  }
  m = DAY_MONTH_YEAR.exec(s);
  if (m) {
    const [, day, monthName, printedYear] = m;
    const month = monthFromName(monthName);
    const year = fullYear(printedYear);
    if (month && valid(year, month, +day)) return { year, month, day: +day };
  }
  m = MONTH_DAY_YEAR.exec(s);
  if (m) {
    const [, monthName, day, printedYear] = m;
    const month = monthFromName(monthName);
    const year = fullYear(printedYear);
    if (month && valid(year, month, +day)) return { year, month, day: +day };
  }
  // "March 2024" has no day; leave it alone rather than invent the 1st.
  return null;
}

/**
 * Renders a date into a pattern made of YYYY, YY, MMMM, MMM, MM, M, DD, D;
 * any other character is copied. `iso` patterns add the time when known.
 */
export function formatDate(date: CalendarDate, pattern: string): string {
  if (pattern === 'ISO') {
    const base = formatDate(date, 'YYYY-MM-DD');
    return date.time ? `${base}T${date.time.length === 'HH:MM'.length ? `${date.time}:00` : date.time}` : base;
  }
  const name = MONTHS[date.month - 1];
  // A padded token is as wide as it is written (YYYY: four digits).
  const padded = (n: number, token: string) => String(n).padStart(token.length, '0');
  const tokens: Array<[string, () => string]> = [
    ['YYYY', () => padded(date.year, 'YYYY')],
    ['YY', () => padded(date.year % YEARS_IN_CENTURY, 'YY')],
    ['MMMM', () => name[0].toUpperCase() + name.slice(1)],
    ['MMM', () => name[0].toUpperCase() + name.slice(1, MONTH_ABBREVIATION_LETTERS)],
    ['MM', () => padded(date.month, 'MM')],
    ['M', () => String(date.month)],
    ['DD', () => padded(date.day, 'DD')],
    ['D', () => String(date.day)],
  ];
  let out = '';
  let i = 0;
  outer: while (i < pattern.length) {
    for (const [tok, render] of tokens) {
      if (pattern.startsWith(tok, i)) {
        out += render();
        i += tok.length;
        continue outer;
      }
    }
    out += pattern[i++];
  }
  return out;
}

/** True when the text reads as a date (used as column evidence for date fields). */
export function looksLikeDate(text: string): boolean {
  return parseDate(text) !== null;
}
