import { describe, expect, it } from 'vitest';
import { readRows, ask } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * A packing list scanned with its net weight's head misread ("Da" for "Peso netto kg": a date's "from" to the lexicon),
 * its records' descriptions starting a line above their figures. A date's head over a column without dates names
 * nothing it holds: the net weight no head names is the column of weights between the packages and the gross weight.
 */
const list: TypesetLine[] = [
  [300, [[70, 'Codice'], [160, 'Descrizione articolo'], [450, 'Quantità'], [560, 'Colli'], [660, 'Da'], [780, 'Peso lordo (kg)']]],
  [330, [[70, 'Ordine n. 275543']]],
  [355, [[160, 'Switch di rete 24']]],
  [370, [[70, '417639'], [160, 'porte Lotto: 129429'], [450, '34 nr'], [566, '17'], [660, '303.80'], [790, '315.70']]],
  [385, [[160, 'Lotto B-7634']]],
  [395, [[160, 'Servizio di']]],
  [410, [[70, '190893'], [160, 'pulizia mensile'], [450, '300 nr'], [566, '20'], [660, '190.80'], [790, '204.80']]],
  [425, [[160, 'Lotto B-9234']]],
  [435, [[160, 'Sedia da ufficio']]],
  [450, [[70, '703961'], [160, 'ergonomica'], [450, '30 nr'], [572, '6'], [666, '94.00'], [790, '101.20']]],
  [465, [[160, 'Lotto B-1150']]],
];

describe('a net weight under a misread head over records of two lines', () => {
  it('takes the column of weights between the packages and the gross weight', () => {
    const rows = readRows(list, ask('item_code', 'description', 'quantity', 'packages', 'net_weight', 'gross_weight'));
    expect(rows.filter((r) => r.gross_weight).map((r) => [r.item_code, r.packages, r.net_weight, r.gross_weight])).toEqual([
      ['417639', '17', '303.80', '315.70'],
      ['190893', '20', '190.80', '204.80'],
      ['703961', '6', '94.00', '101.20'],
    ]);
  });
});
