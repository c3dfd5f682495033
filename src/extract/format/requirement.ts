/**
 * Reads a free-text format_requirement into a small set of instructions. Only
 * phrasings it recognizes become instructions; everything else is ignored, so
 * an unusual request leaves values as read instead of mangling them.
 */

export type ValueKind = 'date' | 'number' | 'currency_code' | 'percent' | 'boolean' | 'text';

export interface FormatSpec {
  /** What the field holds, as far as the requirement says; guides column matching too. */
  kind?: ValueKind;
  datePattern?: string;
  /** Numeric dates in the input are month-first (US). */
  monthFirstInput?: boolean;
  decimals?: number;
  thousands?: string;
  decimal?: string;
  negativeParens?: boolean;
  keepCurrencySymbol?: boolean;
  /** Percentages: `fraction` turns 12% into 0.12, `sign` keeps/adds "%", `number` drops it. */
  percentAs?: 'fraction' | 'sign' | 'number';
  letterCase?: 'upper' | 'lower' | 'title';
  digitsOnly?: boolean;
  oneOf?: string[];
  booleanWords?: [string, string];
  noWhitespace?: boolean;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four'];

const DATE_TOKEN = /\b((?:YYYY|YY|MMMM|MMM|MM|M|DD|D)(?:[^A-Za-z0-9]{0,3}(?:YYYY|YY|MMMM|MMM|MM|M|DD|D)){1,2})\b/;

function parseDatePattern(text: string): string | undefined {
  if (/\biso[\s-]?8601\b|\biso date\b|\biso format\b/i.test(text) && !DATE_TOKEN.test(text.toUpperCase().replace(/\bISO\b/g, ''))) {
    return /time/i.test(text) ? 'ISO' : 'YYYY-MM-DD';
  }
  // Patterns are written in any case ("dd/mm/yyyy"); upper-case only the pattern itself.
  const m = /\b([ydm]{1,4}(?:[^A-Za-z0-9\s]{1,3}|\s)[ydm]{1,4}(?:(?:[^A-Za-z0-9\s]{1,3}|\s)[ydm]{1,4})?)\b/i.exec(text);
  if (m && /y/i.test(m[1]) && /m/i.test(m[1])) return m[1].toUpperCase();
  const named = /\b(M{3,4}\s+D{1,2},?\s+Y{2,4}|D{1,2}\s+M{3,4}\s+Y{2,4})\b/i.exec(text);
  if (named) return named[1].toUpperCase();
  return undefined;
}

function parseOneOf(text: string): string[] | undefined {
  const m = /\b(?:one of|must be one of|choose from|allowed values?|either)\s*:?\s*(.+)$/i.exec(text);
  if (!m) return undefined;
  const options = m[1]
    .split(/\s*(?:,|\/|\||;|\bor\b)\s*/i)
    .map((o) => o.trim().replace(/^["'“‘]|["'”’.]$/g, '').trim())
    .filter((o) => o.length > 0);
  // One option is no choice.
  return options.length > 1 ? options : undefined;
}

function parseSeparators(text: string, spec: FormatSpec): void {
  const [number, thousands, decimal] = /\b\d{1,3}([.,' ])\d{3}([.,])\d{1,4}\b/.exec(text) ?? [];
  if (number && thousands !== decimal) {
    spec.thousands = thousands;
    spec.decimal = decimal;
    spec.decimals ??= number.length - number.lastIndexOf(decimal) - 1;
  }
  if (/\b(comma|,)\s+(as\s+)?(the\s+)?decimal|decimal\s+(separator\s+)?(is\s+)?(a\s+)?comma|european (number )?format/i.test(text)) {
    spec.decimal = ',';
    spec.thousands ??= '.';
  }
  if (/\b(dot|period|point)\s+(as\s+)?(the\s+)?decimal|decimal\s+(separator\s+)?(is\s+)?(a\s+)?(dot|period|point)/i.test(text)) {
    spec.decimal = '.';
  }
  if (/\bno thousands?\b|\bwithout thousands?\b|\bno (digit )?grouping\b|\bplain number\b/i.test(text)) spec.thousands = '';
  else if (/\b(with )?thousands? separators?\b|\bcomma[- ]separated thousands\b/i.test(text) && spec.thousands === undefined) {
    spec.thousands = spec.decimal === ',' ? '.' : ',';
  }
  if (/\bspace (as )?thousands?\b|\bthousands? (separated by|with) (a )?space/i.test(text)) spec.thousands = ' ';
}

export function parseRequirement(text: string): FormatSpec {
  const spec: FormatSpec = {};
  const t = text.trim();
  if (!t) return spec;
  const lower = t.toLowerCase();

  if (/^image_region\b/i.test(t)) return spec;

  const datePattern = parseDatePattern(t);
  if (datePattern || /\bdate\b/.test(lower)) {
    spec.kind = 'date';
    spec.datePattern = datePattern;
    if (/\b(us|american) (date|format)\b|\bmonth[- ]first\b|\binput is mm/i.test(t)) spec.monthFirstInput = true;
    else if (/\b(uk|european) (date|format)\b|\bday[- ]first\b|\binput is dd/i.test(t)) spec.monthFirstInput = false;
  }

  const [, places] = /\b(\d+|no|zero|one|two|three|four)\s+(?:decimal(?:\s+places?|s)?|digits? after the (?:decimal )?point|dp)\b/i.exec(t) ?? [];
  if (places) {
    // A number written as a word is its place in this list; "no" is none.
    const word = places.toLowerCase();
    spec.decimals = word === 'no' ? 0 : NUMBER_WORDS.includes(word) ? NUMBER_WORDS.indexOf(word) : Number(places);
  }
  if (/\binteger\b|\bwhole numbers?\b/.test(lower)) spec.decimals = 0;
  parseSeparators(t, spec);
  if (/negative.*parenthes|parenthes.*negative|accounting format/i.test(t)) spec.negativeParens = true;
  if (/\b(keep|with|include) (the )?currency symbol\b/i.test(t)) spec.keepCurrencySymbol = true;

  if (/\bcurrency code\b|\biso[\s-]?4217\b|\bthree[- ]letter currency\b|\b3[- ]letter currency\b/i.test(t)) spec.kind = 'currency_code';
  else if (
    !spec.kind &&
    (spec.decimals !== undefined || spec.decimal !== undefined || spec.thousands !== undefined ||
      /\b(number|numeric|amount|decimal|price|currency|money|quantity|strip (the )?currency|no currency)\b/.test(lower))
  ) {
    spec.kind = 'number';
  }

  if (/\bpercent(age)?s?\b|%/.test(lower)) {
    if (/\b(as (a )?)?(decimal|fraction|ratio)\b(?! places)/.test(lower) && !/\bdecimal places\b/.test(lower)) spec.percentAs = 'fraction';
    else if (/\b(without|no|strip|drop|remove)\b.*(%|sign|symbol)/.test(lower)) spec.percentAs = 'number';
    else spec.percentAs = 'sign';
    spec.kind = 'percent';
  }

  if (/\b(upper ?case|all caps|capital letters|uppercase)\b/.test(lower)) spec.letterCase = 'upper';
  else if (/\blower ?case\b/.test(lower)) spec.letterCase = 'lower';
  else if (/\btitle ?case\b|\bcapitali[sz]ed?\b/.test(lower)) spec.letterCase = 'title';

  if (/\b(digits|numbers|numerals) only\b|\bonly (digits|numbers|numerals)\b|\bnumeric characters only\b/.test(lower)) {
    spec.digitsOnly = true;
    if (spec.kind === 'number') delete spec.kind;
  }
  if (/\bno (spaces|whitespace)\b|\bwithout (spaces|whitespace)\b|\bremove (all )?(spaces|whitespace)\b/.test(lower)) spec.noWhitespace = true;

  const oneOf = parseOneOf(t);
  if (oneOf) {
    const [yes, no, ...more] = oneOf;
    if (!more.length && isBooleanPair(yes, no)) spec.booleanWords = [yes, no];
    else spec.oneOf = oneOf;
    if (spec.kind === 'number' || spec.kind === 'date') delete spec.kind;
  }
  const pair = /\b(yes\s*\/\s*no|y\s*\/\s*n|true\s*\/\s*false|boolean)\b/i.exec(t);
  if (!spec.booleanWords && pair) {
    const p = pair[1].toLowerCase().replace(/\s/g, '');
    const words: [string, string] = p === 'y/n' ? ['Y', 'N'] : p === 'true/false' || p === 'boolean' ? ['true', 'false'] : ['yes', 'no'];
    // Keep the capitalisation the requester wrote ("Yes/No" → "Yes").
    if (p !== 'boolean' && p !== 'y/n') {
      const [a, b] = pair[1].split('/').map((x) => x.trim());
      spec.booleanWords = [a, b];
    } else {
      spec.booleanWords = words;
    }
  }
  if (spec.booleanWords) spec.kind = 'boolean';
  return spec;
}

function isBooleanPair(a: string, b: string): boolean {
  const pairs = [['yes', 'no'], ['y', 'n'], ['true', 'false']];
  return pairs.some(([x, y]) => a.toLowerCase() === x && b.toLowerCase() === y);
}

/** Field-level instructions win over the template-wide ones, key by key. */
export function mergeSpecs(global: FormatSpec, field: FormatSpec): FormatSpec {
  const merged: FormatSpec = { ...global };
  for (const [k, v] of Object.entries(field)) {
    if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
  }
  // A global date or number style must not turn a field explicitly of another kind into that kind.
  if (field.kind && global.kind && field.kind !== global.kind) merged.kind = field.kind;
  return merged;
}
