/**
 * How each language prints numbers, money and dates, and the names, places
 * and goods its documents carry. A `Locale` is drawn once per document, so
 * one document is consistent (as real ones are) while the set varies.
 */
import type { Lang } from './types.js';
import { pick, type Rand } from './random.js';

export interface NumberStyle {
  group: string;
  decimal: string;
  /** How a negative amount is printed. */
  negative: 'minus' | 'trailing' | 'parens';
}

export interface MoneyStyle {
  code: string;
  symbol: string;
  /** Where the currency mark goes on totals ("€ 12,50", "12,50 €", "EUR 12,50"). */
  place: 'before' | 'after' | 'none';
  /** Print the code instead of the symbol. */
  useCode: boolean;
}

export type DateStyle = 'dmy' | 'mdy' | 'iso' | 'long' | 'short_month';

export interface Locale {
  lang: Lang;
  number: NumberStyle;
  money: MoneyStyle;
  date: DateStyle;
  /** Separator of numeric dates (`.`, `/`, `-`). */
  dateSep: string;
  /** Space before a percent sign (`19 %` in French and German practice, `19%` elsewhere). */
  percentSpace: boolean;
}

const NUMBER_STYLES: Record<Lang, Array<[string, string]>> = {
  en: [[',', '.'], [',', '.'], ['', '.']],
  de: [['.', ','], ['.', ','], ["'", '.'], ['', ',']],
  fr: [[' ', ','], [' ', ','], ['.', ',']],
  es: [['.', ','], ['.', ','], ['', ',']],
  nl: [['.', ','], ['.', ',']],
  it: [['.', ','], ['.', ','], ["'", '.']],
  pt: [['.', ','], [' ', ',']],
  pl: [[' ', ','], [' ', ','], ['', ',']],
};

const CURRENCIES: Record<Lang, Array<Omit<MoneyStyle, 'useCode'>>> = {
  en: [{ code: 'USD', symbol: '$', place: 'before' }, { code: 'GBP', symbol: '£', place: 'before' }, { code: 'EUR', symbol: '€', place: 'before' }, { code: 'USD', symbol: '$', place: 'none' }],
  de: [{ code: 'EUR', symbol: '€', place: 'after' }, { code: 'EUR', symbol: '€', place: 'none' }, { code: 'CHF', symbol: 'CHF', place: 'before' }],
  fr: [{ code: 'EUR', symbol: '€', place: 'after' }, { code: 'EUR', symbol: '€', place: 'none' }],
  es: [{ code: 'EUR', symbol: '€', place: 'after' }, { code: 'EUR', symbol: '€', place: 'none' }],
  nl: [{ code: 'EUR', symbol: '€', place: 'before' }, { code: 'EUR', symbol: '€', place: 'none' }],
  it: [{ code: 'EUR', symbol: '€', place: 'before' }, { code: 'EUR', symbol: '€', place: 'after' }, { code: 'EUR', symbol: '€', place: 'none' }],
  pt: [{ code: 'EUR', symbol: '€', place: 'after' }, { code: 'EUR', symbol: '€', place: 'none' }],
  pl: [{ code: 'PLN', symbol: 'zł', place: 'after' }, { code: 'PLN', symbol: 'zł', place: 'none' }, { code: 'EUR', symbol: '€', place: 'after' }],
};

const DATE_STYLES: Record<Lang, Array<[DateStyle, string]>> = {
  en: [['dmy', '/'], ['mdy', '/'], ['long', ' '], ['short_month', ' '], ['iso', '-']],
  de: [['dmy', '.'], ['dmy', '.'], ['long', ' '], ['iso', '-']],
  fr: [['dmy', '/'], ['dmy', '/'], ['long', ' '], ['dmy', '.']],
  es: [['dmy', '/'], ['dmy', '-'], ['long', ' ']],
  nl: [['dmy', '-'], ['dmy', '-'], ['long', ' '], ['dmy', '/']],
  it: [['dmy', '/'], ['dmy', '.'], ['long', ' ']],
  pt: [['dmy', '/'], ['dmy', '-'], ['long', ' '], ['iso', '-']],
  pl: [['dmy', '.'], ['dmy', '.'], ['long', ' '], ['iso', '-']],
};

