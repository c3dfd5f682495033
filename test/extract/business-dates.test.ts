import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { dateOrderOf } from '../../src/extract/format/index.js';
import { askWith as ask, page, rowsOf } from './helpers/requests.js';

/** An invoice whose issue date reads both ways; the due date and the currency may tell. */
const invoice = (due: string, currency: string, label = 'Invoice date') => page([
  [30, [[60, 'Harbourside Ltd']]],
  [80, [[60, label], [300, '03/05/2024']]],
  [100, [[60, 'Due date'], [300, due]]],
  [140, [[60, 'Total'], [300, `${currency}120.00`]]],
]);

describe('numeric dates: day-month or month-day, decided by the document', () => {
  it('lets a date with a part over 12 fix the order of the others', () => {
    expect(dateOrderOf(['Date 03/05/2024', 'Due 25/05/2024'], 'month_first')).toBe('day_first');
    expect(dateOrderOf(['Date 03/05/2024', 'Due 05/25/2024'], 'day_first')).toBe('month_first');
    expect(dateOrderOf(['Date 03.05.2024'], 'month_first')).toBe('month_first');
    // Amounts and versions are no dates.
    expect(dateOrderOf(['1.234,56', 'v 13.1.2', '12/13'], 'day_first')).toBe('day_first');
  });

  it('converts an ambiguous date in the order the other dates of the page fix', () => {
    expect(rowsOf(extractFromContent(invoice('05/25/2024', '£'), ask('YYYY-MM-DD', 'invoice_date')))).toEqual([{ invoice_date: '2024-03-05' }]);
    expect(rowsOf(extractFromContent(invoice('25/05/2024', '$'), ask('YYYY-MM-DD', 'invoice_date')))).toEqual([{ invoice_date: '2024-05-03' }]);
  });

  it('reads month-first on a US English document and day-first elsewhere when no date tells', () => {
    expect(rowsOf(extractFromContent(invoice('06/05/2024', '$'), ask('YYYY-MM-DD', 'invoice_date')))).toEqual([{ invoice_date: '2024-03-05' }]);
    expect(rowsOf(extractFromContent(invoice('06/05/2024', '£'), ask('YYYY-MM-DD', 'invoice_date')))).toEqual([{ invoice_date: '2024-05-03' }]);
    expect(rowsOf(extractFromContent(invoice('06/05/2024', '$', 'Fecha de factura'), ask('YYYY-MM-DD', 'invoice_date')))).toEqual([{ invoice_date: '2024-05-03' }]);
    // A US address says so when no currency is printed (a packing list).
    const packing = page([[30, [[60, 'Harbourside Inc.']]], [45, [[60, 'Austin, TX 78701']]], [80, [[60, 'Ship date'], [300, '03/05/2024']]]]);
    expect(rowsOf(extractFromContent(packing, ask('YYYY-MM-DD', 'ship_date')))).toEqual([{ ship_date: '2024-03-05' }]);
  });

  it('follows the requirement when it names the order, and leaves values as printed without one', () => {
    expect(rowsOf(extractFromContent(invoice('06/05/2024', '$'), ask('YYYY-MM-DD, day first', 'invoice_date')))).toEqual([{ invoice_date: '2024-05-03' }]);
    expect(rowsOf(extractFromContent(invoice('05/25/2024', '$'), ask('', 'invoice_date')))).toEqual([{ invoice_date: '03/05/2024' }]);
  });
});
