import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * An invoice whose items' amounts stand under "Nettobetrag", the word its totals print before the net sum: over an
 * item table's column it is each line's net amount, as a bare "Netto" or "Imponibile" asked beside the items is
 * (concepts/line.ts, BARE_WORD_LINE_READINGS). The tax breakdown under the items prints "Warenwert" (the net sum's
 * word too) over the taxed base, beside no head of an item's column: it stays no item table. A discount leaves no
 * quantity × price ≈ amount to find the column by.
 */
const invoice: TypesetLine[] = [
  [300, [[80, 'Pos'], [140, 'Beschreibung'], [420, 'Menge'], [520, 'Einzelpreis'], [620, 'Rabatt'], [720, 'Nettobetrag']]],
  [330, [[80, '1'], [140, 'Trennblätter A4'], [420, '20'], [550, '9,90'], [626, '5 %'], [756, '188,10']]],
  [360, [[80, '2'], [140, 'Joghurt Banane'], [420, '50'], [550, '5,50'], [626, '5 %'], [756, '261,25']]],
  [460, [[140, 'Warenwert'], [420, 'USt. %'], [520, 'USt.-Betrag']]],
  [490, [[140, '188,10'], [432, '19'], [550, '35,74']]],
  [520, [[140, '261,25'], [438, '7'], [550, '18,29']]],
];

describe('a net amount head over the items', () => {
  it("gives each line's amount under it", () => {
    const rows = readRows(invoice, ask('description', 'quantity', 'unit_price', 'line_total'));
    expect(rows).toEqual([
      { description: 'Trennblätter A4', quantity: '20', unit_price: '9,90', line_total: '188,10' },
      { description: 'Joghurt Banane', quantity: '50', unit_price: '5,50', line_total: '261,25' },
    ]);
  });
});

/** The breakdown alone on the invoice's last page, under heads of a tax breakdown's own. */
const breakdown: TypesetLine[] = [
  [300, [[80, 'Art (Kategorie)'], [300, 'Warenwert'], [520, 'USt.-Betrag']]],
  [330, [[80, 'VAT (S)'], [300, '15387,08'], [520, '2923,55']]],
  [360, [[80, 'Belegsummen:']]],
  [390, [[300, 'Bruttosumme'], [520, '18310,63']]],
];

describe('a tax breakdown alone on a page', () => {
  it('gives no item its taxed base', () => {
    const rows = readRows(breakdown, ask('description', 'quantity', 'unit_price', 'line_total'));
    expect(rows).toEqual([{ description: null, quantity: null, unit_price: null, line_total: null }]);
  });
});
