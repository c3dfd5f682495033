/**
 * Item records from still more tills (issue 28 items 1 and 5, the eleventh widening; streams of their own,
 * `RECORD_SALT` and `RECORD_VALUE_SALT` in `index.ts`), as real receipts print them:
 * - the article number on the item's line with its count, price of one and amount under the heads, the article on
 *   the line under it, indented (Malaysian tills: "4132   1   20.00   20.00" over "CROCS 300X17 TUBES");
 * - under the article, its count with a unit and three decimals and no price of one, the amount beside it (German DIY
 *   stores: "1,000 STK   20,99");
 * - the currency's code as a word before each item's amount ("EUR 19,90", German pharmacies);
 * - under an item bought more than once, the price of one on a line of its own ("Einzelpreis   9,95"): no item;
 * - the tax rate itself as the class after each amount ("20,99 19"), two letters on Malaysian tills ("5.90 SR");
 * - a request asking the items by two columns only, under the names clients give them ("item" and "price").
 */
import { chance, pick, type Rand } from './random.js';
import type { Lang } from './types.js';

export interface TillRecords {
  /** `columns` with heads and a price of one: the article number on the numbers' line, the article under it. */
  codeOver: boolean;
  /** `two_line`: the count with a unit and three decimals under the article, no price of one. */
  countLine: boolean;
  /** The currency's code before each item's amount. */
  currencyWord: boolean;
  /** A line with the price of one under an item bought more than once (`classic` and `two_line` tills). */
  unitPriceLine: boolean;
  /** The tax classes printed as the rates (`19`/`7`) or as two letters (`SR`/`ZR`). */
  rateMarks: 'rates' | 'letters' | '';
  /** The items asked by their article and amount only. */
  twoColumns: boolean;
}

/** The records of one receipt, or null where it prints as before; `k` is the eleventh widening's stream. */
export function drawTillRecords(k: Rand, till: string, widthMm: number, headerRow: boolean, order: string, taxed: boolean): TillRecords | null {
  if (!chance(k, 0.6)) return null;
  return {
    codeOver: till === 'columns' && headerRow && widthMm === 80 && order.includes('p') && chance(k, 0.6),
    countLine: till === 'two_line' && chance(k, 0.5),
    currencyWord: till !== 'columns' && widthMm === 80 && chance(k, 0.3),
    unitPriceLine: (till === 'classic' || till === 'two_line') && chance(k, 0.35),
    rateMarks: taxed && chance(k, 0.4) ? pick(k, ['rates', 'letters'] as const) : '',
    twoColumns: chance(k, 0.3),
  };
}

/** The tax classes of the full and the reduced rate as the rates themselves, or as Malaysian GST codes. */
export function rateMarks(kind: 'rates' | 'letters', full: number, reduced: number): readonly [string, string] {
  return kind === 'letters' ? ['SR', 'ZR'] : [String(Math.round(full)), String(Math.round(reduced))];
}

/** The word of a line giving the price of one under an item. */
export const UNIT_PRICE_WORDS: Record<Lang, string[]> = {
  en: ['Unit price', 'Each'],
  de: ['Einzelpreis', 'je Stück'],
  fr: ['Prix unitaire', "Prix à l'unité"],
  es: ['Precio unidad', 'P. unitario'],
  nl: ['Stukprijs', 'Prijs per stuk'],
  it: ['Prezzo unitario', 'Cad.'],
  pt: ['Preço unitário', 'P. unit.'],
  pl: ['Cena jedn.', 'Cena za szt.'],
};

/** The unit a count line prints after its three decimals. */
export const COUNT_UNITS: Record<Lang, string> = { en: 'EA', de: 'STK', fr: 'PCE', es: 'UD', nl: 'ST', it: 'PZ', pt: 'UN', pl: 'SZT' };

/** Names clients ask a receipt's items by when they want two columns: the article and what its line costs. */
export const TWO_COLUMN_NAMES = { description: ['item', 'name', 'description', 'product'], line_total: ['price', 'amount', 'total', 'line_total'] };
