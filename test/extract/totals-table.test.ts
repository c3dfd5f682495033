import { describe, expect, it } from 'vitest';
import { readRows, ask } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * An energy bill whose totals are a small table under the items, heads above
 * their values (rate | net | VAT | total), as bench/lib/business/commercial.ts
 * draws `totalsForm: 'tax_table'`, with the grand total on a line under it.
 */
const bill: TypesetLine[] = [
  [116, [[431, 'Oakridge Ltd']]],
  [139, [[457, '7 Harbour Road']]],
  [176, [[71, 'Your energy bill']]],
  [209, [[71, 'Sophie Oakridge'], [671, 'Inv. No.'], [884, 'E645/25']]],
  [222, [[71, '24 Harbour Road'], [671, 'Date of issue'], [868, '11/09/2024']]],
  [317, [[77, 'Details'], [497, 'Quantity'], [562, 'UoM'], [761, 'Unit Price'], [893, 'Total']]],
  [338, [[77, 'Energy day rate'], [529, '333'], [562, 'kWh'], [783, '0.0363'], [892, '12.09']]],
  [360, [[77, 'Energy night rate'], [529, '187'], [562, 'kWh'], [783, '0.0224'], [899, '4.20']]],
  [381, [[77, 'Standing charge'], [535, '30'], [562, 'days'], [796, '0.52'], [892, '15.60']]],
  [414, [[77, 'Climate change levy'], [529, '720'], [562, 'kWh'], [783, '0.0347'], [892, '24.96']]],
  [455, [[689, 'Rate'], [749, 'Net'], [793, 'VAT amount'], [890, 'Total']]],
  [475, [[691, '20%'], [739, '56.85'], [835, '11.37'], [889, '68.22']]],
  [497, [[509, 'Grand total'], [868, 'GBP 68.22']]],
];

describe('totals set as a small table under their heads', () => {
  it('answers a head of the totals table asked alone with its value, not an engine error', () => {
    expect(readRows(bill, ask('Net'))).toEqual([{ Net: '56.85' }]);
  });

  it('reads the amount before tax and the tax under the heads of a row that names no item (no description, no count)', () => {
    expect(readRows(bill, ask('subtotal', 'tax_amount', 'total_amount'))).toEqual([{ subtotal: '56.85', tax_amount: '11.37', total_amount: 'GBP 68.22' }]);
  });
});

describe('tax labels that print the rate with a joining word and the amount it is levied on', () => {
  const totals = (tax: string): TypesetLine[] => [
    [100, [[60, 'Description'], [400, 'Qty'], [500, 'Price'], [640, 'Amount']]],
    [120, [[60, 'Laptop stand'], [400, '8'], [500, '2.21'], [640, '17.68']]],
    [140, [[60, 'Software licence'], [400, '49'], [500, '0.68'], [640, '33.32']]],
    [180, [[480, 'Subtotal:'], [640, '51.00']]],
    [200, [[480, tax], [640, '10.20']]],
    [220, [[480, 'Total:'], [640, '61.20']]],
  ];

  it('reads the tax beside "VAT 20% on 51.00:" and "BTW 20% over 51,00", not the base in the label', () => {
    expect(readRows(totals('VAT 20% on 51.00:'), ask('tax_amount', 'tax_rate'))).toEqual([{ tax_amount: '10.20', tax_rate: '20%' }]);
    expect(readRows(totals('BTW 20% over 51.00'), ask('tax_amount'))).toEqual([{ tax_amount: '10.20' }]);
  });

  it('reads the tax beside "TVA à 20%:", the word before the rate part of the label', () => {
    expect(readRows(totals('TVA à 20%:'), ask('tax_amount'))).toEqual([{ tax_amount: '10.20' }]);
  });

  it('reads the rate a tax label prints after joining words, in brackets or before a colon', () => {
    expect(readRows(totals('TVA à 20%'), ask('tax_rate'))).toEqual([{ tax_rate: '20%' }]);
    expect(readRows(totals('IVA à taxa de 20%'), ask('tax_rate', 'tax_amount'))).toEqual([{ tax_rate: '20%', tax_amount: '10.20' }]);
    expect(readRows(totals('TVA (20 %)'), ask('tax_rate'))).toEqual([{ tax_rate: '20 %' }]);
    expect(readRows(totals('zzgl. MwSt. 20 %:'), ask('tax_rate'))).toEqual([{ tax_rate: '20 %' }]);
    expect(readRows(totals('I.V.A. 20%'), ask('tax_rate', 'tax_amount'))).toEqual([{ tax_rate: '20%', tax_amount: '10.20' }]);
  });
});

describe('labels as other documents word them (src/extract/lang/<lang>/labels.ts)', () => {
  const doc = (subtotal: string, due: string): TypesetLine[] => [
    [60, [[60, 'Rechnung'], [600, 'Datum:'], [700, '12.11.26']]],
    [80, [[600, due], [700, '30.11.26']]],
    [100, [[60, 'Bezeichnung'], [400, 'Menge'], [500, 'Preis'], [640, 'Betrag']]],
    [120, [[60, 'Schrauben'], [400, '2'], [500, '5,00'], [640, '10,00']]],
    [140, [[60, 'Muttern'], [400, '1'], [500, '7,23'], [640, '7,23']]],
    [180, [[480, subtotal], [640, '17,23']]],
    [200, [[480, 'MwSt. 19 %'], [640, '3,27']]],
    [220, [[480, 'Gesamt'], [640, '20,50']]],
  ];

  it('reads the amount before tax beside "Warenwert", "Subtotal sin IVA", "Subtotaal excl. btw", and the due date after "Fällig bis", "Zahlungstermin"', () => {
    for (const [subtotal, due] of [['Warenwert', 'Fällig bis:'], ['Subtotal sin IVA', 'Zahlungstermin:'], ['Subtotaal excl. btw', 'Vto.:'], ['Nettowert', 'Te betalen vóór:']]) {
      expect(readRows(doc(subtotal, due), ask('subtotal', 'due_date')), `${subtotal} / ${due}`).toEqual([{ subtotal: '17,23', due_date: '30.11.26' }]);
    }
  });
});

describe('a row of values set closer than the row of labels over it', () => {
  it('reads each value under its own label where the values run together into one cell', () => {
    const page: TypesetLine[] = [
      [100, [[60, 'Omschrijving'], [400, 'Aantal'], [500, 'Prijs'], [640, 'Bedrag']]],
      [120, [[60, 'USB-C-kabel'], [400, '3'], [500, '1,91'], [640, '5,73']]],
      [160, [[520, 'Btw-tarief'], [618, 'Netto'], [665, 'Btw'], [710, 'Totaal']]],
      [180, [[590, '21% 876,73 184,11 1.060,84']]],
    ];
    expect(readRows(page, ask('subtotal', 'tax_amount'))).toEqual([{ subtotal: '876,73', tax_amount: '184,11' }]);
  });
});
