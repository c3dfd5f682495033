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

/** Issue 28 item 6: an address field returns the whole address, joined the way the page breaks it. */
describe('a till\'s address as the page breaks it, under every name integrators give it', () => {
  const head = scanned(page([
    [20, [[300, 'C W KHOO HARDWARE SDN BHD']]],
    [35, [[300, 'NO.50, JALAN PBS 14/11,']]],
    [50, [[250, 'KAWASAN PERINDUSTRIAN BUKIT SERDANG,']]],
    [65, [[300, '43300 SERI KEMBANGAN']]],
    [80, [[300, 'Tel 03-89410243']]],
    [120, [[60, 'AIR ADAPTOR'], [690, '20.00']]],
    [135, [[60, 'TOTAL'], [690, '20.00']]],
  ]));

  it.each(['address', 'merchant_address', 'seller_address', 'store_address'])('%s: one line of the value a printed line', (name) => {
    expect(rowsOf(extractFromContent(head, askWith('', name)))).toEqual([{ [name]: 'NO.50, JALAN PBS 14/11,\nKAWASAN PERINDUSTRIAN BUKIT SERDANG,\n43300 SERI KEMBANGAN' }]);
  });

  it.each(['merchant_name', 'seller_name', 'vendor', 'store_name', 'company'])('%s: the name over the address', (name) => {
    expect(rowsOf(extractFromContent(head, askWith('', name)))).toEqual([{ [name]: 'C W KHOO HARDWARE SDN BHD' }]);
  });
});

/** Issue 28: a till's date and merchant under the other names integrators ask them by. */
describe('a till\'s date and merchant under every name integrators give them', () => {
  // The scan ran the date into the time ("02/02/20177:31:08PM"): only the timestamp dates the receipt.
  const receipt = scanned(page([
    [20, [[300, 'KINGS CONFECTIONERY SDN BHD']]],
    [35, [[300, 'LOT 23, JALAN SS 6/4']]],
    [50, [[300, '47301 PETALING JAYA']]],
    [80, [[60, 'Inv No: 30785499'], [500, '02/02/20177:31:08PM']]],
    [110, [[60, 'SCONE'], [690, '7.50']]],
    [125, [[60, 'TOTAL'], [690, '7.50']]],
  ]));

  it.each(['date', 'receipt_date', 'transaction_date', 'purchase_date', 'date_of_purchase', 'invoice_date', 'issue_date', 'order_date'])('%s: the timestamp\'s date', (name) => {
    expect(rowsOf(extractFromContent(receipt, askWith('', name)))).toEqual([{ [name]: '02/02/2017' }]);
  });

  it.each(['retailer', 'retailer_name'])('%s: the name at the top', (name) => {
    expect(rowsOf(extractFromContent(receipt, askWith('', name)))).toEqual([{ [name]: 'KINGS CONFECTIONERY SDN BHD' }]);
  });
});

/**
 * Issue 28: an integrator asking a till's total alone, typed as an identifier (`total`, `amount`), means the receipt's
 * total, not the items' column a head names ("AMOUNT"); a head written as printed ("Amount") may still ask the column.
 */
describe('a till\'s total asked alone under an item head that names it', () => {
  const receipt = scanned(page([
    [20, [[300, 'SYARIKAT PERNIAGAAN GIN KEE']]],
    [35, [[300, 'NO 290, JALAN AIR PANAS']]],
    [50, [[300, '53200 KUALA LUMPUR']]],
    [80, [[60, 'ITEM'], [420, 'QTY'], [540, 'U/P'], [670, 'AMOUNT']]],
    [95, [[60, 'STEEL RULER 30CM'], [430, '1'], [540, '3.50'], [690, '3.30']]],
    [110, [[60, 'LAMINATE FILM'], [430, '1'], [540, '1.30'], [690, '1.30']]],
    [135, [[60, 'SUB-TOTAL'], [690, '4.60']]],
    [150, [[60, 'TOTAL TAX'], [690, '0.28']]],
    [165, [[60, 'ROUNDING'], [690, '0.02']]],
    [180, [[60, 'TOTAL'], [690, '4.90']]],
    [195, [[60, 'CASH'], [690, '4.90']]],
  ]));

  it.each(['total', 'amount'])('%s: the receipt\'s total, one row', (name) => {
    expect(rowsOf(extractFromContent(receipt, askWith(PLAIN, name)))).toEqual([{ [name]: '4.90' }]);
  });

  it('a head written as printed asks its column', () => {
    expect(rowsOf(extractFromContent(receipt, askWith(PLAIN, 'Amount'))).length).toBeGreaterThan(1);
  });
});
