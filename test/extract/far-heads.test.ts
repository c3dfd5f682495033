import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * A payslip's heads set at the left of columns whose figures stand right
 * ("Hours" starts left of the hours' column and reaches into it, "Rate" and
 * "Amount" over the gap before their own figures), as bench/lib/business
 * draws `headerLeft` with right-aligned pay columns: read by their spans,
 * "Rate" falls over the hours' and the rates' columns and "Amount" over the
 * rates' and the amounts'. Five heads over five columns, in order, name them
 * in order.
 */
const slip: TypesetLine[] = [
  [300, [[77, 'Code'], [163, 'Description'], [531, 'Hours'], [642, 'Rate'], [777, 'Amount']]],
  [330, [[77, '1000'], [163, 'Basic salary'], [865, '3367.70']]],
  [352, [[77, '1100'], [163, 'Overtime'], [610, '24'], [723, '60.49'], [865, '1451.76']]],
  [374, [[77, '5000'], [163, 'Pension contribution'], [869, '-173.50']]],
  [396, [[77, '5100'], [163, 'Income tax'], [869, '-520.50']]],
];

describe('heads set off their columns', () => {
  it('name the columns in order when there are as many heads as columns', () => {
    const rows = readRows(slip, ask());
    expect(Object.keys(rows[1] ?? {})).toEqual(['Code', 'Description', 'Hours', 'Rate', 'Amount']);
    expect(rows.map((r) => Object.values(r))).toEqual([
      ['1000', 'Basic salary', null, null, '3367.70'],
      ['1100', 'Overtime', '24', '60.49', '1451.76'],
      ['5000', 'Pension contribution', null, null, '-173.50'],
      ['5100', 'Income tax', null, null, '-520.50'],
    ]);
  });

  it('give the figures to the fields the heads name', () => {
    const rows = readRows(slip, ask('hours', 'rate', 'amount'));
    expect(rows[1]).toEqual({ hours: '24', rate: '60.49', amount: '1451.76' });
  });
});
