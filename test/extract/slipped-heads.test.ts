import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * A scanned payslip whose "Payments" head the OCR read as "Fayments", asked by the names it prints: the request copied
 * the head from the page, so a head one letter off a long name is that name's (settings.columns.slipHeadLetters).
 * By its meaning, "Payments" is a statement's debits, so no label of the catalogue names the column of the items'
 * names under it.
 */
const payslip: TypesetLine[] = [
  [300, [[80, 'Fayments'], [600, 'Amount']]],
  [330, [[80, 'Basic salary'], [600, '3,354.75']]],
  [360, [[80, 'Overtime'], [600, '5,659.20']]],
  [390, [[80, 'Night shift allowance'], [600, '4,512.77']]],
];

describe('a head a scan misread by one letter', () => {
  it('is the column of the name the request copied from the page', () => {
    const rows = readRows(payslip, ask('Payments', 'Amount'));
    expect(rows.map((r) => [r.Payments, r.Amount])).toEqual(payslip.slice(1).map(([, cells]) => cells.map(([, text]) => text)));
  });

  it('leaves a short name one letter off a head to that head', () => {
    const rows = readRows(
      [
        [300, [[80, 'Date'], [300, 'Hours'], [600, 'Amount']]],
        [330, [[80, '01.03.2024'], [300, '8'], [600, '320.00']]],
        [360, [[80, '02.03.2024'], [300, '6'], [600, '240.00']]],
      ],
      ask('Rate', 'Amount'),
    );
    expect(rows.map((r) => r.Rate)).not.toContain('01.03.2024');
  });
});
