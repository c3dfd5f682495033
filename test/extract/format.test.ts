import { describe, expect, it } from 'vitest';
import { applyFormat, parseDate, parseNumber, parseRequirement, resolveFormat } from '../../src/extract/format/index.js';

const fmt = (value: string, requirement: string, global = '') => applyFormat(value, resolveFormat(requirement, global));

describe('dates', () => {
  it('reads the usual printed forms', () => {
    expect(parseDate('2024-03-12')).toEqual({ year: 2024, month: 3, day: 12, time: undefined });
    expect(parseDate('12/03/2024')).toEqual({ year: 2024, month: 3, day: 12 });
    expect(parseDate('03/13/2024')).toEqual({ year: 2024, month: 3, day: 13 });
    expect(parseDate('12 March 2024')).toEqual({ year: 2024, month: 3, day: 12 });
    expect(parseDate('Mar 5, 24')).toEqual({ year: 2024, month: 3, day: 5 });
    expect(parseDate('31/02/2024')).toBeNull();
    expect(parseDate('Total')).toBeNull();
  });
  it.each<[string, string, string]>([
    ['12 March 2024', 'YYYY-MM-DD', '2024-03-12'],
    ['2024-03-12', 'date as DD/MM/YYYY', '12/03/2024'],
    ['March 5, 2024', 'ISO 8601', '2024-03-05'],
    ['5.3.2024', 'format: mm/dd/yyyy', '03/05/2024'],
    ['03/05/2024', 'US date, output YYYY-MM-DD', '2024-03-05'],
    ['2024-03-05', 'MMMM D, YYYY', 'March 5, 2024'],
    ['not a date', 'YYYY-MM-DD', 'not a date'],
  ])('renders into the requested pattern: %j under %j gives %j', (value, requirement, expected) => {
    expect(fmt(value, requirement)).toBe(expected);
  });
});

describe('numbers', () => {
  it('reads both separator conventions, currency and negatives', () => {
    expect(parseNumber('1,234.56')?.value).toBe(1234.56);
    expect(parseNumber('1.234,56')?.value).toBe(1234.56);
    expect(parseNumber('1 234,5')?.value).toBe(1234.5);
    expect(parseNumber('(1,200.00)')?.value).toBe(-1200);
    expect(parseNumber('$ 99.90')).toEqual({ value: 99.9, decimals: 2, currency: 'USD', percent: false });
    expect(parseNumber('EUR 12,50')?.value).toBe(12.5);
    expect(parseNumber('250-')?.value).toBe(-250);
    expect(parseNumber('1,234')?.value).toBe(1234);
    expect(parseNumber('1.234', true)?.value).toBe(1234);
    expect(parseNumber('12a')).toBeNull();
    expect(parseNumber('1,23,4')).toBeNull();
  });
  it.each<[string, string, string]>([
    ['$1,234.5', 'number with 2 decimal places', '1234.50'],
    ['1234.5', 'two decimals, thousands separator', '1,234.50'],
    ['1,234.5', 'European format, 2 decimals', '1.234,50'],
    ['(45.00)', 'amount', '-45.00'],
    ['-45', 'negative numbers in parentheses, 2 decimals', '(45.00)'],
    ['€ 1.234,56', 'like 1,234.56', '1,234.56'],
    ['12.7', 'integer', '13'],
    ['USD 10', 'strip currency', '10'],
  ])('formats per the requirement: %j under %j gives %j', (value, requirement, expected) => {
    expect(fmt(value, requirement)).toBe(expected);
  });
});

describe('other instructions', () => {
  it.each<[string, string, string]>([
    ['€12.00', 'currency code (ISO 4217)', 'EUR'],
    ['12.5%', 'percentage as decimal', '0.125'],
    ['12.5%', 'percentage without the % sign', '12.5'],
    ['acme corp', 'uppercase', 'ACME CORP'],
    ['ACME CORP', 'Title case', 'Acme Corp'],
    ['INV-00123', 'digits only', '00123'],
    ['paid', 'one of: Paid, Unpaid, Overdue', 'Paid'],
    ['partially', 'one of: Paid, Unpaid, Overdue', 'partially'],
    ['X', 'Yes/No', 'Yes'],
    ['n', 'Y/N', 'N'],
    ['  two   spaces ', '', 'two spaces'],
  ])('handles currency codes, percentages, case, digits, choices and booleans: %j under %j gives %j', (value, requirement, expected) => {
    expect(fmt(value, requirement)).toBe(expected);
  });
  it('leaves values alone when the requirement is not understood', () => {
    expect(parseRequirement('as printed on the label, please')).toEqual({});
    expect(fmt('Widget 12', 'as printed on the label, please')).toBe('Widget 12');
  });
  it('applies the global requirement only where values fit it, field-level winning', () => {
    const global = 'dates as YYYY-MM-DD; amounts with 2 decimals';
    expect(fmt('Blue widget', '', global)).toBe('Blue widget');
    expect(fmt('5 Jan 2024', '', global)).toBe('2024-01-05');
    expect(fmt('7', '', global)).toBe('7.00');
    expect(fmt('7', 'integer', global)).toBe('7');
    expect(fmt('5 Jan 2024', 'DD.MM.YYYY', global)).toBe('05.01.2024');
  });
});

describe('more conventions seen on business documents', () => {
  it('reads Swiss apostrophes and currency codes touching the amount', () => {
    expect(parseNumber('CHF 1’234.50')).toMatchObject({ value: 1234.5, currency: 'CHF' });
    expect(parseNumber('USD1,234.56')).toMatchObject({ value: 1234.56, currency: 'USD' });
    expect(parseNumber('1,234.56EUR')).toMatchObject({ value: 1234.56, currency: 'EUR' });
    expect(parseNumber('ABCD1,234.56')).toBeNull();
  });

  it('reads dates that open with a weekday or carry an ordinal day, and German short months', () => {
    expect(parseDate('mardi 5 mars 2024')).toMatchObject({ year: 2024, month: 3, day: 5 });
    expect(parseDate('Tuesday, 5 March 2024')).toMatchObject({ year: 2024, month: 3, day: 5 });
    expect(parseDate('quinta-feira, 5 de setembro de 2024')).toMatchObject({ year: 2024, month: 9, day: 5 });
    expect(parseDate('Mi. 15.05.2024')).toMatchObject({ year: 2024, month: 5, day: 15 });
    expect(parseDate('1º de março de 2024')).toMatchObject({ year: 2024, month: 3, day: 1 });
    expect(parseDate('15. Mrz. 2024')).toMatchObject({ year: 2024, month: 3, day: 15 });
    // "Mar." stays March where the date reads as printed.
    expect(parseDate('Mar. 15, 2024')).toMatchObject({ year: 2024, month: 3, day: 15 });
    expect(parseDate('Monday')).toBeNull();
  });
});

describe('values printed over lines', () => {
  it.each<[string, string, string]>([
    ['NO.50,  JALAN PBS 14/11,\n KAWASAN   PERINDUSTRIAN\n\n43300 SERI KEMBANGAN ', '', 'NO.50, JALAN PBS 14/11,\nKAWASAN PERINDUSTRIAN\n43300 SERI KEMBANGAN'],
    ['12 Harbour Road\r\nLeeds LS1 4AB', 'uppercase', '12 HARBOUR ROAD\nLEEDS LS1 4AB'],
    ['12 Harbour Road\nLeeds', 'no spaces', '12HarbourRoadLeeds'],
  ])('keep their line breaks, each line as read: %j under %j gives %j', (value, requirement, expected) => {
    expect(fmt(value, requirement)).toBe(expected);
  });
});