export function drawLocale(r: Rand, lang: Lang): Locale {
  const [group, decimal] = pick(r, NUMBER_STYLES[lang]);
  const currency = pick(r, CURRENCIES[lang]);
  const [date, dateSep] = pick(r, DATE_STYLES[lang]);
  return {
    lang,
    number: { group, decimal, negative: pick(r, ['minus', 'minus', 'minus', 'trailing', 'parens'] as const) },
    money: { ...currency, useCode: currency.place !== 'none' && r() < 0.25 },
    // US documents print month first; English ones in euro or pounds do not.
    date: lang === 'en' && currency.code !== 'USD' && date === 'mdy' ? 'dmy' : date,
    dateSep,
    percentSpace: (lang === 'fr' || lang === 'de') && r() < 0.5,
  };
}

/** `1234.5` -> `1.234,50` in the locale's convention; `decimals` digits after the separator. */
export function formatNumber(v: number, n: NumberStyle, decimals = 2, negative: NumberStyle['negative'] = n.negative): string {
  const [i, f] = Math.abs(v).toFixed(decimals).split('.');
  const grouped = i.replace(/\B(?=(\d{3})+(?!\d))/g, n.group);
  const body = f === undefined ? grouped : `${grouped}${n.decimal}${f}`;
  if (v >= 0 || Number(body.replace(/\D/g, '')) === 0) return body;
  if (negative === 'trailing') return `${body}-`;
  if (negative === 'parens') return `(${body})`;
  return `-${body}`;
}

/** An amount with the currency mark as totals print it. */
export function withCurrency(amount: string, m: MoneyStyle): string {
  const mark = m.useCode ? m.code : m.symbol;
  if (m.place === 'before') return `${mark} ${amount}`;
  if (m.place === 'after') return `${amount} ${mark}`;
  return amount;
}

export function formatPercent(rate: number, l: Locale): string {
  const s = Number.isInteger(rate) ? String(rate) : formatNumber(rate, l.number, 1);
  return `${s}${l.percentSpace ? ' ' : ''}%`;
}

const MONTHS: Record<Lang, string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  nl: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
  it: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
  pt: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
  // Genitive, as a date prints it ("12 marca 2024"); a month alone is MONTH_ALONE's.
  pl: ['stycznia', 'lutego', 'marca', 'kwietnia', 'maja', 'czerwca', 'lipca', 'sierpnia', 'września', 'października', 'listopada', 'grudnia'],
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The separator numeric dates use where the document's own date style is spelled out (tables, receipts). */
const NUMERIC_SEP: Record<Lang, string> = { en: '/', de: '.', fr: '/', es: '/', nl: '-', it: '/', pt: '/', pl: '.' };

export interface Ymd {
  y: number;
  m: number;
  d: number;
}

/** A date as the locale prints it in running text and header fields. */
export function formatDate(t: Ymd, l: Locale, style: DateStyle = l.date): string {
  const month = MONTHS[l.lang][t.m - 1];
  const sep = l.dateSep.trim() || NUMERIC_SEP[l.lang];
  switch (style) {
    case 'iso':
      return `${t.y}-${pad(t.m)}-${pad(t.d)}`;
    case 'mdy':
      return `${pad(t.m)}${sep}${pad(t.d)}${sep}${t.y}`;
    case 'dmy':
      return `${pad(t.d)}${sep}${pad(t.m)}${sep}${t.y}`;
    case 'short_month':
      return `${t.d} ${month.slice(0, 3)} ${t.y}`;
    case 'long':
      if (l.lang === 'en') return l.money.code === 'USD' ? `${month} ${t.d}, ${t.y}` : `${t.d} ${month} ${t.y}`;
      if (l.lang === 'de') return `${t.d}. ${month} ${t.y}`;
      if (l.lang === 'es' || l.lang === 'pt') return `${t.d} de ${month} de ${t.y}`;
      return `${t.d} ${month} ${t.y}`;
  }
}

/** Month names standing alone, where a language declines them in a date ("marzec 2024" beside "12 marca 2024"). */
const MONTH_ALONE: Partial<Record<Lang, string[]>> = {
  pl: ['styczeń', 'luty', 'marzec', 'kwiecień', 'maj', 'czerwiec', 'lipiec', 'sierpień', 'wrzesień', 'październik', 'listopad', 'grudzień'],
};

/** Month and year ("März 2024") for pay periods and price-list editions. */
export function formatMonth(t: Ymd, l: Locale): string {
  const month = (MONTH_ALONE[l.lang] ?? MONTHS[l.lang])[t.m - 1];
  return l.lang === 'es' || l.lang === 'pt' ? `${month} de ${t.y}` : `${l.lang === 'en' || l.lang === 'de' ? month : month[0].toUpperCase() + month.slice(1)} ${t.y}`;
}

