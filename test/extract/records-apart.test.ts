import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * The printed view of an XRechnung: each item's record (position, article, price, count, tax, amount), its article
 * numbers under it, a note line ("Bruttopreis : 9,90") and a white gap before the next record. The second record
 * stands on the first's columns and is an item of the same table, asked by name or not.
 */
const items: TypesetLine[] = [
  [752, [[88, 'Pos'], [254, 'Beschreibung'], [409, 'Nettopreis'], [600, 'Menge'], [723, 'Steuer'], [847, 'Entgelt']]],
  [766, [[123, 'Art-Nr']]],
  [788, [[97, '1'], [261, 'Trennblätter'], [470, '9,90'], [593, '20 Stk'], [690, '19 % VAT (S)'], [856, '198,00']]],
  [801, [[121, 'TB100A4'], [261, 'A4']]],
  [815, [[121, '4012345001235']]],
  [845, [[276, 'Bruttopreis : 9,90']]],
  [882, [[99, '2'], [266, 'Joghurt'], [441, '5,50'], [575, '50 Stk'], [680, '7 % VAT (S)'], [856, '275,00']]],
  [896, [[125, 'ARNR2'], [266, 'Banane']]],
];

describe('an item record set apart by a gap and a note', () => {
  it('is a row of the headed table above it', () => {
    const rows = readRows(items, ask('description', 'quantity', 'unit_price', 'line_total'));
    expect(rows.filter((r) => r.line_total !== null).map((r) => [r.quantity, r.line_total])).toEqual([['20 Stk', '198,00'], ['50 Stk', '275,00']]);
  });
});

/** A block of totals under the items fills other columns than an item: it stays apart. */
const withTotals: TypesetLine[] = [
  ...items.slice(0, 6),
  [882, [[480, 'Positionssumme'], [856, '198,00']]],
  [896, [[480, 'Steuerbetrag'], [862, '37,62']]],
];

describe('totals set apart under the items', () => {
  it('are no item', () => {
    const rows = readRows(withTotals, ask('description', 'quantity', 'unit_price', 'line_total'));
    expect(rows.filter((r) => r.line_total !== null).map((r) => r.line_total)).toEqual(['198,00']);
  });
});
