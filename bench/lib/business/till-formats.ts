/**
 * Item lines from still more tills (issue 28 item 1, the eighth widening; streams of their own, `FORMAT_SALT` and
 * `FORMAT_VALUE_SALT` in `index.ts`): the count and its sign before the article with the price of one in a middle
 * column (German supermarkets: "2 x Butter   2,29   4,58 A"), the count glued to the article under a quantity head
 * ("2x Apples" under "QTY"), the count and the article in one cell (restaurants: "2 Burger   19.00"), modifier lines
 * under an item ("+ Extra cheese   0.50", "- no onions": no items), savings told under an item without a minus
 * ("You saved 0.50", "Sie sparen 0,50": no item, the amount already paid less), a voided item ("Storno   -2,29": no
 * item, it takes the item back from the total) and produce weighed in pounds ("2.34 lb @ $0.59/lb").
 */
import { chance, pick, type Rand } from './random.js';
import type { Lang } from './types.js';

export interface TillFormats {
  /** `classic` 80 mm: the count and sign before the article, the price of one in a column between it and the amount. */
  signed: boolean;
  /** `signed`: the price of one printed on every line, not only where more than one was bought. */
  priceAlways: boolean;
  /** `columns` whose first column is the quantity: the count glued to the article with its sign ("2x Apples"). */
  gluedCount: boolean;
  /** `qty_first`: the count and the article in one cell ("2 Burger"). */
  countInCell: boolean;
  /** Modifier lines under some items, priced or not. */
  modifiers: boolean;
  /** A savings line under some items, its amount without a minus. */
  savings: boolean;
  /** One item voided after it was rung up. */
  voids: boolean;
  /** Weighed items in pounds, the price a pound with the currency sign (US tills). */
  pounds: boolean;
}

/** The formats of one receipt; `t` is the eighth widening's stream. */
export function drawTillFormats(t: Rand, till: string, widthMm: number, usd: boolean): TillFormats {
  return {
    signed: till === 'classic' && widthMm === 80 && chance(t, 0.7),
    priceAlways: chance(t, 0.5),
    gluedCount: till === 'columns' && chance(t, 0.7),
    countInCell: till === 'qty_first' && chance(t, 0.7),
    modifiers: (till === 'qty_first' || till === 'classic' || till === 'inline') && chance(t, 0.4),
    savings: till !== 'columns' && chance(t, 0.35),
    voids: till !== 'columns' && chance(t, 0.3),
    pounds: usd && chance(t, 0.7),
  };
}

/** Modifiers a restaurant's till prints under an item: priced extras, and priceless requests. */
export const MODIFIERS: Record<Lang, { priced: string[]; free: string[] }> = {
  en: { priced: ['+ Extra cheese', '+ Bacon', '+ Large size'], free: ['- no onions', '+ no ice', 'no sauce'] },
  de: { priced: ['+ Extra Käse', '+ Speck', '+ groß'], free: ['- ohne Zwiebeln', '- ohne Eis', 'ohne Soße'] },
  fr: { priced: ['+ Supplément fromage', '+ Bacon'], free: ['- sans oignons', '- sans glaçons'] },
  es: { priced: ['+ Extra queso', '+ Bacon'], free: ['- sin cebolla', '- sin hielo'] },
  nl: { priced: ['+ Extra kaas', '+ Spek'], free: ['- zonder ui', '- geen ijs'] },
  it: { priced: ['+ Extra formaggio', '+ Pancetta'], free: ['- senza cipolla', '- senza ghiaccio'] },
  pt: { priced: ['+ Extra queijo', '+ Bacon'], free: ['- sem cebola', '- sem gelo'] },
  pl: { priced: ['+ Dodatkowy ser', '+ Boczek'], free: ['- bez cebuli', '- bez lodu'] },
};

/** Savings a till tells under an item, the price already lowered. */
export const SAVINGS_WORDS: Record<Lang, string[]> = {
  en: ['You saved', 'You save'],
  de: ['Sie sparen', 'Ersparnis'],
  fr: ['Vous économisez', 'Économie'],
  es: ['Usted ahorra', 'Ahorro'],
  nl: ['U bespaart', 'Uw voordeel'],
  it: ['Hai risparmiato', 'Risparmio'],
  pt: ['Poupou', 'Poupança'],
  pl: ['Oszczędzasz', 'Oszczędność'],
};

/** The word of a voided item's line. */
export const VOID_WORDS: Record<Lang, string[]> = {
  en: ['VOID', 'Void item'],
  de: ['Storno', 'STORNO'],
  fr: ['Annulation', 'ANNULATION'],
  es: ['Anulación', 'ANULADO'],
  nl: ['Storno', 'Annulering'],
  it: ['Storno', 'STORNO'],
  pt: ['Anulação', 'ANULADO'],
  pl: ['Storno', 'STORNO'],
};

/** A priced or priceless modifier, drawn from `tv`; a priced one's amount. */
export function drawModifier(tv: Rand, lang: Lang): { text: string; price: number | null } {
  const words = MODIFIERS[lang];
  return chance(tv, 0.5) ? { text: pick(tv, words.priced), price: pick(tv, [0.5, 0.8, 1, 1.5]) } : { text: pick(tv, words.free), price: null };
}
