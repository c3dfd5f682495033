import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { askWith, page, rowsOf, scanned } from './helpers/requests.js';

const PLAIN = 'number with a dot as decimal separator, no thousands separator';

/** A till's receipt: the merchant at the top, then each [text, amount] line, the amount at the right edge. */
const till = (lines: Array<[string, string]>) =>
  scanned(page([[20, [[300, 'C W HARDWARE SDN BHD']]], [35, [[300, 'NO. 50, JALAN PBS 14/11']]], ...lines.map(([text, amount], i): [number, Array<[number, string]>] => [100 + i * 15, [[60, text], [690, amount]]])]));

/**
 * Issue 28: integrators ask a receipt's total under the names they know (`total`, `total_amount`, `grand_total`,
 * `amount_due`); a till prints no amount due apart from its total, so each name finds the same amount.
 */
describe('a till\'s total under every name integrators give it', () => {
  it.each<{ title: string; lines: Array<[string, string]>; total: string }>([
    {
      title: 'a count of items over a total the tax and the cash confirm',
      lines: [['AIR ADAPTOR 1 @ 20.00', '20.00'], ['5 Item(s) Total (MYR):', '20.00'], ['GST @ 6%', '1.20'], ['Net Total (MYR)', '21.20'], ['Cash', '21.20'], ['Change', '0.00']],
      total: '21.20',
    },
    {
      title: 'a total only what was tendered less the change gives, its label damaged',
      lines: [['Kaffee', '4.99'], ['Brot', '14.99'], ['SUNNE', '19.98'], ['Gegeben BAR', '20.00'], ['Rückgeld', '0.02']],
      total: '19.98',
    },
  ])('$title', ({ lines, total }) => {
    const names = ['total', 'total_amount', 'grand_total', 'amount_due'];
    const got = names.map((name) => rowsOf(extractFromContent(till(lines), askWith(PLAIN, name)))[0]?.[name]);
    expect(got).toEqual(names.map(() => total));
  });
});
