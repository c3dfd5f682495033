/**
 * An e-invoice gives each line's unit as a UN/ECE Recommendation 20 code
 * (BT-130: `H87`, `HUR`, `KGM`). A field that asks for the unit gets the unit
 * as a person writes it: the symbol where the unit has one (`h`, `kg`, `m²`),
 * else the invoice language's word (`Stk`, `pce`, `forfait`; src/extract/lang).
 * A code not listed here stays as it is; `unit code` asks for the code itself.
 */
import { languageOfCountry, LANGUAGES, type UnitWords } from '../extract/lang/index.js';
import type { EInvoice } from './model.js';

const SYMBOLS: Record<string, string> = {
  SEC: 's', MIN: 'min', HUR: 'h',
  GRM: 'g', KGM: 'kg', TNE: 't',
  MMT: 'mm', CMT: 'cm', MTR: 'm', KMT: 'km',
  MTK: 'm²', MTQ: 'm³', MLT: 'ml', LTR: 'l',
  KWH: 'kWh', KWT: 'kW', MWH: 'MWh', P1: '%',
};

/** Codes whose unit each language names in its own word. */
const WORDS: Record<string, keyof UnitWords> = {
  H87: 'piece', C62: 'piece', EA: 'piece', XPP: 'piece', XPCE: 'piece', NAR: 'piece',
  XPK: 'pack', PA: 'pack', XPA: 'pack',
  LS: 'lumpSum',
  DAY: 'day', WEE: 'week', MON: 'month', ANN: 'year',
};

export function unitName(code: string | null, words: UnitWords): string | null {
  if (code === null) return null;
  const upper = code.toUpperCase();
  const word = WORDS[upper];
  return SYMBOLS[upper] ?? (word ? words[word] : code);
}

/** A line's unit in the invoice's language: the seller's country decides, as for the rendered page (src/ingest/einvoice-pdf.ts). */
export function invoiceUnit(invoice: EInvoice, code: string | null): string | null {
  return unitName(code, LANGUAGES[languageOfCountry(invoice.seller.countryCode)].print.units);
}
