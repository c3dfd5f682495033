import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import type { ExtractResult } from '../../src/extract/types.js';
import { ask, page, scanned } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * Issue 26, honest confidence (rows/row-certainty.ts): a table row that may be no item claims less than 0.9, the
 * items stay sure. A scanned till's table: each article's variant on a line of its own under it, and the totals set
 * like the items.
 */
const receipt = (totals: TypesetLine[]): TypesetLine[] => [
  [20, [[300, 'NUNEZ S.A.']]],
  [60, [[50, 'ARTICULO'], [500, 'CANT.'], [800, 'TOTAL']]],
  [80, [[50, 'Tomates'], [510, '1'], [800, '2,09 €']]],
  [95, [[50, 'Family Pack']]],
  [110, [[50, 'Lavavajillas'], [510, '1'], [800, '11,09 €']]],
  [125, [[50, 'Classic']]],
  [140, [[50, 'Zumo de naranja'], [510, '3'], [800, '8,22 €']]],
  ...totals,
];
const request = ask('Description', 'Quantity', 'Amount');
const articles = (r: ExtractResult) => (r.ok ? r.rows.map((row) => row.Description).map((c) => ('value' in c ? [c.value, c.confidence] : [])) : []);

describe('rows that may be no item (issue 26)', () => {
  it('a row that prints only an article where the others print their counts and amounts claims less than 0.9', () => {
    const rows = articles(extractFromContent(scanned(page(receipt([[155, [[50, 'Importe neto'], [800, '21,40']]], [175, [[50, 'TOTAL'], [800, '21,40']]]]))), request));
    expect(rows.filter(([, c]) => (c as number) >= 0.9).map(([v]) => v)).toEqual(['Tomates', 'Lavavajillas', 'Zumo de naranja']);
    expect(rows.filter(([, c]) => (c as number) < 0.9).map(([v]) => v)).toEqual(['Family Pack', 'Classic']);
  });

  it('a row whose article is a summary\'s label claims less than 0.9, every value of it', () => {
    const result = extractFromContent(scanned(page(receipt([[155, [[50, 'Subtotale'], [510, '5'], [800, '21,40']]], [175, [[50, 'TOTAL'], [800, '21,40']]]]))), request);
    const subtotal = result.ok ? result.rows.find((row) => 'value' in row.Description && row.Description.value === 'Subtotale') : undefined;
    expect(subtotal && Object.values(subtotal).every((c) => !('confidence' in c) || c.confidence === undefined || c.confidence < 0.9)).toBe(true);
    expect(articles(result).find(([v]) => v === 'Tomates')?.[1]).toBeGreaterThanOrEqual(0.9);
  });
});
