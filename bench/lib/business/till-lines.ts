/**
 * What more tills print on their item lines (issue 28 item 1, the sixth widening; a stream of its own, `TILL_SALT` in
 * `index.ts`): items sold by weight with a `0,456 kg x 2,99 EUR/kg` line (German supermarkets, UK and US produce
 * scales), an article number or EAN before the article (Aldi, Lidl) or after it (US retail, a UPC in the middle of
 * the line), tax class marks other than `A`/`B` (`1`/`2` as drugstores print them, `T`/`N` as US tills do), the
 * currency sign on every item's amount, a discount line under an item ("Rabatt 0,30-"; no item: it lowers the sum)
 * and a deposit line after a bottle ("Pfand 0,25"; an item of its own, charged with its own amount).
 */
import { formatNumber, type Locale } from './locale.js';
import { chance, int, pick, type Rand } from './random.js';
import type { Lang } from './types.js';

export interface TillExtras {
  /** Some items sold by weight, a weight × price a kilo line where a count line would be. */
  weighed: boolean;
  /** An article number on each item line: before the article or after it (a UPC between it and the amount). */
  code: 'before' | 'after' | '';
  codeDigits: number;
  /** The tax class marks of the full and the reduced rate. */
  marks: readonly [string, string];
  /** Each item's amount printed with the currency sign. */
  itemCurrency: boolean;
  /** Discount lines under some items, their amount negative as `-0,30` or `0,30-`. */
  discounts: 'minus' | 'trailing' | '';
  /** Deposit lines after some items. */
  deposits: boolean;
}

const MARKS: ReadonlyArray<readonly [string, string]> = [
  ['A', 'B'],
  ['1', '2'],
  ['T', 'N'],
];

/** Produce a scale weighs. */
export const WEIGHED_ITEMS: Record<Lang, string[]> = {
  en: ['BANANAS LOOSE', 'Apples Gala', 'Carrots loose', 'Grapes red'],
  de: ['Bananen lose', 'Äpfel Elstar', 'Karotten lose', 'Weintrauben hell'],
  fr: ['Bananes vrac', 'Pommes Gala', 'Carottes vrac', 'Raisin blanc'],
  es: ['Plátanos granel', 'Manzanas Gala', 'Zanahorias', 'Uvas blancas'],
  nl: ['Bananen los', 'Appels Elstar', 'Wortelen los', 'Druiven wit'],
  it: ['Banane sfuse', 'Mele Gala', 'Carote sfuse', 'Uva bianca'],
  pt: ['Banana avulso', 'Maçã Gala', 'Cenoura avulso', 'Uva branca'],
  pl: ['Banany luz', 'Jabłka Gala', 'Marchew luz', 'Winogrona jasne'],
};
const WEIGHT_UNIT: Record<Lang, string> = { en: 'kg', de: 'kg', fr: 'kg', es: 'kg', nl: 'kg', it: 'kg', pt: 'kg', pl: 'kg' };
export const DISCOUNT_WORDS: Record<Lang, string[]> = {
  en: ['Discount', 'Savings', 'Promo'],
  de: ['Rabatt', 'Preisvorteil', 'Aktionsrabatt'],
  fr: ['Remise', 'Réduction'],
  es: ['Descuento', 'Promoción'],
  nl: ['Korting', 'Actiekorting'],
  it: ['Sconto', 'Promozione'],
  pt: ['Desconto', 'Promoção'],
  pl: ['Rabat', 'Promocja'],
};
export const DEPOSIT_WORDS: Record<Lang, string[]> = {
  en: ['Bottle deposit', 'Deposit'],
  de: ['Pfand', 'Leergut Pfand', 'Pfand Einweg'],
  fr: ['Consigne'],
  es: ['Depósito envase'],
  nl: ['Statiegeld'],
  it: ['Cauzione vuoto'],
  pt: ['Depósito tara'],
  pl: ['Kaucja'],
};

/** The extras of one receipt; `z` is the sixth widening's stream, `till` and `widthMm` the receipt's. */
export function drawTillExtras(z: Rand, till: string, widthMm: number): TillExtras {
  const single = till === 'classic' || till === 'inline';
  return {
    weighed: (single || till === 'two_line') && chance(z, 0.4),
    code: single && chance(z, 0.3) ? (till === 'classic' && widthMm === 80 && chance(z, 0.4) ? 'after' : 'before') : '',
    codeDigits: pick(z, [6, 8, 13]),
    marks: pick(z, MARKS),
    itemCurrency: chance(z, 0.2),
    discounts: chance(z, 0.3) ? pick(z, ['minus', 'trailing'] as const) : '',
    deposits: till !== 'columns' && chance(z, 0.3),
  };
}

/** A weighed item: the article, its weight and price a kilo as printed, the amount. */
export function weighedItem(zv: Rand, lang: Lang, l: Locale, sign: 'x' | '@', currency: string) {
  const kg = int(zv, 60, 1999) / 1000;
  const perKg = int(zv, 99, 1499) / 100;
  const weight = formatNumber(kg, l.number, 3);
  const unit = WEIGHT_UNIT[lang];
  return {
    article: pick(zv, WEIGHED_ITEMS[lang]),
    kg,
    perKgValue: perKg,
    weight,
    perKg: formatNumber(perKg, l.number, 2),
    text: `${weight} ${unit} ${sign} ${formatNumber(perKg, l.number, 2)} ${currency}/${unit}`,
    total: Math.round(kg * perKg * 100) / 100,
  };
}

/** An amount with the currency sign as tills print it on item lines (`1,29 €`, `$3.79`). */
export function withSign(text: string, l: Locale): string {
  const gap = /\p{L}/u.test(l.money.symbol) ? ' ' : '';
  return l.money.place === 'before' ? `${l.money.symbol}${gap}${text}` : `${text} ${l.money.symbol}`;
}
