import { describe, expect, it } from 'vitest';
import { groupWordsIntoLines } from '../../src/extract/layout/lines/lines.js';
import { detectTables, headerNames } from '../../src/extract/layout/tables/table-detect.js';
import type { Rule } from '../../src/extract/types.js';
import { typeset } from './helpers/words.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

const cellsOf = (t: ReturnType<typeof detectTables>[number]) => t.rows.map((r) => r.cells.map((c) => c.text));

describe('table detection', () => {
  it('finds a whitespace table with its header, a wrapped cell and a blank cell', () => {
    const words = typeset([
      [50, [[50, 'ACME Trading']]],
      [100, [[50, 'Description'], [400, 'Qty'], [500, 'Price'], [620, 'Amount']]],
      [125, [[50, 'Blue widget'], [400, '2'], [500, '10.00'], [620, '20.00']]],
      [150, [[50, 'Red widget, large'], [400, '1'], [500, '5.00'], [620, '5.00']]],
      [162, [[50, 'with extra padding']]],
      [187, [[50, 'Service fee'], [620, '7.50']]],
    ]);
    const tables = detectTables(groupWordsIntoLines(words, 1), [], DEFAULT_SETTINGS);
    expect(tables).toHaveLength(1);
    expect(headerNames(tables[0], 1, DEFAULT_SETTINGS)).toEqual(['Description', 'Qty', 'Price', 'Amount']);
    expect(cellsOf(tables[0])).toEqual([
      ['Blue widget', '2', '10.00', '20.00'],
      ['Red widget, large with extra padding', '1', '5.00', '5.00'],
      ['Service fee', '', '', '7.50'],
    ]);
  });

  it('takes column borders from ruling lines and names columns under a spanning heading', () => {
    const words = typeset([
      [90, [[370, 'Releases']]],
      [110, [[60, 'Pollutant'], [260, 'air'], [410, 'water']]],
      [135, [[60, 'Lead'], [260, '200'], [410, '20']]],
      [160, [[60, 'Zinc'], [260, '1000'], [410, '-']]],
    ]);
    const rules: Rule[] = [250, 400, 550].map((x) => ({ x1: x / 1000, y1: 0.085, x2: x / 1000, y2: 0.175 }));
    rules.push({ x1: 0.05, y1: 0.085, x2: 0.05, y2: 0.175 });
    const tables = detectTables(groupWordsIntoLines(words, 1), rules, DEFAULT_SETTINGS);
    expect(tables).toHaveLength(1);
    expect(tables[0].ruled).toBe(true);
    expect(headerNames(tables[0], 2, DEFAULT_SETTINGS)).toEqual(['Pollutant', 'Releases air', 'Releases water']);
    expect(cellsOf(tables[0])).toEqual([
      ['Lead', '200', '20'],
      ['Zinc', '1000', '-'],
    ]);
  });

  it('keeps two tables apart when a paragraph separates them', () => {
    const words = typeset([
      [100, [[50, 'Item'], [400, 'Price']]],
      [125, [[50, 'Apples'], [400, '1.20']]],
      [150, [[50, 'Pears'], [400, '2.10']]],
      [200, [[50, 'The following table lists the services we delivered in the period']]],
      [250, [[50, 'Service'], [300, 'Hours'], [450, 'Rate']]],
      [275, [[50, 'Design'], [300, '4'], [450, '80.00']]],
      [300, [[50, 'Build'], [300, '10'], [450, '95.00']]],
    ]);
    const tables = detectTables(groupWordsIntoLines(words, 1), [], DEFAULT_SETTINGS);
    expect(tables.map((t) => headerNames(t, 1, DEFAULT_SETTINGS))).toEqual([['Item', 'Price'], ['Service', 'Hours', 'Rate']]);
    expect(tables.map((t) => t.rows.length)).toEqual([2, 2]);
  });
});
