import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { ask, page, rowsOf } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/** A till's roll: an article over its count, price and amount, a one-line item, then another such record. */
const till: TypesetLine[] = [
  [20, [[300, 'SUPERMARKT MUSTER']]],
  [35, [[300, 'Hauptstr. 1, Berlin']]],
  [80, [[200, 'Coffee beans']]],
  [92, [[220, '2 x 3.79'], [720, '7.58']]],
  [107, [[200, 'Milk 1l'], [720, '0.99']]],
  [122, [[200, 'Bread']]],
  [134, [[220, '3 x 1.20'], [720, '3.60']]],
  [160, [[200, 'TOTAL'], [720, '12.17']]],
  [175, [[200, 'VISA'], [720, '12.17']]],
];

const read = (...names: string[]) => rowsOf(extractFromContent({ ...page(till), aspect: 0.4 }, ask(...names)));

describe('a till record over two lines after an item of one line', () => {
  it('reads the words over the record\'s counts as its article, not as the item\'s second line', () => {
    expect(read('description', 'amount')).toEqual([
      { description: 'Coffee beans', amount: '7.58' },
      { description: 'Milk 1l', amount: '0.99' },
      { description: 'Bread', amount: '3.60' },
    ]);
    expect(read('description', 'quantity', 'unit_price', 'line_total')).toEqual([
      { description: 'Coffee beans', quantity: '2', unit_price: '3.79', line_total: '7.58' },
      { description: 'Milk 1l', quantity: null, unit_price: null, line_total: '0.99' },
      { description: 'Bread', quantity: '3', unit_price: '1.20', line_total: '3.60' },
    ]);
    // Asked with no fields, the same three items.
    expect(read().map((r) => r.Description)).toEqual(['Coffee beans', 'Milk 1l', 'Bread']);
  });
});
