import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * Columns a packing list or a payslip prints besides the goods' and pay items' usual ones: carton numbers, the
 * cartons' dimensions, the employer's share of each contribution. Asked by their names, they come from their columns
 * under heads that name them in the page's language, not left empty beside the rest of the row.
 */
describe('packing lists and payslips: the columns other systems add, under the names asked for', () => {
  it('reads carton numbers and dimensions from the columns their heads name', () => {
    const packing: TypesetLine[] = [
      [20, [[50, 'Nordlicht Logistik GmbH'], [600, 'Packliste']]],
      [40, [[50, 'Hafenstr. 4, 20457 Hamburg'], [600, 'Packlisten-Nr. PL-2291']]],
      [100, [[50, 'Kolli-Nr.'], [140, 'Bezeichnung'], [400, 'Menge'], [470, 'Abmessungen (cm)'], [620, 'Netto kg'], [720, 'Brutto kg']]],
      [120, [[50, '1-4'], [140, 'Bürostuhl ergonomisch'], [420, '8'], [470, '70x65x60'], [640, '96,0'], [740, '104,8']]],
      [140, [[50, '5'], [140, 'Schreibtischleuchte LED'], [420, '12'], [470, '60x40x35'], [640, '14,4'], [740, '16,1']]],
      [160, [[50, '6-11'], [140, 'Kopierpapier A4'], [410, '120'], [470, '40x30x25'], [640, '300,0'], [740, '312,6']]],
    ];
    expect(readRows(packing, ask('package_number', 'description', 'quantity', 'dimensions'))).toEqual([
      { package_number: '1-4', description: 'Bürostuhl ergonomisch', quantity: '8', dimensions: '70x65x60' },
      { package_number: '5', description: 'Schreibtischleuchte LED', quantity: '12', dimensions: '60x40x35' },
      { package_number: '6-11', description: 'Kopierpapier A4', quantity: '120', dimensions: '40x30x25' },
    ]);
  });

  it("reads the employer's share from its column, empty beside the items it pays nothing on", () => {
    const payslip: TypesetLine[] = [
      [20, [[50, 'Bergmann Bau GmbH'], [600, 'Entgeltabrechnung']]],
      [40, [[50, 'Gartenweg 9, 50667 Köln'], [600, 'Abrechnungsmonat: März 2025']]],
      [100, [[50, 'Lohnart'], [400, 'Betrag'], [560, 'AG-Anteil']]],
      [120, [[50, 'Grundgehalt'], [400, '3.250,00']]],
      [140, [[50, 'Lohnsteuer'], [410, '512,40-']]],
      [160, [[50, 'Krankenversicherung'], [410, '287,16-'], [580, '330,12']]],
      [180, [[50, 'Rentenversicherung'], [410, '162,50-'], [580, '162,50']]],
    ];
    expect(readRows(payslip, ask('description', 'amount', 'employer_contribution'))).toEqual([
      { description: 'Grundgehalt', amount: '3.250,00', employer_contribution: null },
      { description: 'Lohnsteuer', amount: '512,40-', employer_contribution: null },
      { description: 'Krankenversicherung', amount: '287,16-', employer_contribution: '330,12' },
      { description: 'Rentenversicherung', amount: '162,50-', employer_contribution: '162,50' },
    ]);
  });
});
