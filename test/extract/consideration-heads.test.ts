import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * A German invoice heads each line's net amount "Entgelt", the consideration in the VAT law's wording (the printed view
 * of XRechnung and ZUGFeRD invoices prints it so), right of the tax rate and the gross price.
 */
const invoice: TypesetLine[] = [
  [300, [[80, 'Pos'], [140, 'Beschreibung'], [380, 'Menge'], [460, 'Nettopreis'], [560, 'USt. %'], [640, 'Bruttopreis'], [760, 'Entgelt']]],
  [330, [[80, '1'], [140, 'Trennblätter A4'], [380, '20 Stk'], [490, '9,90'], [576, '19'], [660, '11,78'], [776, '198,00']]],
  [360, [[80, '2'], [140, 'Joghurt Banane'], [380, '50 Stk'], [490, '5,50'], [576, '7'], [660, '5,89'], [776, '275,00']]],
];

describe('an "Entgelt" head over the items', () => {
  it("gives each line's amount under it", () => {
    const rows = readRows(invoice, ask('description', 'line_total'));
    expect(rows).toEqual([
      { description: 'Trennblätter A4', line_total: '198,00' },
      { description: 'Joghurt Banane', line_total: '275,00' },
    ]);
  });
});
