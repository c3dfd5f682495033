import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

const letterhead: TypesetLine[] = [
  [20, [[50, 'Acme Consulting Ltd'], [600, 'INVOICE']]],
  [40, [[600, 'Invoice no. 2024-017']]],
];

/** Heads set at their columns' left edge, the figures set right under them. */
const invoice: TypesetLine[] = [
  ...letterhead,
  [100, [[50, 'Description'], [300, 'Quantity'], [420, 'Unit price'], [600, 'Amount']]],
  [120, [[50, 'Consulting'], [380, '10'], [536, '95.00'], [744, '950.00']]],
  [135, [[50, 'Travel expenses'], [386, '1'], [530, '240.00'], [744, '240.00']]],
  [150, [[50, 'Licence'], [386, '3'], [536, '12.50'], [750, '37.50']]],
  [190, [[600, 'Total'], [732, '1,227.50']]],
];

const singleItem: TypesetLine[] = [
  ...letterhead,
  [100, [[50, 'Description'], [380, 'Quantity'], [500, 'Price'], [700, 'Total']]],
  [120, [[50, 'Annual maintenance contract'], [400, '1'], [512, '1,200.00'], [706, '1,200.00']]],
  [160, [[500, 'Subtotal'], [706, '1,200.00']]],
  [175, [[500, 'VAT 20%'], [712, '240.00']]],
  [190, [[500, 'Total due'], [706, '1,440.00']]],
];

const items = [
  ['Consulting', '10', '95.00', '950.00'],
  ['Travel expenses', '1', '240.00', '240.00'],
  ['Licence', '3', '12.50', '37.50'],
];

/** The rows `items` give under `names`, in that order. */
const rowsUnder = (names: string[], values: string[][]) => values.map((v) => Object.fromEntries(names.map((n, k) => [n, v[k]])));

describe('line columns asked under the names integrators type', () => {
  it('reads "desc" as the description, not as the discount a Portuguese "Desc." heads', () => {
    for (const names of [['desc', 'qty', 'unit_price', 'total'], ['item_desc', 'qty', 'price', 'line_amount']]) {
      expect(readRows(invoice, ask(...names))).toEqual(rowsUnder(names, items));
      expect(readRows(singleItem, ask(...names))).toEqual(rowsUnder(names, [['Annual maintenance contract', '1', '1,200.00', '1,200.00']]));
    }
  });

  it('gives a name the catalogue does not know the column whose head names what no other field asks', () => {
    const names = ['title', 'quantity', 'price', 'sum'];
    expect(readRows(invoice, ask(...names))).toEqual(rowsUnder(names, items));
    // One item: no shapes of values to go by, the head "Description" says the column holds text.
    expect(readRows(singleItem, ask(...names))).toEqual(rowsUnder(names, [['Annual maintenance contract', '1', '1,200.00', '1,200.00']]));
  });
});

describe('an invoice of one item', () => {
  it('gives the article number the column of codes under "Item" when the description has its own head', () => {
    const invoice: TypesetLine[] = [
      ...letterhead,
      // "Item" heads the article's name on many invoices; here the name stands under "Description".
      [100, [[50, 'Item'], [130, 'Description'], [380, 'Qty'], [500, 'Price'], [700, 'Amount']]],
      [120, [[50, '80017'], [130, 'Annual support'], [386, '1'], [518, '1,200.00'], [712, '1,200.00']]],
      [230, [[500, 'Total'], [712, '1,200.00']]],
    ];
    for (const code of ['sku', 'item_code']) {
      expect(readRows(invoice, ask(code, 'description', 'quantity', 'unit_price', 'line_total'))).toEqual([
        { [code]: '80017', description: 'Annual support', quantity: '1', unit_price: '1,200.00', line_total: '1,200.00' },
      ]);
    }
  });
});
