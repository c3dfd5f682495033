import { describe, expect, it } from 'vitest';
import { matchScore, normalizeTokens } from '../../src/extract/layout/columns/field-match.js';
import { chooseTablesForFields, cleanColumnNames } from '../../src/extract/layout/columns/column-mapping.js';
import { groupWordsIntoLines } from '../../src/extract/layout/lines/lines.js';
import { detectTables } from '../../src/extract/layout/tables/table-detect.js';
import { typeset } from './helpers/words.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

describe('header mapping', () => {
  it('normalizes abbreviations', () => {
    expect(normalizeTokens('Qty.')).toEqual(['quantity']);
    expect(normalizeTokens('Inv #')).toEqual(['invoice', 'number']);
    expect(normalizeTokens('unitPrice')).toEqual(['unit', 'price']);
  });

  // Exact, abbreviated, synonymous and misspelled names score above unrelated ones.
  it.each<[string, string, number]>([
    ['Quantity', 'quantity', 1],
    ['Quantity', 'Qty', 1],
    ['Amount', 'Amt.', 1],
    ['Invoice Number', 'Invoice #', 1],
    ['Description', 'Desc', 1],
    ['Description', 'Item', 0.95],
    ['Total', 'Total amount (EUR)', 0.8],
    ['Unitprice', 'Unit price', 0.95],
    ['Airpassengersrights', 'Air passengers rights', 0.95],
    ['Unit Price', 'Quantity', 0],
    ['Date', 'Description', 0],
  ])('scores the field %s against the header %s at %s', (field, header, score) => {
    expect(matchScore(field, header, DEFAULT_SETTINGS)).toBe(score);
  });

  it('scores a misspelled name above unrelated ones', () => {
    expect(matchScore('Description', 'Descripton', DEFAULT_SETTINGS)).toBeGreaterThan(0.6);
  });

  it('maps fields to columns one-to-one and uses format evidence to pick the date column', () => {
    const words = typeset([
      [100, [[50, 'Ref'], [200, 'Posted'], [350, 'Value'], [500, 'Details'], [750, 'Amount']]],
      [125, [[50, 'A-1'], [200, '2024-01-02'], [350, '2024-01-03'], [500, 'Coffee'], [750, '3.50']]],
      [150, [[50, 'A-2'], [200, '2024-01-05'], [350, '2024-01-06'], [500, 'Tea'], [750, '2.10']]],
    ]);
    const tables = detectTables(groupWordsIntoLines(words, 1), [], DEFAULT_SETTINGS);
    const [choice] = chooseTablesForFields(tables, [
      { name: 'Amt', kind: 'number' },
      { name: 'Transaction date', kind: 'date' },
      { name: 'Description', kind: undefined },
    ], DEFAULT_SETTINGS);
    expect(choice?.columnOf).toEqual([4, 1, 3]);
  });

  it('cleans inferred names: trimmed, unique, unnamed columns numbered', () => {
    expect(cleanColumnNames(['Amount ', '', 'Amount', 'Date:'])).toEqual(['Amount', 'Column 2', 'Amount 2', 'Date']);
  });
});
