import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * A scanned price list: the third item's price reads as letters ("Zi" for "21,50") and the row sits a little lower
 * than the others (a scan's ragged line boxes). It holds no data cell, yet it is an item row, not the heads of a
 * second table: the items under it stay in the one table.
 */
const prices: TypesetLine[] = [
  [300, [[100, 'Art.-Nr.'], [220, 'Bezeichnung'], [520, 'Einheit'], [640, 'Preis']]],
  [330, [[100, 'A-1001'], [220, 'Schraube M4'], [520, 'Stk'], [640, '0,45']]],
  [350, [[100, 'A-1002'], [220, 'Mutter M4'], [520, 'Stk'], [640, '0,12']]],
  [370, [[100, 'A-1003'], [220, 'Dübel 6 mm'], [520, 'Stk'], [640, '0,09']]],
  [402, [[100, 'A-1004'], [220, 'Winkel verzinkt'], [520, 'Pck'], [640, 'Zi']]],
  [422, [[100, 'A-1005'], [220, 'Scharnier'], [520, 'Stk'], [640, '3,80']]],
  [442, [[100, 'A-1006'], [220, 'Kabelbinder'], [520, 'Pck'], [640, '2,95']]],
];

describe('a scanned item row whose price reads as letters', () => {
  it('heads no table of its own: the items under it stay items', () => {
    const rows = readRows(prices, ask('item_code', 'description', 'unit_price'));
    expect(rows.map((r) => r.item_code)).toEqual(['A-1001', 'A-1002', 'A-1003', 'A-1004', 'A-1005', 'A-1006']);
    expect(rows.map((r) => r.unit_price)).toEqual(['0,45', '0,12', '0,09', 'Zi', '3,80', '2,95']);
  });
});
