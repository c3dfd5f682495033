import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { ask, page, rowsOf } from './helpers/requests.js';

const dateOf = (lines: Parameters<typeof page>[0]) => rowsOf(extractFromContent(page(lines), ask('date')))[0]?.date;

describe('a receipt\'s date in the habits of tills and scans', () => {
  it('takes the date a scan ran together with its time, cut to the date', () => {
    expect(dateOf([[100, [[60, 'TBilNo 01-36870']]], [120, [[60, 'Date'], [200, ':'], [240, '02/02/20177:31:08PM']]], [140, [[60, 'Cashier : 123']]]])).toBe('02/02/2017');
  });

  it('takes a date printed without marks before the time of day, and no such number without one', () => {
    expect(dateOf([[100, [[60, 'Opening Balance'], [400, '2264']]], [120, [[60, '00440010036 25032018 13:11:54 0003']]]])).toBe('25032018');
    expect(dateOf([[120, [[60, 'Receipt 25032018 0003']]]])).toBeNull();
  });

  it('reads a date whose label\'s colon the scan joined to it', () => {
    expect(dateOf([[100, [[60, 'Order Time : 12:54:37'], [500, 'Date :26/03/18']]]])).toBe('26/03/18');
  });

  it('takes the date without the weekday printed before it', () => {
    expect(dateOf([[100, [[60, 'Date:'], [200, 'Sat 21/10/2017 01:31:58']]]])).toBe('21/10/2017');
    expect(dateOf([[100, [[60, 'Dienstag, 05.03.2024']]]])).toBe('05.03.2024');
  });
});
