import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * A payslip's item table under heads that name another concept where the page's head uses the same word: the
 * employer's share of each item under "Employer" (the employer's name elsewhere), the items' codes under "N°" (a
 * number, as the document's or a line's position). bench/lib/business/wide-kinds.ts draws both heads.
 */
const slip = (codeHead: string, employerHead: string): TypesetLine[] => [
  [100, [[70, 'Employer: Northwind Payroll Ltd']]],
  [300, [[70, codeHead], [130, 'Description'], [420, 'Hours'], [500, 'Rate'], [600, 'Amount'], [720, employerHead]]],
  [330, [[70, '10'], [130, 'Basic salary'], [600, '1,984.97']]],
  [352, [[70, '11'], [130, 'Overtime'], [420, '94'], [500, '39.91'], [600, '3,751.54']]],
  [374, [[70, '60'], [130, 'Pension insurance'], [600, '-1,090.21'], [720, '1,013.90']]],
  [396, [[70, '61'], [130, 'Health insurance'], [600, '-272.55'], [720, '310.71']]],
];

describe('payslip heads that name another concept as words', () => {
  it.each(['Employer', 'Arbeitgeber', 'Employeur', 'Werkgever', 'Pracodawca'])('reads the employer contribution under "%s"', (head) => {
    const rows = readRows(slip('Code', head), ask('description', 'amount', 'employer_contribution'));
    expect(rows.map((r) => [r.description, r.employer_contribution])).toEqual([
      ['Basic salary', null],
      ['Overtime', null],
      ['Pension insurance', '1,013.90'],
      ['Health insurance', '310.71'],
    ]);
  });

  it('still reads the employer named in the page head as the document value', () => {
    const [row] = readRows(slip('Code', 'Employer'), ask('employer_name', 'pay_date'));
    expect(row.employer_name).toBe('Northwind Payroll Ltd');
  });

  it.each(['N°', 'Nr.', 'No.'])('reads the item codes under "%s" when the code is asked and the position is not', (head) => {
    const rows = readRows(slip(head, "Employer's share"), ask('item_code', 'description', 'hours', 'rate', 'amount'));
    expect(rows.map((r) => [r.item_code, r.description, r.amount])).toEqual([
      ['10', 'Basic salary', '1,984.97'],
      ['11', 'Overtime', '3,751.54'],
      ['60', 'Pension insurance', '-1,090.21'],
      ['61', 'Health insurance', '-272.55'],
    ]);
  });

  it('leaves a position asked by name under "N°"', () => {
    const rows = readRows(slip('N°', "Employer's share"), ask('position', 'item_code', 'description', 'amount'));
    expect(rows.map((r) => [r.position, r.item_code])).toEqual([
      ['10', null],
      ['11', null],
      ['60', null],
      ['61', null],
    ]);
  });
});
