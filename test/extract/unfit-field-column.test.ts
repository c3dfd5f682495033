import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { ask, page, rowsOf } from './helpers/requests.js';

/**
 * A packing list's page without heads as a scan read it: the count, its unit, the packages and the box's measures ran
 * into one cell ("40 Std 2 120x77x18"), so no column holds the measures alone. The dimensions asked fit no column; the
 * codes, descriptions and weights are still the items' columns, and the dimensions stay empty.
 */
const merged = page([
  [50, [[70, '146472'], [180, 'Beratung Senior-Ingenieur'], [470, '40 Std 2 120x77x18'], [770, '193,8'], [870, '197,8']]],
  [75, [[70, '707418'], [180, 'Bürostuhl mit Lordosenstütze'], [470, '14 Stk 14 29x42x21'], [776, '29,1'], [876, '40,3']]],
  [100, [[70, '767155'], [180, 'USB-C-Kabel 2 m'], [470, '60 Stk 3 90x32x41'], [770, '336,8'], [870, '339,8']]],
]);

describe('an asked field no column fits', () => {
  it('stays empty and costs the table none of its other columns', () => {
    const rows = rowsOf(extractFromContent(merged, ask('item_code', 'description', 'quantity', 'unit', 'packages', 'dimensions', 'net_weight', 'gross_weight')));
    expect(rows.map((r) => [r.item_code, r.description, r.dimensions, r.net_weight, r.gross_weight])).toEqual([
      ['146472', 'Beratung Senior-Ingenieur', null, '193,8', '197,8'],
      ['707418', 'Bürostuhl mit Lordosenstütze', null, '29,1', '40,3'],
      ['767155', 'USB-C-Kabel 2 m', null, '336,8', '339,8'],
    ]);
  });
});
