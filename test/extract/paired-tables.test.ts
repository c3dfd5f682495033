import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { ask, page, rowsOf } from './helpers/requests.js';

/**
 * A payslip's earnings and deductions as two tables on one band, each a label
 * column and an amount column, the heads the same but for the label's
 * ("Competenze | Importo" beside "Trattenute | Importo").
 */
const payslip = page([
  [100, [[60, 'Competenze'], [300, 'Importo'], [420, 'Trattenute'], [680, 'Importo']]],
  [122, [[60, '100 Paga base'], [306, '3.339,56'], [420, '500 Contributi INPS'], [686, '1.268,98']]],
  [144, [[60, '110 Straordinario'], [306, '4.965,87'], [420, '510 IRPEF'], [686, '1.378,15']]],
  [166, [[60, '120 Indennità notturna'], [306, '5.339,57'], [420, '520 Addizionale regionale'], [686, '1.487,31']]],
]);

const items = [
  { description: '100 Paga base', amount: '3.339,56' },
  { description: '110 Straordinario', amount: '4.965,87' },
  { description: '120 Indennità notturna', amount: '5.339,57' },
  { description: '500 Contributi INPS', amount: '1.268,98' },
  { description: '510 IRPEF', amount: '1.378,15' },
  { description: '520 Addizionale regionale', amount: '1.487,31' },
];

describe('two tables side by side under heads that repeat but for the label', () => {
  it('gives the left table\'s rows then the right\'s, each label with its own amount', () => {
    expect(rowsOf(extractFromContent(payslip, ask('description', 'amount')))).toEqual(items);
  });

  it('reads the same rows with no fields asked, under the left table\'s heads', () => {
    const rows = rowsOf(extractFromContent(payslip, ask()));
    expect(rows).toEqual(items.map((i) => ({ Competenze: i.description, Importo: i.amount })));
  });
});
