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

/**
 * A utility bill's tax box right under its two items: a rate, the base, the
 * tax and the total under heads not all summary labels ("TTC"), the rate
 * printed apart from its percent sign ("20 %"), or the heads set tight as
 * one run ("Aliquota Imponibile Imposta Totale"). Its figures stand between
 * the items' columns: left in, they open columns of their own.
 */
const bill = (heads: Array<[number, string]>, rate: string): TypesetLine[] => [
  [241, [[77, 'Désignation'], [485, 'Quantité'], [573, 'U.'], [720, 'Prix'], [880, 'Total']]],
  [253, [[720, 'unitaire'], [880, 'HT']]],
  [274, [[77, 'Consommation heures pleines'], [541, '577'], [573, 'kWh'], [744, '0,0262'], [893, '15,11']]],
  [296, [[77, 'Consommation heures creuses'], [541, '649'], [573, 'kWh'], [744, '0,0180'], [893, '11,69']]],
  [324, heads],
  [339, [[625, rate], [690, '26,80'], [790, '5,36'], [840, '32,16']]],
];

describe('a box of tax totals under a bill\'s items', () => {
  const items = [
    ['Consommation heures pleines', '577', 'kWh', '0,0262', '15,11'],
    ['Consommation heures creuses', '649', 'kWh', '0,0180', '11,69'],
  ];

  it('is no row of the items when one of its heads is no summary label and its rate is printed apart from "%"', () => {
    const rows = readRows(bill([[600, 'Taux TVA'], [680, 'Base HT'], [780, 'TVA'], [840, 'TTC']], '20 %'), ask());
    expect(rows.map((r) => Object.values(r))).toEqual(items);
  });

  it('is no row of the items when its heads are set tight as one run', () => {
    const rows = readRows(bill([[600, 'Aliquota Imponibile Imposta Totale']], '10%'), ask());
    expect(rows.map((r) => Object.values(r))).toEqual(items);
  });
});
