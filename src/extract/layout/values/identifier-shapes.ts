/**
 * Identifiers a scan misread where a letter and a digit look alike (issue 26,
 * "honest confidence"): a country prints its VAT ids and IBANs in one shape
 * (letters here, digits there), and a scan's slip puts a letter where the
 * shape has a digit (`DE 12345678S`, `PL 5B61...`), a digit where it has a
 * letter (`NL123456789801` for ...B01, `1T` for IT), or loses the country's
 * first letter (`E418229100` for IE418229100). No arithmetic sees such a
 * slip, and the recognizer is sure of it: the shape is the only check. An
 * identifier that fits no shape at all (a national number, a code a country
 * prints otherwise) is not judged.
 */
import { ibanChecks } from '../../units.js';

/** EU VAT ids (and the UK's, Switzerland's) after the country prefix, spaces, points and dashes left out: the VIES formats. */
const VAT_BODY: Record<string, RegExp> = {
  AT: /^U\d{8}$/, BE: /^[01]\d{9}$/, BG: /^\d{9,10}$/, CY: /^\d{8}[A-Z]$/, CZ: /^\d{8,10}$/, DE: /^\d{9}$/, DK: /^\d{8}$/,
  EE: /^\d{9}$/, EL: /^\d{9}$/, ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/, FI: /^\d{8}$/, FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/, HR: /^\d{11}$/,
  HU: /^\d{8}$/, IE: /^(?:\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/, IT: /^\d{11}$/, LT: /^(?:\d{9}|\d{12})$/, LU: /^\d{8}$/,
  LV: /^\d{11}$/, MT: /^\d{8}$/, NL: /^\d{9}B\d{2}$/, PL: /^\d{10}$/, PT: /^\d{9}$/, RO: /^\d{2,10}$/, SE: /^\d{12}$/,
  SI: /^\d{8}$/, SK: /^\d{10}$/, GB: /^(?:\d{9}|\d{12}|GD\d{3}|HA\d{3})$/, XI: /^(?:\d{9}|\d{12})$/, CH: /^E\d{9}(?:MWST|TVA|IVA)?$/,
};

/** IBANs after the country code: two check digits and the account as the country prints it (ISO 13616 registry; n digits, a capitals, c either). */
const IBAN_BODY: Record<string, RegExp> = {
  AT: /^\d{18}$/, BE: /^\d{14}$/, BG: /^\d{2}[A-Z]{4}\d{6}[A-Z0-9]{8}$/, CH: /^\d{7}[A-Z0-9]{12}$/, CY: /^\d{10}[A-Z0-9]{16}$/,
  CZ: /^\d{22}$/, DE: /^\d{20}$/, DK: /^\d{16}$/, EE: /^\d{18}$/, ES: /^\d{22}$/, FI: /^\d{16}$/, FR: /^\d{12}[A-Z0-9]{11}\d{2}$/,
  GB: /^\d{2}[A-Z]{4}\d{14}$/, GR: /^\d{9}[A-Z0-9]{16}$/, HR: /^\d{19}$/, HU: /^\d{26}$/, IE: /^\d{2}[A-Z]{4}\d{14}$/,
  IT: /^\d{2}[A-Z]\d{10}[A-Z0-9]{12}$/, LT: /^\d{18}$/, LU: /^\d{5}[A-Z0-9]{13}$/, LV: /^\d{2}[A-Z]{4}[A-Z0-9]{13}$/,
  MT: /^\d{2}[A-Z]{4}\d{5}[A-Z0-9]{18}$/, NL: /^\d{2}[A-Z]{4}\d{10}$/, NO: /^\d{13}$/, PL: /^\d{26}$/, PT: /^\d{23}$/,
  RO: /^\d{2}[A-Z]{4}[A-Z0-9]{16}$/, SE: /^\d{22}$/, SI: /^\d{17}$/, SK: /^\d{22}$/,
};

/** The digit a scan reads a letter for, and the letters it reads a digit for. */
const DIGIT_OF: Record<string, string> = { O: '0', D: '0', Q: '0', I: '1', L: '1', '|': '1', Z: '2', S: '5', G: '6', B: '8', T: '7' };
const LETTERS_OF: Record<string, string> = { '0': 'ODQ', '1': 'IL', '2': 'Z', '5': 'S', '6': 'G', '8': 'B', '7': 'T' };

/** What an identifier is asked as: a VAT or tax id, or an IBAN. */
export type IdentifierKind = 'vat' | 'iban';

/** The one-character slips of a text: each look-alike read the other way (a letter for its digit, a digit for a letter). */
function oneSlipAway(text: string): Array<{ text: string; toDigit: boolean }> {
  const out: Array<{ text: string; toDigit: boolean }> = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const toDigit = c in DIGIT_OF;
    for (const o of DIGIT_OF[c] ?? LETTERS_OF[c] ?? '') out.push({ text: text.slice(0, i) + o + text.slice(i + 1), toDigit });
  }
  return out;
}

const PREFIXED = /^(?<cc>[A-Z]{2})(?<body>.*)$/;

/**
 * Whether `id` (compact, capitals) misses its country's shape by one look-alike, or fits it once a lost first letter
 * is put back. For an IBAN a digit where the shape has a letter is a slip only where the IBAN's check then holds (a
 * country's bank code printed with digits is no slip of the scan's); a letter where it has a digit is one always.
 */
function slipOf(id: string, kind: IdentifierKind): boolean {
  const shapes = kind === 'vat' ? VAT_BODY : IBAN_BODY;
  const fits = (t: string) => {
    const m = PREFIXED.exec(t)?.groups;
    return !!m && (shapes[m.cc]?.test(m.body) ?? false);
  };
  if (fits(id)) return false;
  if (oneSlipAway(id).some((s) => fits(s.text) && (kind === 'vat' || s.toDigit || ibanChecks(s.text)))) return true;
  // One capital before the digits of a VAT id: a country's code that lost its first letter, where the rest is that
  // country's id as a whole, nine characters or more (a national number under a letter is shorter: Spain's `B1234567`).
  if (kind !== 'vat' || !/^[A-Z]\d[A-Z0-9]{8,}$/.test(id)) return false;
  return Object.keys(shapes).some((cc) => cc.endsWith(id[0]) && fits(cc[0] + id));
}

/** The shape an IBAN-like value is judged by: a country's code and two check digits (a slip may be in either). */
const IBAN_LIKE = /^[A-Z0-9|]{2}\d{2}[A-Z0-9|]{10,}$/;

/**
 * Whether an identifier a scan read is a slip away from the shape its country prints: `kind` 'vat' for a VAT or tax
 * id (a lost country letter too), 'iban' for an IBAN (or any value shaped like one).
 */
export function isMisreadIdentifier(value: string, kind: IdentifierKind): boolean {
  const id = value.toUpperCase().replace(/[\s.\-/]/g, '');
  if (!/^[A-Z0-9|]+$/.test(id) || !/\d/.test(id)) return false;
  return (kind === 'vat' || IBAN_LIKE.test(id)) && slipOf(id, kind);
}

/**
 * A name a scan read with a digit for a letter: a digit that looks like one between two letters (`Bäcker0i`,
 * `L1dl`), or a word of such digits each with its point where a name prints initials or a legal form (`Sp. z 0.0.`
 * for `o.o.`). A name's own digits stand apart from its letters (`7-Eleven`, `Studio 54`) or lead them (`3M`).
 */
export function isMisreadName(value: string): boolean {
  return value.split(/\s+/).some((w) => /\p{L}[01580]\p{L}/u.test(w) || /^(?:[01580]\.){2,}$/.test(w));
}
