import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * An invoice's last page holds its tax breakdown and no item: each rate's taxed base, the rate and the tax, where
 * base × rate / 100 = tax as a price per hundred units gives an item's amount. Under heads naming a tax's rate and
 * amount ("USt. %", "Steuerbetrag") the three are no quantity, unit price and line total.
 */
const breakdown: TypesetLine[] = [
  [300, [[80, 'Art (Kategorie)'], [300, 'Basisbetrag'], [420, 'USt. %'], [540, 'Steuerbetrag']]],
  [330, [[80, 'Umsatzsteuer (S)'], [300, '275,00'], [432, '7'], [550, '19,25']]],
  [360, [[80, 'Umsatzsteuer (S)'], [300, '198,00'], [432, '19'], [550, '37,62']]],
  [390, [[80, 'Umsatzsteuer (S)'], [300, '120,00'], [432, '19'], [550, '22,80']]],
];

describe('a tax breakdown alone on a page', () => {
  it('gives no item by the arithmetic of its rates', () => {
    const rows = readRows(breakdown, ask('description', 'quantity', 'unit_price', 'line_total'));
    expect(rows.filter((r) => r.quantity !== null || r.line_total !== null)).toEqual([]);
  });
});

/** Items printed without heads (an invoice's second page) whose price is per hundred units keep being read so. */
const perHundred: TypesetLine[] = [
  [300, [[80, 'Schrauben M4x20'], [300, '500'], [420, '4,20'], [540, '21,00']]],
  [330, [[80, 'Muttern M4'], [300, '1000'], [420, '1,90'], [540, '19,00']]],
  [360, [[80, 'Scheiben M4'], [300, '200'], [420, '0,80'], [540, '1,60']]],
];

describe('headless items priced per hundred', () => {
  it('are read by their arithmetic', () => {
    const rows = readRows(perHundred, ask('description', 'quantity', 'unit_price', 'line_total'));
    expect(rows.map((r) => r.line_total)).toEqual(['21,00', '19,00', '1,60']);
  });
});