/** Short numeric dates in tables (statement rows): same order, year kept. */
export function formatTableDate(t: Ymd, l: Locale): string {
  return formatDate(t, l, l.date === 'long' || l.date === 'short_month' ? (l.lang === 'en' && l.money.code === 'USD' ? 'mdy' : 'dmy') : l.date);
}

export function addDays(t: Ymd, days: number): Ymd {
  const d = new Date(Date.UTC(t.y, t.m - 1, t.d + days));
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
}

export function randomDate(r: Rand): Ymd {
  return { y: 2022 + Math.floor(r() * 4), m: 1 + Math.floor(r() * 12), d: 1 + Math.floor(r() * 28) };
}

/** Words for "from … to …" in a period value. */
export const PERIOD_JOIN: Record<Lang, string[]> = {
  en: [' - ', ' to '],
  de: [' - ', ' bis '],
  fr: [' - ', ' au '],
  es: [' - ', ' al '],
  nl: [' - ', ' t/m '],
  it: [' - ', ' al '],
  pt: [' - ', ' a '],
  pl: [' - ', ' do '],
};

/**
 * More printed forms of a header date (issue 28's fourth widening): a two-digit year, no leading zeros, an
 * abbreviated month name, the year first with slashes. One form a document, drawn on a stream of its own.
 */
export type WideDate = 'dmy2' | 'dmy_nopad' | 'd_mon_y' | 'd_mon_y_dash' | 'mon_d_y' | 'ymd_slash' | 'd_month_y';

export const WIDE_DATES: Record<Lang, WideDate[]> = {
  en: ['dmy2', 'dmy_nopad', 'd_mon_y', 'd_mon_y_dash', 'mon_d_y', 'ymd_slash'],
  de: ['dmy2', 'dmy_nopad', 'd_mon_y'],
  fr: ['dmy2', 'dmy_nopad', 'd_mon_y'],
  es: ['dmy2', 'dmy_nopad', 'd_mon_y', 'd_mon_y_dash'],
  nl: ['dmy2', 'dmy_nopad', 'd_mon_y', 'd_mon_y_dash'],
  it: ['dmy2', 'd_mon_y'],
  pt: ['dmy2', 'd_mon_y'],
  pl: ['dmy2', 'd_mon_y'],
};

/** Abbreviated month names as each language prints them, with their dot where it takes one. */
const MONTHS_SHORT: Partial<Record<Lang, string[]>> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  de: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
  fr: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
  es: ['ene.', 'feb.', 'mar.', 'abr.', 'may.', 'jun.', 'jul.', 'ago.', 'sept.', 'oct.', 'nov.', 'dic.'],
  nl: ['jan.', 'feb.', 'mrt.', 'apr.', 'mei', 'jun.', 'jul.', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'],
};

export function formatWideDate(t: Ymd, l: Locale, form: WideDate): string {
  const sep = l.dateSep.trim() || NUMERIC_SEP[l.lang];
  const us = l.lang === 'en' && l.money.code === 'USD';
  const short = (MONTHS_SHORT[l.lang] ?? MONTHS[l.lang].map((m) => m.slice(0, 3)))[t.m - 1];
  const bare = short.replace(/\.$/, '');
  switch (form) {
    case 'dmy2':
      return us ? `${pad(t.m)}${sep}${pad(t.d)}${sep}${pad(t.y % 100)}` : `${pad(t.d)}${sep}${pad(t.m)}${sep}${pad(t.y % 100)}`;
    case 'dmy_nopad':
      return us ? `${t.m}${sep}${t.d}${sep}${t.y}` : `${t.d}${sep}${t.m}${sep}${t.y}`;
    case 'd_mon_y':
      return l.lang === 'de' ? `${t.d}. ${short} ${t.y}` : `${t.d} ${short} ${t.y}`;
    case 'd_mon_y_dash':
      return `${pad(t.d)}-${bare}-${t.y}`;
    case 'mon_d_y':
      return `${short} ${t.d}, ${t.y}`;
    case 'ymd_slash':
      return `${t.y}/${pad(t.m)}/${pad(t.d)}`;
    case 'd_month_y':
      // The month written out (the seventh widening): "30 November 2026", "30. November 2026", "30 de noviembre de 2026".
      return formatDate(t, l, 'long');
  }
}
