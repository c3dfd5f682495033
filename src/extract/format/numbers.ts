/** Amounts and quantities as printed on documents, in either separator convention. */
import { THOUSANDS_GROUP } from '../units.js';

export interface ParsedNumber {
  value: number;
  /** Digits after the decimal separator as printed (keeps "10.50" at two places when no rule says otherwise). */
  decimals: number;
  /** ISO code of a currency symbol or code found next to the number. */
  currency: string | null;
  percent: boolean;
}

const CURRENCY_SYMBOLS: Record<string, string> = {
  $: 'USD',
  US$: 'USD',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
  '₩': 'KRW',
  '₽': 'RUB',
  '₺': 'TRY',
  '₪': 'ILS',
  'R$': 'BRL',
  'C$': 'CAD',
  'A$': 'AUD',
  CHF: 'CHF',
  Fr: 'CHF',
  kr: 'SEK',
  zł: 'PLN',
  // Malaysia's ringgit, printed before the amount and often joined to it on receipts ("RM152.00").
  RM: 'MYR',
};

const ISO_CODES = new Set([
  'USD', 'EUR', 'GBP', 'JPY', 'CNY', 'INR', 'CAD', 'AUD', 'NZD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK',
  'HUF', 'RUB', 'TRY', 'BRL', 'MXN', 'ZAR', 'SGD', 'HKD', 'KRW', 'ILS', 'AED', 'SAR', 'THB', 'MYR', 'IDR', 'PHP',
]);

const SYMBOL_PATTERN = new RegExp(
  Object.keys(CURRENCY_SYMBOLS)
    .sort((a, b) => b.length - a.length)
    .map((sym) => (/^[A-Za-z]/.test(sym) ? `(?<![A-Za-z])${escape(sym)}(?![A-Za-z])` : escape(sym)))
    .join('|'),
);

const DIGIT = /\d/;

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Finds a currency in free text: an ISO code or a symbol. */
export function detectCurrency(text: string): string | null {
  // A code may touch its number ("USD1,234.56"), never another letter.
  for (const m of text.toUpperCase().matchAll(/(?<![A-Z])([A-Z]{3})(?![A-Z])/g)) if (ISO_CODES.has(m[1])) return m[1];
  const sym = SYMBOL_PATTERN.exec(text);
  return sym ? CURRENCY_SYMBOLS[sym[0]] : null;
}

/**
 * Reads a printed number. `decimalComma` forces the European reading of an
 * ambiguous "1.234"; otherwise a lone separator followed by exactly three digits
 * is a thousands separator only when it is a comma.
 */
export function parseNumber(input: string, decimalComma?: boolean): ParsedNumber | null {
  // Most texts a page offers are words: without a digit nothing below can succeed, and the regexes are a tenth of a text page's engine time.
  if (!DIGIT.test(input)) return null;
  // Swiss and Liechtenstein amounts group thousands with a typographic apostrophe (1’234.50), which OCR may read as another quote mark.
  let s = input.trim().replace(/[\u2018\u2019\u02bc`´]/g, "'");
  if (!s) return null;
  // The currency is looked for once the text has read as a number (most texts tried are not one).
  const printed = s;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  const percent = s.includes('%');
  // Drop currency words/symbols and decorations; what remains must be a number.
  s = s.replace(/(?<![A-Za-z])[A-Za-z]{3}(?![A-Za-z])/g, (w) => (ISO_CODES.has(w.toUpperCase()) ? '' : w));
  s = s.replace(/US\$|R\$|C\$|A\$|[%$€£¥₹₩₽₺₪]|\bzł|\bkr\b|\bCR\b|\bDR\b|(?<![A-Za-z])RM(?![A-Za-z])/gi, '');
  s = s.replace(/\s+/g, ' ').trim();
  if (/^[-−–]/.test(s)) {
    negative = !negative;
    s = s.slice(1).trim();
  } else if (/[-−–]$/.test(s)) {
    negative = !negative;
    s = s.slice(0, -1).trim();
  }
  if (/^\(.*\)$/.test(s)) {
    negative = !negative;
    s = s.slice(1, -1);
  }
  if (/^\+/.test(s)) s = s.slice(1);
  if (!/^[\d.,' \u00a0\u202f]+$/.test(s) || !/\d/.test(s)) return null;
  // Spaces and apostrophes are thousands separators only between digit groups of three.
  if (/[ '\u00a0\u202f]/.test(s)) {
    if (!/^\d{1,3}([ '\u00a0\u202f]\d{3})+([.,]\d+)?$/.test(s)) return null;
    s = s.replace(/[ '\u00a0\u202f]/g, '');
  }
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let decimalSep: '.' | ',' | null = null;
  if (lastDot >= 0 && lastComma >= 0) {
    decimalSep = lastDot > lastComma ? '.' : ',';
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const count = s.split(sep).length - 1;
    const tail = s.length - s.lastIndexOf(sep) - 1;
    if (count > 1) decimalSep = null;
    else if (tail === THOUSANDS_GROUP && /^\d{1,3}[.,]\d{3}$/.test(s)) decimalSep = sep === ',' ? (decimalComma ? ',' : null) : decimalComma ? null : '.';
    else decimalSep = sep;
  }
  const thousandSep = decimalSep === '.' ? ',' : decimalSep === ',' ? '.' : s.includes(',') ? ',' : '.';
  const [intPart, fracPart = ''] = decimalSep ? splitOnce(s, decimalSep) : [s, ''];
  const groups = intPart.split(thousandSep);
  if (groups.length > 1 && (groups[0].length === 0 || groups[0].length > THOUSANDS_GROUP || groups.slice(1).some((g) => g.length !== THOUSANDS_GROUP))) {
    return null;
  }
  if (!/^\d*$/.test(fracPart) || (decimalSep && fracPart.includes(thousandSep))) return null;
  const digits = groups.join('');
  if (!/^\d*$/.test(digits) || (digits === '' && fracPart === '')) return null;
  const value = Number(`${digits || '0'}.${fracPart || '0'}`) * (negative ? -1 : 1);
  return { value, decimals: fracPart.length, currency: detectCurrency(printed), percent };
}

function splitOnce(s: string, sep: string): [string, string] {
  const i = s.lastIndexOf(sep);
  return [s.slice(0, i), s.slice(i + 1)];
}

export interface NumberStyle {
  decimals?: number;
  thousands: string;
  decimal: string;
  negativeParens: boolean;
}

export function formatNumber(value: number, decimals: number, style: NumberStyle): string {
  const places = style.decimals ?? decimals;
  const abs = Math.abs(value);
  const fixed = abs.toFixed(places);
  const [int, frac] = fixed.split('.');
  const grouped = style.thousands ? int.replace(/\B(?=(\d{3})+(?!\d))/g, style.thousands) : int;
  const body = frac ? `${grouped}${style.decimal}${frac}` : grouped;
  const isNegative = value < 0 && Number(fixed) !== 0;
  if (!isNegative) return body;
  return style.negativeParens ? `(${body})` : `-${body}`;
}

export function looksLikeNumber(text: string): boolean {
  return parseNumber(text) !== null;
}
