import { describe, expect, it } from 'vitest';
import { resolveConcept } from '../../src/extract/concepts/index.js';
import { ask, readRows } from './helpers/requests.js';

/**
 * "Gesamt brutto" closes a German invoice's totals, and "Gesamtbrutto" heads a payslip's gross pay: a label of two
 * concepts on the page, each read where it is asked for, while a field name written as one word is gross pay's.
 */
describe('"Gesamt brutto" as an invoice total and a payslip gross pay', () => {
  it('reads an invoice total under "Gesamt brutto", with no tax line to add it up', () => {
    const rows = readRows([
      [40, [[60, 'Muster Handel GmbH']]],
      [300, [[60, 'Gesamt netto'], [400, '100,00 EUR']]],
      [314, [[60, 'Gesamt brutto'], [400, '119,00 EUR']]],
    ], ask('total_amount'));
    expect(rows).toEqual([{ total_amount: '119,00 EUR' }]);
    expect(readRows([[40, [[60, 'Muster Handel GmbH']]], [300, [[60, 'Gesamt brutto: 119,00 EUR']]]], ask('total_amount'))).toEqual([{ total_amount: '119,00 EUR' }]);
  });

  it('reads a payslip gross pay under "Gesamt-Brutto" and "Gesamtbrutto"', () => {
    for (const label of ['Gesamt-Brutto', 'Gesamtbrutto']) {
      const rows = readRows([
        [40, [[60, 'Lohnabrechnung März 2024']]],
        [300, [[60, label], [400, '3.250,00']]],
        [314, [[60, 'Auszahlungsbetrag'], [400, '2.140,55']]],
      ], ask('gross_pay'));
      expect(rows, label).toEqual([{ gross_pay: '3.250,00' }]);
    }
  });

  it('resolves the field name written as one word to gross pay', () => {
    expect(resolveConcept('Gesamtbrutto')?.id).toBe('gross_pay');
    expect(resolveConcept('Gesamt brutto')?.id).toBe('total_amount');
  });
});

/**
 * "Total à payer", "Total a pagar", "Totale da pagare" are the total and the amount due: where a deposit or an advance
 * stands between, the total is under the label naming it alone and the amount due under the shared one.
 */
describe('a total over a deposit and the amount to pay', () => {
  const foot = (seller: string, total: string, deposit: string, due: string) => readRows([
    [40, [[60, seller]]],
    [300, [[60, total], [400, '121,00']]],
    [314, [[60, deposit], [400, '-21,00']]],
    [328, [[60, due], [400, '100,00']]],
  ], ask('total_amount', 'amount_due'));
  it.each([
    ['fr', 'Plomberie Durand SARL', 'Total TTC', 'Acompte versé', 'Total à payer'],
    ['es', 'Servicios Martínez S.L.', 'Total', 'Anticipo', 'Total a pagar'],
    ['it', 'Idraulica Rossi S.r.l.', 'Totale', 'Acconto', 'Totale da pagare'],
  ])('%s', (_lang, seller, total, deposit, due) => {
    expect(foot(seller, total, deposit, due)).toEqual([{ total_amount: '121,00', amount_due: '100,00' }]);
  });
});
