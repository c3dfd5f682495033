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

describe('till formats of the seventh widening (issue 28, rcpt28c)', () => {
  it('reads "2 Burger   19.00" as the count and the article where most items open with a count', () => {
    const rows = readRows(
      [
        [20, [[300, 'Diner 66']]],
        [60, [[50, '2 Burger'], [850, '19.00']]],
        [75, [[50, '1 Cola'], [850, '2.50']]],
        [90, [[50, '3 Fries large'], [850, '9.00']]],
        [115, [[50, 'TOTAL'], [820, '30.50']]],
      ],
      lineRequest,
    );
    expect(rows).toEqual([
      { description: 'Burger', quantity: '2', unit_price: null, line_total: '19.00' },
      { description: 'Cola', quantity: '1', unit_price: null, line_total: '2.50' },
      { description: 'Fries large', quantity: '3', unit_price: null, line_total: '9.00' },
    ]);
  });

  it('keeps a count that opens one article alone its own ("7 Up")', () => {
    const rows = readRows(
      [
        [20, [[300, 'Diner 66']]],
        [60, [[50, 'Burger'], [850, '9.50']]],
        [75, [[50, '7 Up'], [850, '2.50']]],
        [90, [[50, 'Fries'], [850, '3.00']]],
        [115, [[50, 'TOTAL'], [820, '15.00']]],
      ],
      lineRequest,
    );
    expect(rows.map((r) => [r.description, r.quantity])).toEqual([
      ['Burger', null],
      ['7 Up', null],
      ['Fries', null],
    ]);
  });

  it('reads modifier lines ("+ Extra cheese 0.50", "- no onions") as no items and no second description line', () => {
    const rows = readRows(
      [
        [20, [[300, 'Diner 66']]],
        [60, [[50, 'Burger'], [850, '9.50']]],
        [75, [[60, '+ Extra cheese'], [850, '0.50']]],
        [90, [[50, 'Hot dog'], [850, '4.00']]],
        [105, [[55, '- no onions']]],
        [120, [[50, 'Cola'], [850, '2.50']]],
        [145, [[50, 'TOTAL'], [820, '16.50']]],
      ],
      lineRequest,
    );
    expect(rows.map((r) => [r.description, r.line_total])).toEqual([
      ['Burger', '9.50'],
      ['Hot dog', '4.00'],
      ['Cola', '2.50'],
    ]);
  });

  it('reads savings told and a void ("You saved 0.50", "Sie sparen 0,30", "Storno -2,29") as no items', () => {
    const en = readRows(
      [
        [20, [[300, 'Corner Shop']]],
        [60, [[50, 'Milk 2L'], [850, '1.45']]],
        [75, [[60, 'You saved'], [850, '0.50']]],
        [90, [[50, 'Bread'], [850, '2.10']]],
        [105, [[50, 'VOID Bread'], [850, '-2.10']]],
        [120, [[50, 'Eggs'], [850, '3.20']]],
        [145, [[50, 'TOTAL'], [820, '4.65']]],
      ],
      lineRequest,
    );
    expect(en.map((r) => [r.description, r.line_total])).toEqual([
      ['Milk 2L', '1.45'],
      ['Bread', '2.10'],
      ['Eggs', '3.20'],
    ]);
    const de = readRows(
      [
        [20, [[300, 'Markt']]],
        [60, [[50, 'Butter'], [850, '2,29 A']]],
        [75, [[60, 'Sie sparen'], [850, '0,30']]],
        [90, [[50, 'Storno'], [850, '-2,29 A']]],
        [105, [[50, 'Milch'], [850, '1,19 A']]],
        [130, [[50, 'SUMME'], [820, '1,19']]],
      ],
      lineRequest,
    );
    expect(de.map((r) => [r.description, r.line_total])).toEqual([
      ['Butter', '2,29'],
      ['Milch', '1,19'],
    ]);
  });

  it('reads a middle price column after "2 x Butter" (German tills): the count the quantity, the article the words after', () => {
    const rows = readRows(
      [
        [20, [[300, 'Frischmarkt']]],
        [60, [[50, '2 x Butter'], [600, '2,29'], [850, '4,58 A']]],
        [75, [[50, 'Milch'], [600, '1,19'], [850, '1,19 A']]],
        [90, [[50, '3 x Joghurt'], [600, '0,45'], [850, '1,35 B']]],
        [105, [[50, 'Brot'], [600, '2,10'], [850, '2,10 A']]],
        [130, [[50, 'SUMME'], [820, '9,22']]],
      ],
      lineRequest,
    );
    expect(rows).toEqual([
      { description: 'Butter', quantity: '2', unit_price: '2,29', line_total: '4,58' },
      { description: 'Milch', quantity: null, unit_price: '1,19', line_total: '1,19' },
      { description: 'Joghurt', quantity: '3', unit_price: '0,45', line_total: '1,35' },
      { description: 'Brot', quantity: null, unit_price: '2,10', line_total: '2,10' },
    ]);
  });

  it('joins a wrapped line set under the count ("2 x Halfvolle melk" over "Light") to the article', () => {
    const rows = readRows(
      [
        [20, [[300, 'Buurtwinkel']]],
        [60, [[50, 'Tomaten'], [850, '8,80']]],
        [75, [[50, '5 x Halfvolle melk'], [600, '1,14'], [850, '5,70']]],
        [90, [[50, 'Light']]],
        [105, [[50, 'Koffiebonen'], [850, '8,03']]],
        [130, [[50, 'TOTAAL'], [820, '22,53']]],
      ],
      lineRequest,
    );
    expect(rows).toEqual([
      { description: 'Tomaten', quantity: null, unit_price: null, line_total: '8,80' },
      { description: 'Halfvolle melk Light', quantity: '5', unit_price: '1,14', line_total: '5,70' },
      { description: 'Koffiebonen', quantity: null, unit_price: null, line_total: '8,03' },
    ]);
  });

  it('reads a weighed line under the article in pounds ("2.34 lb @ $0.59/lb") as its quantity and price a pound', () => {
    const rows = readRows(
      [
        [20, [[300, 'Corner Shop']]],
        [60, [[50, 'BANANAS'], [850, '1.38']]],
        [75, [[60, '2.34 lb @ $0.59/lb']]],
        [90, [[50, 'Bread'], [850, '2.10']]],
        [115, [[50, 'TOTAL'], [820, '3.48']]],
      ],
      lineRequest,
    );
    expect(rows).toEqual([
      { description: 'BANANAS', quantity: '2.34', unit_price: '$0.59', line_total: '1.38' },
      { description: 'Bread', quantity: null, unit_price: null, line_total: '2.10' },
    ]);
  });
});
