import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { askWith, page, rowsOf } from './helpers/requests.js';

const PLAIN = 'number with a dot as decimal separator, no thousands separator';

/** A till's receipt: the merchant at the top, then each [text, amount] line, the amount at the right edge. */
const till = (merchant: string, lines: Array<[string, string]>) =>
  page([[40, [[200, merchant]]], ...lines.map(([text, amount], i): [number, Array<[number, string]>] => [100 + i * 15, [[60, text], [690, amount]]])]);

/** Totals of receipts under the labels real tills print (issue 28: the total is the amount after the total label). */
describe('real receipts: totals under till labels', () => {
  it.each<{ title: string; merchant: string; lines: Array<[string, string]>; asked: string[]; expected: Record<string, string> }>([
    {
      title: 'reads the total under a label that says the tax is included',
      merchant: 'IN-SPARKLE TRADING SDN BHD',
      lines: [['531600309035 ALARM CLOCK', '100.00'], ['531600309036 ALARM CLOCK XL', '150.00'], ['Total Sales Incl. GST @ 6%', 'RM 250.00']],
      asked: ['total'],
      expected: { total: '250.00' },
    },
    {
      title: 'tells the amount before tax from the total by "excl. of" and "incl. of" the tax',
      merchant: 'KEDAI RUNCIT CHONG HWA',
      lines: [['Liquid Medicine', 'RM33.90'], ['Total Excl. of GST', 'RM31.98'], ['Total Incl. of GST', 'RM33.90'], ['Cash Tendered', 'RM50.00']],
      asked: ['amount_before_tax', 'total'],
      expected: { amount_before_tax: '31.98', total: '33.90' },
    },
  ])('$title', ({ merchant, lines, asked, expected }) => {
    expect(rowsOf(extractFromContent(till(merchant, lines), askWith(PLAIN, ...asked)))).toEqual([expected]);
  });
});
