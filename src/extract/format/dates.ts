/** Calendar dates as read from documents, and their rendering into a requested pattern. */
import { foldLetters, LANGUAGE_LIST, LANGUAGES } from '../lang/index.js';

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
  /** Time of day when the input carried one (kept for ISO 8601 date-times). */
  time?: string;
}

/** Month names of every language, accents folded, January first: each month's names (abbreviations are their prefixes). */
const MONTH_NAMES: string[][] = Array.from({ length: 12 }, (_, i) => LANGUAGE_LIST.flatMap((l) => l.months[i]));

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

/** The date without a leading weekday name ("Tuesday, 5 March 2024", "quinta-feira, 5 de setembro de 2024"). */
function withoutWeekday(s: string): string {
  const m = /^([\p{L}-]+)\.?,?\s+(?=\d|\p{L})/u.exec(s);
  return m && WEEKDAYS.has(fold(m[1])) ? s.slice(m[0].length) : s;
}

function monthFromName(word: string): number | null {
  const w = fold(word.replace(/\.$/, ''));
  if (w.length < 3) return null;
  // A prefix must name one month in every language that has it ("jui" is June or July in French: no month).
  const months = new Set<number>();
  MONTH_NAMES.forEach((names, i) => names.some((n) => n.startsWith(w)) && months.add(i + 1));
  return months.size === 1 ? [...months][0] : null;
}

function fullYear(y: number, digits: number): number {
  if (digits > 2) return y;
  // Two-digit years: business documents are recent, so 00-69 means 20xx.
  return y < 70 ? 2000 + y : 1900 + y;
}

function valid(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || year < 1000 || year > 2999) return false;
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
    const d = { year: +m[1], month: +m[2], day: +m[3], time: m[4] };
    return valid(d.year, d.month, d.day) ? d : null;
  }
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})\b/.exec(s);
  if (m) {
    const a = +m[1];
    const b = +m[2];
    const year = fullYear(+m[3], m[3].length);
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
    const month = monthFromName(m[2]);
    const year = fullYear(+m[3], m[3].length);
    if (month && valid(year, month, +m[1])) return { year, month, day: +m[1] };
  }
  m = MONTH_DAY_YEAR.exec(s);
  if (m) {
    const month = monthFromName(m[1]);
    const year = fullYear(+m[3], m[3].length);
    if (month && valid(year, month, +m[2])) return { year, month, day: +m[2] };
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
    return date.time ? `${base}T${date.time.length === 5 ? `${date.time}:00` : date.time}` : base;
  }
  const name = MONTHS[date.month - 1];
  const tokens: Array<[string, () => string]> = [
    ['YYYY', () => String(date.year).padStart(4, '0')],
    ['YY', () => String(date.year % 100).padStart(2, '0')],
    ['MMMM', () => name[0].toUpperCase() + name.slice(1)],
    ['MMM', () => name[0].toUpperCase() + name.slice(1, 3)],
    ['MM', () => String(date.month).padStart(2, '0')],
    ['M', () => String(date.month)],
    ['DD', () => String(date.day).padStart(2, '0')],
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
