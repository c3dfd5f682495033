import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import type { Rule } from '../../src/extract/types.js';
import { typeset } from './helpers/words.js';
import { ask, rowsOf } from './helpers/requests.js';

/** Page content whose word boxes hug the glyphs the way OCR boxes do: 7 units high where the text layer gives the font's 10. */
function scanned(lines: Parameters<typeof typeset>[0], rules: Rule[] = []) {
  const words = typeset(lines).map((w) => ({ ...w, box: { ...w.box, y2: w.box.y1 + 0.007 } }));
  return { words, rules, pictures: [], aspect: 1 };
}

/** A short horizontal rule from x1 to x2 at `y` (page units). */
const stroke = (x1: number, x2: number, y: number): Rule => ({ x1: x1 / 1000, y1: y / 1000, x2: x2 / 1000, y2: y / 1000 });

describe('a named table read as the inferred one reads it', () => {
  it('reads a statement whole when a photo finds strokes along the foot of its words as rules, in runs over two columns', () => {
    const rows: Parameters<typeof typeset>[0] = [
      [70, [[70, 'Date'], [180, 'Description'], [450, 'Debit'], [560, 'Credit'], [700, 'Balance']]],
      [100, [[70, '01.07.2022'], [180, 'Savings transfer'], [450, '2.332,48'], [700, '3.333,67']]],
      [120, [[70, '02.07.2022'], [180, 'Insurance premium'], [560, '418,75'], [700, '3.752,42']]],
      [140, [[70, '02.07.2022'], [180, 'Interest'], [450, '2.361,41'], [700, '1.391,01']]],
      [160, [[70, '03.07.2022'], [180, 'Cash withdrawal'], [560, '327,62'], [700, '1.718,63']]],
    ];
    // Strokes 6 units under each word's top (inside its box, below the band `throughWord` tests): one run under the
    // descriptions, one under the balances, each on three rows, as two ruled grids side by side would draw them.
    const strokes = [100, 120, 140].flatMap((y) => [stroke(182, 300, y + 6), stroke(702, 760, y + 6)]);
    const read = rowsOf(extractFromContent(scanned(rows, strokes), ask('date', 'description', 'debit', 'credit', 'balance')));
    expect(read.map((r) => [r.date, r.description, r.debit, r.credit, r.balance])).toEqual([
      ['01.07.2022', 'Savings transfer', '2.332,48', null, '3.333,67'],
      ['02.07.2022', 'Insurance premium', null, '418,75', '3.752,42'],
      ['02.07.2022', 'Interest', '2.361,41', null, '1.391,01'],
      ['03.07.2022', 'Cash withdrawal', null, '327,62', '1.718,63'],
    ]);
  });

  it('keeps a line under the heads that holds no figure out of the items when the names come from the heads above it', () => {
    const rows: Parameters<typeof typeset>[0] = [
      [70, [[70, 'Item No.'], [180, 'Details'], [450, 'Qty'], [560, 'Unit Price'], [700, 'Total']]],
      [84, [[70, 'Delivery'], [180, 'note 891351']]],
      [110, [[70, '275190'], [180, 'Whiteboard markers, pack of 12'], [456, '6'], [560, '2.34'], [700, '14.04']]],
      [130, [[70, '226165'], [180, 'LED desk lamp'], [456, '5'], [560, '256.28'], [700, '1,281.40']]],
      [150, [[70, '344012'], [180, 'Office chair'], [456, '2'], [560, '149.00'], [700, '298.00']]],
    ];
    const read = rowsOf(extractFromContent(scanned(rows), ask('item_code', 'description', 'count', 'price', 'line_amount')));
    expect(read.map((r) => [r.item_code, r.description, r.line_amount])).toEqual([
      ['275190', 'Whiteboard markers, pack of 12', '14.04'],
      ['226165', 'LED desk lamp', '1,281.40'],
      ['344012', 'Office chair', '298.00'],
    ]);
  });
});
