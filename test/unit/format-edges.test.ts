import { describe, expect, it } from 'vitest';
import { applyFormat, resolveFormat } from '../../src/extract/format/index.js';

/**
 * Edge cases of the format_requirement interpreter (src/extract/format), beside
 * test/extract/format.test.ts's common cases: a conversion happens only when
 * the value fits the instruction, otherwise the value stays as read.
 */

const fmt = (value: string, requirement: string, global = '') => applyFormat(value, resolveFormat(requirement, global));

describe('format interpreter edge cases', () => {
  it('keeps blank values blank whatever is asked', () => {
    expect(fmt('', 'YYYY-MM-DD')).toBe('');
    expect(fmt('   ', 'integer')).toBe('');
    expect(fmt('', 'Yes/No')).toBe('');
  });

  it('reads ambiguous numeric dates day first unless the requirement says US or month first', () => {
    expect(fmt('1/2/2024', 'YYYY-MM-DD')).toBe('2024-02-01');
    expect(fmt('1/2/2024', 'US date, output YYYY-MM-DD')).toBe('2024-01-02');
    // A day above 12 settles the order on its own.
    expect(fmt('12/31/1999', 'YYYY-MM-DD')).toBe('1999-12-31');
    expect(fmt('31/12/99', 'YYYY-MM-DD')).toBe('1999-12-31');
  });

  it('keeps an ISO date-time whole when the requirement asks for ISO with time', () => {
    expect(fmt('2024-03-12T10:20:00', 'ISO 8601 date time')).toBe('2024-03-12T10:20:00');
    expect(fmt('12/03/2024', 'ISO 8601')).toBe('2024-03-12');
  });

  it('leaves what does not parse as a number alone, however the number is asked for', () => {
    expect(fmt('abc', 'number with 2 decimals')).toBe('abc');
    expect(fmt('1e5', 'number')).toBe('1e5');
    expect(fmt('5', 'currency code')).toBe('5');
  });

  it('combines sign, grouping and decimals, and reads the style from an example', () => {
    expect(fmt('-1234.5', 'negative numbers in parentheses, thousands separator, 2 decimals')).toBe('(1,234.50)');
    expect(fmt('12,345.678', 'like 1.234,56')).toBe('12.345,68');
    expect(fmt('£ 3', 'ISO 4217')).toBe('GBP');
  });

  it('keeps the percent sign by default and formats its decimals', () => {
    expect(fmt('12.5%', 'percentage with 2 decimal places')).toBe('12.50%');
    expect(fmt('50', 'percent')).toBe('50%');
  });

  it('maps booleans to the words the requester wrote and leaves other words alone', () => {
    expect(fmt('0', 'Yes/No')).toBe('No');
    expect(fmt('1', 'true/false')).toBe('true');
    expect(fmt('Yes', 'one of: yes, no')).toBe('yes');
    expect(fmt('maybe', 'Yes/No')).toBe('maybe');
  });

  it('picks a choice only when one option fits', () => {
    expect(fmt('Pa', 'one of: Paid, Partial')).toBe('Pa');
    expect(fmt('unpaid invoice', 'one of: Paid, Unpaid')).toBe('Unpaid');
  });

  it('handles case and spacing instructions on awkward text', () => {
    expect(fmt("jean-luc o'neil", 'title case')).toBe("Jean-Luc O'neil");
    expect(fmt('AB 12 CD', 'no spaces')).toBe('AB12CD');
  });

  it('treats an image_region requirement as no text instruction at all', () => {
    expect(resolveFormat('image_region: the signature', '')).toEqual({});
    expect(fmt(' x ', 'image_region')).toBe('x');
  });

  it('lets a field of one kind keep its kind under a global requirement of another', () => {
    expect(resolveFormat('integer', 'dates as YYYY-MM-DD').kind).toBe('number');
    expect(fmt('7', 'integer', 'dates as YYYY-MM-DD')).toBe('7');
  });
});
