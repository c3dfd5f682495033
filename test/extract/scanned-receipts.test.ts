import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { ask, page, rowsOf } from './helpers/requests.js';

/** A narrow receipt as a scan reads it: words of one cell set wide apart, tax class letters standing alone, the shop's street number at the right, a sign read onto its count. */
const receipt = page([
  [30, [[340, 'Hauptstraße'], [620, '63']]],
  [50, [[70, '2023-11-01'], [320, '11:27'], [560, 'Beleg-Nr.'], [800, '483835']]],
  [80, [[70, 'Apfelsaft'], [776, '16,98'], [910, 'A']]],
  [95, [[110, '2 x 8,49']]],
  [110, [[70, 'Käse'], [184, 'Gouda'], [776, '37,26'], [910, 'A']]],
  [130, [[70, 'Vollmilch'], [300, '1L'], [800, '0,98'], [910, 'A']]],
  [150, [[70, 'Brötchen'], [776, '25,41'], [910, 'A']]],
  [165, [[110, '3x 8,47']]],
  [185, [[70, 'GESAMT'], [794, '80,63']]],
]);

describe('receipt items off a scan', () => {
  it('reads amounts whose tax class letter stands apart, descriptions parted into cells, and no street number as an item', () => {
    expect(rowsOf(extractFromContent(receipt, ask('description', 'quantity', 'unit_price', 'line_total')))).toEqual([
      { description: 'Apfelsaft', quantity: '2', unit_price: '8,49', line_total: '16,98' },
      { description: 'Käse Gouda', quantity: null, unit_price: null, line_total: '37,26' },
      { description: 'Vollmilch 1L', quantity: null, unit_price: null, line_total: '0,98' },
      // The multiplication sign clinging to the count.
      { description: 'Brötchen', quantity: '3', unit_price: '8,47', line_total: '25,41' },
    ]);
  });
});
