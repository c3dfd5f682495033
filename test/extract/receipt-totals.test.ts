import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import type { ExtractResult } from '../../src/extract/types.js';
import { ask, askWith, page, rowsOf, scanned } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

const request = askWith('number with a dot as decimal separator, no thousands separator', 'amount_before_tax', 'tax_amount', 'total_amount');
const confidenceOf = (r: ExtractResult, field: string) => (r.ok && 'confidence' in r.rows[0][field] ? r.rows[0][field].confidence : undefined);

/** The three totals a scanned receipt's `lines` read as, by arithmetic. */
const totalsOf = (lines: TypesetLine[]) => rowsOf(extractFromContent(scanned(page(lines)), request))[0];

describe('a receipt\'s amount before tax and total, chosen by arithmetic', () => {
  it.each<{ title: string; lines: TypesetLine[]; expected: Record<string, string> }>([
    {
      title: 'takes the amount before tax from a tax summary\'s amount column, the total taking a cash payment\'s rounding in',
      lines: [
        [100, [[60, 'Total GST (RM) :'], [650, '18.81']]],
        [120, [[60, 'Rounding (RM) :'], [650, '-0.01']]],
        [140, [[60, 'Total (RM) :'], [650, '332.30']]],
        [180, [[60, 'GST SUMMARY']]],
        [200, [[60, 'SR'], [300, '6'], [450, '313.50'], [650, '18.81']]],
      ],
      expected: { amount_before_tax: '313.50', tax_amount: '18.81', total_amount: '332.30' },
    },
    {
      title: 'takes the tax a tax line prints after the amount it is levied on, and no number under a tax label as large as the total',
      lines: [
        [20, [[60, 'GST ID:'], [200, '000381399040']]],
        [100, [[60, 'Total RM Including GST 6%'], [650, '538.00']]],
        [140, [[60, 'GST'], [200, 'SR'], [300, '6%'], [450, '538.00'], [650, '30.45']]],
        [160, [[60, 'Amt. Excl. GST'], [650, '507.55']]],
      ],
      expected: { amount_before_tax: '507.55', tax_amount: '30.45', total_amount: '538.00' },
    },
    {
      // The tax is 5.5 % of the amount before it.
      title: 'reads a rate printed with a decimal comma ("5,5%") as the page prints it',
      lines: [
        [100, [[60, 'TOTAL TTC'], [650, '211,00']]],
        [140, [[60, 'TVA'], [300, '5,5%'], [450, '200,00'], [650, '11,00']]],
        [160, [[60, 'TOTAL HT'], [650, '200,00']]],
      ],
      expected: { amount_before_tax: '200.00', tax_amount: '11.00', total_amount: '211.00' },
    },
    {
      // "RM152.00 00": the last word repeats the cents; the amount is the one before it, not 0.
      title: 'reads the ringgit joined to its amount and passes over the cents a scan echoes after it',
      lines: [
        [40, [[60, '4x 38.00'], [600, 'RM152.00 00']]],
        [80, [[60, 'SUBTOTAL'], [600, 'RM152.00 00']]],
        [100, [[60, 'GST 0%'], [600, 'RM0.00']]],
        [140, [[60, 'CASH'], [600, 'RM152.00']]],
      ],
      expected: { amount_before_tax: '152.00', tax_amount: '0.00', total_amount: '152.00' },
    },
    {
      title: 'takes the cash tendered less the change, both echoed, for the total that the amount taxed and the tax add up to',
      lines: [
        [40, [[60, 'YELLOW LAKSA'], [600, 'RM11.60 S']]],
        [60, [[60, 'YELLOW LAKSA'], [600, 'RM11.60 S']]],
        [80, [[60, 'CENDOL'], [600, 'RM11.60 S']]],
        [120, [[60, 'CASH'], [600, 'RM100.00 00']]],
        [140, [[60, 'CHANGE'], [600, 'RM46.40 40']]],
        [180, [[60, 'TAXABLE AMOUNT'], [600, 'RM50.57']]],
        [200, [[60, '6% GST'], [600, 'RM3.03']]],
      ],
      expected: { amount_before_tax: '50.57', tax_amount: '3.03', total_amount: '53.60' },
    },
    {
      title: 'reads a tax summary\'s amount column as the amount taxed, never the total',
      lines: [
        [40, [[60, 'infiniti 97'], [450, '16.32'], [650, '41.95']]],
        [80, [[60, 'TOTAL AMOUNT PAYABLE']]],
        [100, [[60, 'EDC MASTER'], [600, 'RM 41.95']]],
        [140, [[60, 'GST SUMMARY'], [400, 'Amount RM'], [650, 'Tax RM']]],
        [160, [[60, 'S: Standard 6%'], [400, '39.58'], [650, '2.37']]],
      ],
      expected: { amount_before_tax: '39.58', tax_amount: '2.37', total_amount: '41.95' },
    },
    {
      title: 'reads the totals under abbreviated labels',
      lines: [
        [40, [[60, '00004285'], [300, '5'], [450, '16.00'], [650, '80.00']]],
        [60, [[60, '00002348'], [300, '4'], [450, '14.00'], [650, '56.00']]],
        [100, [[60, 'Gross Amt'], [650, '136.00']]],
        [120, [[60, 'GST (6%)'], [650, '0.00']]],
        [140, [[60, 'Net Amt:'], [650, '136.00']]],
        [160, [[60, 'Received'], [650, '150.00']]],
        [180, [[60, 'Change'], [650, '14.00']]],
      ],
      expected: { amount_before_tax: '136.00', tax_amount: '0.00', total_amount: '136.00' },
    },
  ])('$title', ({ lines, expected }) => {
    expect(totalsOf(lines)).toEqual(expected);
  });

  it('takes the amount before tax printed under a label it does not know as the total less the tax, and makes none up', () => {
    const inclusive = scanned(page([
      [40, [[60, 'Green Tea'], [650, '1.50']]],
      [60, [[60, 'Kake Udon'], [650, '11.60']]],
      [100, [[60, 'SubTotal :'], [650, '13.10']]],
      [120, [[60, 'Total :'], [650, '13.10']]],
      [140, [[60, 'Total Excluded Tax'], [650, '12.36']]],
      [160, [[60, 'GST 6% :'], [650, '0.74']]],
    ]));
    const r = extractFromContent(inclusive, request);
    expect(rowsOf(r)[0]).toEqual({ amount_before_tax: '12.36', tax_amount: '0.74', total_amount: '13.10' });
    // Found because the sum holds, the sum cannot also confirm it.
    expect(confidenceOf(r, 'amount_before_tax')).toBeLessThan(0.9);
    // No amount printed is the total less the tax: the amount before tax is not made up.
    expect(totalsOf([
      [100, [[60, 'GST 6%'], [650, '0.80']]],
      [120, [[60, 'TOTAL'], [650, '14.10']]],
      [140, [[60, 'CASH'], [650, '20.00']]],
    ]).amount_before_tax).toBeNull();
  });

  it('works the total out from the cash tendered less a change line whose word the scan misread by a letter', () => {
    const receipt = (change: string): TypesetLine[] => [
      [40, [[60, '1.000 STK'], [650, '19.99']]],
      [80, [[60, 'GEGEBEN'], [300, 'BAR'], [650, '20.00']]],
      [100, [[60, change], [300, 'EUR'], [650, '0.01']]],
      [140, [[60, 'MWST-CODE'], [300, 'NETTO-Entgelt'], [500, 'MWST-Betrag']]],
      [160, [[60, '19.00 %'], [300, '16.80'], [500, '3.19']]],
    ];
    const r = extractFromContent(scanned(page(receipt('RÜCKGEI.D'))), request);
    expect(rowsOf(r)[0]).toEqual({ amount_before_tax: '16.80', tax_amount: '3.19', total_amount: '19.99' });
    expect(confidenceOf(r, 'total_amount')).toBeLessThan(0.9);
    // A short word one letter off is another word: no change line, no total worked out.
    expect(totalsOf(receipt('RESTE')).total_amount).not.toBe('19.99');
  });

  it('takes what was tendered less the change over an amount under the subtotal that adds a service charge read as the tax', () => {
    // The total's own amount is lost; "SERVICE CHARGE" 15.00 under a tax summary's head reads as a tax, and 150.00 + 15.00
    // is printed under the subtotal. The cash less the change says 174.90 was paid.
    const receipt = scanned(page([
      [40, [[60, '1'], [150, 'GUINESS 12 GLASSES'], [650, '150.00']]],
      [80, [[60, 'SUB TOTAL'], [650, '150.00']]],
      [100, [[60, 'TOTAL'], [650, '(ng']]],
      [120, [[60, 'CASH'], [650, '200.00']]],
      [140, [[60, 'CHANGE'], [650, '25.10']]],
      [180, [[60, 'Tax Summary'], [450, 'Amount'], [650, 'Tax']]],
      [200, [[60, 'SVC SERVICE CHARGE 10'], [450, '150.00'], [650, '15.00']]],
      [220, [[60, 'SR GST 6%'], [450, '165.00'], [650, '9.90']]],
    ]));
    const r = extractFromContent(receipt, request);
    expect(rowsOf(r)[0].total_amount).toBe('174.90');
    // Worked out, not read: never sure.
    expect(confidenceOf(r, 'total_amount')).toBeLessThan(0.7);
  });

  it('reads a total label whose bracket the scan read as a brace', () => {
    const receipt = scanned(page([
      [40, [[60, 'Balance Points'], [650, '412.00']]],
      [80, [[60, 'Total {Inclusive of GST):'], [650, '48.16']]],
      [100, [[60, 'Earned Points'], [650, '41.00']]],
    ]));
    expect(rowsOf(extractFromContent(receipt, ask('total_amount')))[0].total_amount).toBe('48.16');
  });
});
