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

  it('scores exact, abbreviated, synonymous and misspelled names above unrelated ones', () => {
    expect(matchScore('Quantity', 'quantity', DEFAULT_SETTINGS)).toBe(1);
    expect(matchScore('Quantity', 'Qty', DEFAULT_SETTINGS)).toBe(1);
    expect(matchScore('Amount', 'Amt.', DEFAULT_SETTINGS)).toBe(1);
    expect(matchScore('Invoice Number', 'Invoice #', DEFAULT_SETTINGS)).toBe(1);
    expect(matchScore('Description', 'Desc', DEFAULT_SETTINGS)).toBe(1);
    expect(matchScore('Description', 'Item', DEFAULT_SETTINGS)).toBe(0.95);
    expect(matchScore('Description', 'Descripton', DEFAULT_SETTINGS)).toBeGreaterThan(0.6);
    expect(matchScore('Total', 'Total amount (EUR)', DEFAULT_SETTINGS)).toBe(0.8);
    expect(matchScore('Unitprice', 'Unit price', DEFAULT_SETTINGS)).toBe(0.95);
    expect(matchScore('Airpassengersrights', 'Air passengers rights', DEFAULT_SETTINGS)).toBe(0.95);
    expect(matchScore('Unit Price', 'Quantity', DEFAULT_SETTINGS)).toBe(0);
    expect(matchScore('Date', 'Description', DEFAULT_SETTINGS)).toBe(0);
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
