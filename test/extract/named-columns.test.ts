import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

const lineRequest = ask('description', 'quantity', 'unit_price', 'line_total');

/** The same table asked with no fields: its columns, as the engine names them, by position. */
const inferredRows = (lines: TypesetLine[]) => readRows(lines, ask()).map((r) => Object.values(r));

const letterhead: TypesetLine[] = [
  [20, [[50, 'Acme Consulting Ltd'], [600, 'INVOICE']]],
  [40, [[600, 'Invoice no. 2024-017']]],
];

describe('columns named by the request come back at least as well as inferred ones', () => {
  it('gives a figure under a head no label knows its column when quantity × price ≈ amount, on an invoice of one item', () => {
    const invoice: TypesetLine[] = [
      ...letterhead,
      // "Days" names no concept of the catalogue; one item is too few rows for the shapes of the values to go by.
      [100, [[50, 'Service'], [400, 'Days'], [520, 'Each'], [700, 'Sum']]],
      [120, [[50, 'Consulting, March'], [420, '10'], [540, '95.00'], [720, '950.00']]],
      [150, [[520, 'Subtotal'], [720, '950.00']]],
      [165, [[520, 'VAT 20%'], [720, '190.00']]],
      [180, [[520, 'Total'], [720, '1,140.00']]],
    ];
    expect(inferredRows(invoice)).toEqual([['Consulting, March', '10', '95.00', '950.00']]);
    expect(readRows(invoice, lineRequest)).toEqual([{ description: 'Consulting, March', quantity: '10', unit_price: '95.00', line_total: '950.00' }]);
  });

  it('leaves the article numbers to the article number when two heads the catalogue gives the description stand over codes and over prose', () => {
    const request = ask('item_code', 'description', 'quantity', 'unit_price', 'line_total');
    // "Artikel" (German) and "Article" (French) head the article's name on many invoices, its number on others.
    for (const [article, text] of [['Artikel', 'Beschreibung'], ['Article', 'Libellé']]) {
      const invoice: TypesetLine[] = [
        ...letterhead,
        [100, [[40, 'Pos'], [80, article], [160, text], [420, 'Anzahl'], [520, 'Preis'], [700, 'Betrag']]],
        [120, [[40, '1'], [80, 'A-10023'], [160, 'Kabel NYM 3x1,5 mm'], [435, '2'], [535, '10,00'], [715, '20,00']]],
        [135, [[40, '2'], [80, 'B-20017'], [160, 'Schalter weiss'], [435, '5'], [535, '3,50'], [715, '17,50']]],
        [150, [[40, '3'], [80, 'C-30001'], [160, 'Dose UP tief'], [430, '10'], [535, '0,80'], [720, '8,00']]],
        [200, [[520, 'Summe'], [715, '45,50']]],
      ];
      expect(inferredRows(invoice)[0]).toEqual(['1', 'A-10023', 'Kabel NYM 3x1,5 mm', '2', '10,00', '20,00']);
      expect(readRows(invoice, request)).toEqual([
        { item_code: 'A-10023', description: 'Kabel NYM 3x1,5 mm', quantity: '2', unit_price: '10,00', line_total: '20,00' },
        { item_code: 'B-20017', description: 'Schalter weiss', quantity: '5', unit_price: '3,50', line_total: '17,50' },
        { item_code: 'C-30001', description: 'Dose UP tief', quantity: '10', unit_price: '0,80', line_total: '8,00' },
      ]);
      // Asked without the article number, the description is still the prose.
      expect(readRows(invoice, lineRequest).map((r) => r.description)).toEqual(['Kabel NYM 3x1,5 mm', 'Schalter weiss', 'Dose UP tief']);
    }
  });

  it('takes a rate asked over a unit price\'s head, and keeps the first item out of the heads', () => {
    const invoice: TypesetLine[] = [
      ...letterhead,
      [100, [[50, 'Description'], [372, 'Qty'], [500, 'Unit price'], [744, 'Amount']]],
      [120, [[50, 'Consulting services'], [378, '10'], [530, '95.00'], [744, '950.00']]],
      [135, [[50, 'Travel'], [384, '1'], [512, '1,240.00'], [732, '1,240.00']]],
      [150, [[50, 'Software licence annual'], [384, '3'], [530, '12.50'], [750, '37.50']]],
      [200, [[450, 'Total'], [732, '2,227.50']]],
    ];
    expect(inferredRows(invoice)[0]).toEqual(['Consulting services', '10', '95.00', '950.00']);
    expect(readRows(invoice, ask('product', 'qty', 'rate', 'amount'))).toEqual([
      { product: 'Consulting services', qty: '10', rate: '95.00', amount: '950.00' },
      { product: 'Travel', qty: '1', rate: '1,240.00', amount: '1,240.00' },
      { product: 'Software licence annual', qty: '3', rate: '12.50', amount: '37.50' },
    ]);
  });
});
