import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { askWith, page, rowsOf } from './helpers/requests.js';

const PLAIN = 'number with a dot as decimal separator, no thousands separator';

/** A till's receipt: the merchant at the top, then each [text, amount] line, the amount at the right edge. */
const till = (merchant: string, lines: Array<[string, string]>) =>
  page([[40, [[200, merchant]]], ...lines.map(([text, amount], i): [number, Array<[number, string]>] => [100 + i * 15, [[60, text], [690, amount]]])]);

/** A tax line opened by its tax class of two marks (a GST code, or the rate printed as the class): the label follows it. */
describe('a till tax line opened by a class of two marks', () => {
  it.each<{ title: string; lines: Array<[string, string]>; expected: Record<string, string> }>([
    {
      title: 'reads the tax and its rate after a GST code of two capitals',
      lines: [['93929323 MILK 2L', '14.43 SR'], ['22310522 BANANAS', '5.04 SR'], ['AMOUNT DUE', '19.47'], ['VISA', '19.47'], ['SR VAT 20%', '3.25']],
      expected: { tax_amount: '3.25', tax_rate: '20%' },
    },
    {
      title: 'reads the tax and its rate after the rate printed as the class',
      lines: [['PAO DE FORMA', '1,20'], ['LEITE', '0,99'], ['TOTAL', '2,19'], ['23 IVA 23%', '0,41']],
      expected: { tax_amount: '0,41', tax_rate: '23%' },
    },
  ])('$title', ({ lines, expected }) => {
    expect(rowsOf(extractFromContent(till('HARBOURSIDE LTD', lines), askWith('', 'tax_amount', 'tax_rate')))).toEqual([expected]);
  });

  it('keeps a line whose two capitals are no class before a rate out of it', () => {
    expect(rowsOf(extractFromContent(till('HARBOURSIDE LTD', [['MILK', '1.20'], ['TOTAL', '1.20'], ['NO RECEIPT NEEDED', '0.00']]), askWith(PLAIN, 'tax_amount')))).toEqual([{ tax_amount: null }]);
  });
});
