import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { typeset } from './helpers/words.js';
import { ask, rowsOf } from './helpers/requests.js';

/**
 * An invoice whose item header names document concepts too: "Amount" (the
 * quantity, as some issuers write it), "VAT" and "Total" beside "Product" and
 * "Price"; the totals follow as label: value lines.
 */
const invoice = {
  words: typeset([
    [260, [[60, 'Amount'], [160, 'Product'], [420, 'VAT'], [520, 'Price'], [640, 'Total']]],
    [285, [[60, '1.00'], [160, 'Design hours'], [420, '7%'], [520, '160.00 €'], [640, '160.00 €']]],
    [310, [[60, '400.00'], [160, 'Balloons'], [420, '19%'], [520, '0.79 €'], [640, '316.00 €']]],
    [335, [[60, '800.00'], [160, 'Hot air (litres)'], [420, '19%'], [520, '0.025 €'], [640, '20.00 €']]],
    [380, [[60, 'Net total: 496.00 €']]],
    [420, [[60, 'VAT total: 75.04 €']]],
    [440, [[60, 'Due payable: 571.04 €']]],
  ]),
  rules: [],
  pictures: [],
  aspect: 1,
};

describe('document totals beside an item header that names them', () => {
  it('reads the totals from their labels, not from the header over the first item', () => {
    expect(rowsOf(extractFromContent(invoice, ask('amount_before_tax', 'tax_amount', 'total_amount')))).toEqual([
      { amount_before_tax: '496.00 €', tax_amount: '75.04 €', total_amount: '571.04 €' },
    ]);
  });

  it('answers one document field alone with the document value, not with a column the header happens to name', () => {
    expect(rowsOf(extractFromContent(invoice, ask('total_amount')))).toEqual([{ total_amount: '571.04 €' }]);
    // Named word for word as printed, the head is the column asked for.
    expect(rowsOf(extractFromContent(invoice, ask('Total')))).toEqual([{ Total: '160.00 €' }, { Total: '316.00 €' }, { Total: '20.00 €' }]);
  });
});
