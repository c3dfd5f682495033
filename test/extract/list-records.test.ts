import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import type { Rule } from '../../src/extract/types.js';
import { ask, page, readRows, rowsOf } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

// Price lists' and packing lists' records (issue 28): a group line a narrow column's border cuts, an article line over
// its description on a page continued without heads, records wrapped round their figures between row rules.
describe('records of price lists and packing lists', () => {
  it('reads a group line cut by a narrow column border as no item', () => {
    const rows = readRows(
      [
        [100, [[60, 'Carton'], [130, 'Item no.'], [230, 'Description'], [480, 'Qty'], [540, 'Net (kg)'], [640, 'Gross (kg)']]],
        [122, [[60, 'Delivery note DN-558440']]],
        [144, [[60, '1-16'], [130, '938455'], [230, 'Office cleaning, monthly'], [486, '144'], [552, '24.80'], [652, '42.40']]],
        [166, [[60, '17-36'], [130, '387670'], [230, 'LED desk lamp'], [486, '200'], [546, '179.40'], [646, '201.40']]],
        [188, [[60, '37-52'], [130, '962268'], [230, 'Consulting, engineer'], [486, '352'], [552, '32.40'], [652, '46.80']]],
        [210, [[60, '53-59'], [130, '872783'], [230, 'Annual licence renewal'], [492, '98'], [546, '174.10'], [646, '178.30']]],
      ],
      ask('item_code', 'description', 'quantity', 'net_weight'),
    );
    expect(rows.map((r) => r.item_code)).toEqual(['938455', '387670', '962268', '872783']);
  });

  it('parts an article line from its description on a page continued without heads', () => {
    const records: Array<[string, string, string]> = [
      ['81-1813', 'Whiteboard markers, pack of 12', '969,82'],
      ['68-4679', 'LED desk lamp', '240,04'],
      ['55-7004', 'Office chair with lumbar support', '806,44'],
      ['32-4245', 'Coffee beans Arabica 1 kg', '893,91'],
    ];
    const lines: TypesetLine[] = records.flatMap(([code, description, price], i): TypesetLine[] => [
      [100 + i * 36, [[60, code], [540 - price.length * 6, price]]],
      [112 + i * 36, [[60, description]]],
    ]);
    const rows = readRows(lines, ask('item_code', 'description', 'unit_price'));
    expect(rows).toEqual(records.map(([item_code, description, unit_price]) => ({ item_code, description, unit_price })));
  });

  it('takes the rules between records whose descriptions wrap round their figures', () => {
    const horizontal = (y: number): Rule => ({ x1: 0.05, y1: y / 1000, x2: 0.56, y2: y / 1000 });
    // Each record's description over one to five lines, its code, unit and price on the middle one.
    const records: Array<[string, string[], string, string]> = [
      ['77-3678', ['Coffee beans', 'Arabica 1 kg'], 'kg', '965,04'],
      ['65-7534', ['Annual', 'software', 'licence', 'renewal', 'EAN 4943693319066'], 'yr', '989,26'],
      ['67-3376', ['Printer paper'], 'ream', '75,22'],
      ['44-7860', ['Office cleaning,', 'monthly', 'Ref. 412468'], 'mo.', '671,38'],
      ['32-8693', ['Desk lamp', 'LED'], 'pc.', '459,66'],
    ];
    const lines: TypesetLine[] = [[80, [[60, 'Code'], [160, 'Description'], [300, 'Unit'], [460, 'Price']]]];
    const rules: Rule[] = [horizontal(94)];
    let y = 100;
    for (const [code, description, unit, price] of records) {
      // The figures in the middle of the record's height: on its middle line, or between its two middle lines.
      const figures = y + (description.length - 1) * 7;
      const cells: Array<[number, string]> = [[60, code], [300, unit], [520 - price.length * 6, price]];
      description.forEach((text, k) => lines.push([y + k * 14, y + k * 14 === figures ? [[160, text], ...cells] : [[160, text]]]));
      if (description.length % 2 === 0) lines.push([figures, cells]);
      y += description.length * 14 + 10;
      rules.push(horizontal(y - 5));
    }
    const result = extractFromContent({ ...page(lines.sort((a, b) => a[0] - b[0])), rules }, ask('item_code', 'description', 'unit', 'unit_price'));
    expect(rowsOf(result)).toEqual(records.map(([item_code, description, unit, unit_price]) => ({ item_code, description: description.join(' '), unit, unit_price })));
  });
});
