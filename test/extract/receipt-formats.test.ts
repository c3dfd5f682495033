import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';

/** Receipts as tills print them where the project's generator prints none of the kind (issue 28). */
const lineRequest = ask('description', 'quantity', 'unit_price', 'line_total');

describe('receipt item formats the generator lacks (issue 28)', () => {
  it('reads a count printed before the article with its sign ("2 x Apples", "2x", "3 *", "1 @") as the quantity', () => {
    const rows = readRows(
      [
        [20, [[300, 'Corner Shop']]],
        [60, [[50, 'Milk 2L'], [850, '1.45']]],
        [75, [[50, '2 x Apples'], [650, '0.60'], [850, '1.20']]],
        [90, [[50, '2x Pears'], [650, '0.70'], [850, '1.40']]],
        [105, [[50, '3 * Yogurt'], [650, '0.45'], [850, '1.35']]],
        [120, [[50, '1 @ Bread'], [850, '2.10']]],
        [135, [[50, 'Cheddar 400g'], [850, '3.75']]],
        [160, [[50, 'TOTAL'], [820, '11.25']]],
      ],
      lineRequest,
    );
    expect(rows).toEqual([
      { description: 'Milk 2L', quantity: null, unit_price: null, line_total: '1.45' },
      { description: 'Apples', quantity: '2', unit_price: '0.60', line_total: '1.20' },
      { description: 'Pears', quantity: '2', unit_price: '0.70', line_total: '1.40' },
      { description: 'Yogurt', quantity: '3', unit_price: '0.45', line_total: '1.35' },
      { description: 'Bread', quantity: '1', unit_price: null, line_total: '2.10' },
      { description: 'Cheddar 400g', quantity: null, unit_price: null, line_total: '3.75' },
    ]);
  });
});

describe('receipt counts printed after the article (issue 28)', () => {
  it('reads "Apples 2 @ 0.60   1.20" as the article, its count and its price of one when they give the amount', () => {
    const rows = readRows(
      [
        [20, [[300, 'Fresh Mart']]],
        [60, [[50, 'Apples 2 @ 0.60'], [850, '1.20']]],
        [75, [[50, 'Bread'], [850, '2.10']]],
        [90, [[50, 'Yogurt 3 x 0.45'], [850, '1.35']]],
        [105, [[50, 'Milk 2L'], [850, '1.45']]],
        [130, [[50, 'TOTAL'], [820, '6.10']]],
      ],
      lineRequest,
    );
    expect(rows).toEqual([
      { description: 'Apples', quantity: '2', unit_price: '0.60', line_total: '1.20' },
      { description: 'Bread', quantity: null, unit_price: null, line_total: '2.10' },
      { description: 'Yogurt', quantity: '3', unit_price: '0.45', line_total: '1.35' },
      { description: 'Milk 2L', quantity: null, unit_price: null, line_total: '1.45' },
    ]);
  });
});
