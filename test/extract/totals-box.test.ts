import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * A payslip whose totals are a box of heads over their values right under the
 * items, no gap between ("Gross pay | Total deductions | Net pay", the
 * amounts under them), as bench/lib/business/commercial.ts draws
 * `totalsForm: 'boxes'`: the box's amounts run across the gap between the
 * earnings and the deductions columns.
 */
const payslip: TypesetLine[] = [
  [290, [[75, 'Description'], [449, 'Hrs'], [558, 'Rate'], [730, 'Earnings'], [840, 'Deductions']]],
  [316, [[75, 'Basic salary'], [779, '3,031.90']]],
  [341, [[75, 'Income tax'], [889, '118.24']]],
  [366, [[75, 'National Insurance'], [889, '209.20']]],
  [391, [[75, 'Pension contribution'], [889, '385.05']]],
  [415, [[593, 'Gross pay'], [710, 'Total deductions'], [824, 'Net pay']]],
  [433, [[593, 'USD 3,031.90'], [720, 'USD 712.49'], [824, 'USD 2,319.41']]],
];

describe('a box of totals, heads over amounts, right under the items', () => {
  it('is no row of the items: the earnings and the deductions keep their columns', () => {
    expect(readRows(payslip, ask('description', 'earnings', 'deductions'))).toEqual([
      { description: 'Basic salary', earnings: '3,031.90', deductions: null },
      { description: 'Income tax', earnings: null, deductions: '118.24' },
      { description: 'National Insurance', earnings: null, deductions: '209.20' },
      { description: 'Pension contribution', earnings: null, deductions: '385.05' },
    ]);
  });

  it('still gives the totals asked as document values', () => {
    expect(readRows(payslip, ask('gross_pay', 'net_pay'))).toEqual([{ gross_pay: 'USD 3,031.90', net_pay: 'USD 2,319.41' }]);
  });
});
