import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';

describe('a box measures in a packing list', () => {
  it('keeps a box measures set with spaced signs ("88 x 26 x 32") in one cell', () => {
    const rows = readRows(
      [
        [100, [[60, 'Item no.'], [160, 'Description'], [400, 'Qty'], [470, 'Dimensions (cm)'], [620, 'Net (kg)'], [720, 'Gross (kg)']]],
        [122, [[60, '711548'], [160, 'Whiteboard markers'], [412, '84'], [470, '88 x 26 x 32'], [632, '186.30'], [732, '209.10']]],
        [144, [[60, '658277'], [160, 'Consulting hours'], [412, '13'], [470, '19 x 60 x 23'], [632, '319.60'], [732, '321.50']]],
        [166, [[60, '648540'], [160, 'Copy paper A4'], [406, '100'], [470, '47 x 60 x 38'], [638, '35.60'], [738, '47.60']]],
        [188, [[60, '833803'], [160, 'Network switch'], [412, '10'], [470, '12 x 67 x 59'], [632, '223.70'], [732, '226.50']]],
      ],
      ask('item_code', 'quantity', 'dimensions', 'net_weight'),
    );
    expect(rows.map((r) => r.dimensions)).toEqual(['88 x 26 x 32', '19 x 60 x 23', '47 x 60 x 38', '12 x 67 x 59']);
    expect(rows.map((r) => r.net_weight)).toEqual(['186.30', '319.60', '35.60', '223.70']);
  });
});
