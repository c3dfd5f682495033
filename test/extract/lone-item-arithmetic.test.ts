import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * An invoice's last page: its heads on the page before, one item record left (position, price, count with its unit,
 * rate, amount, the article's words under the figures), then the tax breakdown under its own heads. 50 × 5,5000 =
 * 275,00 names the item's three columns, though a single row agrees.
 */
const lastPage: TypesetLine[] = [
  [138, [[92, '2'], [411, '5,5000'], [565, '50 Stk'], [737, '7 %'], [847, '275,00']]],
  [159, [[267, 'Joghurt']]],
  [173, [[126, 'ARNR2'], [267, 'Banane']]],
  [186, [[126, '4000050986428']]],
  [287, [[84, 'Zahlungsbedingungen:']]],
  [315, [[85, 'Beschreibung'], [654, 'Fälligkeit'], [804, 'Teilzahlung']]],
  [330, [[85, 'Zahlbar innerhalb 30 Tagen netto bis 04.04.2018, 3%']]],
  [445, [[85, 'Art (Kategorie)'], [271, 'Warenwert'], [521, 'Basisbetrag'], [713, 'USt. %'], [794, 'Steuerbetrag']]],
  [460, [[85, 'Umsatzsteuer'], [226, '(S)'], [572, '275,00'], [763, '7'], [864, '19,25']]],
  [476, [[85, 'Umsatzsteuer'], [226, '(S)'], [572, '198,00'], [753, '19'], [864, '37,62']]],
  [519, [[483, 'Positionssumme'], [854, '473,00']]],
  [596, [[483, 'Bruttosumme'], [854, '529,87']]],
];

describe('a single item without heads', () => {
  it('is read by its count × price, the price told from the count by its decimals', () => {
    const rows = readRows(lastPage, ask('description', 'quantity', 'unit_price', 'line_total'));
    const item = rows.find((r) => r.line_total === '275,00');
    expect(item).toMatchObject({ quantity: '50 Stk', unit_price: '5,5000' });
  });
});

/** A count of one agrees with any price equal to the amount: one such row names no columns. */
const countOfOne: TypesetLine[] = [
  [138, [[92, '1'], [411, '12,00'], [565, '1'], [847, '12,00']]],
  [159, [[267, 'Porto']]],
];

describe('a single row of a count of one', () => {
  it('gives no item by arithmetic', () => {
    const rows = readRows(countOfOne, ask('description', 'quantity', 'unit_price', 'line_total'));
    expect(rows.filter((r) => r.quantity !== null && r.unit_price !== null)).toEqual([]);
  });
});
