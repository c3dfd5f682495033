import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { ask, page, rowsOf } from './helpers/requests.js';

/** Issue 28 item 6: how a till receipt was paid, in the words German tills print for a card. */
describe('the payment means of a German till', () => {
  it.each(['Kartenzahlung', 'EC-Kartenzahlung', 'Kreditkartenzahlung'])('reads "%s" over a masked card number as how it was paid', (means) => {
    const receipt = page([
      [20, [[380, 'SCHÄFER AG']]],
      [35, [[380, 'Gartenweg 128']]],
      [50, [[380, '01067 Dresden']]],
      [90, [[50, 'Bananen lose'], [860, '3,68']]],
      [105, [[50, 'Kaffee gemahlen'], [860, '4,01']]],
      [130, [[50, 'Summe'], [850, '7,69']]],
      [145, [[50, means], [870, '7,69']]],
      [160, [[50, '************2325']]],
      [185, [[50, 'MwSt 19%'], [890, '1,23']]],
    ]);
    expect(rowsOf(extractFromContent(receipt, ask('payment_method', 'total_amount')))).toEqual([{ payment_method: means, total_amount: '7,69' }]);
  });
});
