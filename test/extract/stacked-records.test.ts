import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { ask, askWith, page, rowsOf } from './helpers/requests.js';

/**
 * A wholesaler's items under a two-line header: the first line of each item
 * carries codes and figures under the upper heads, the second its customer
 * number and description under the lower ones, further lines are notes. A
 * remark sits between the heads and the first item; an order discount
 * follows the items.
 */
const wholesale = page([
  [100, [[60, 'EAN'], [170, 'Art.-Nr.'], [360, 'Menge'], [440, 'Pack'], [540, 'Einzelpreis'], [700, 'USt-%'], [790, 'Gesamt']]],
  [111, [[60, 'Kunden-Nr.'], [170, 'Bezeichnung']]],
  [133, [[60, 'Hinweis: Lieferungen ab 50 EUR erfolgen innerhalb Deutschlands versandkostenfrei.']]],
  [155, [[60, '4012345000017'], [170, 'TX-410'], [360, '12 Stk.'], [446, '1'], [560, '3,50'], [706, '19,0'], [802, '42,00']]],
  [166, [[170, 'Teebeutel Kamille 20er']]],
  [177, [[170, 'Verpackung: Karton']]],
  [199, [[60, '4012345000024'], [170, 'KF-220'], [366, '4 Stk.'], [446, '6'], [560, '8,90'], [712, '7,0'], [802, '35,60']]],
  [210, [[60, 'K-881'], [170, 'Kaffeebohnen Hochland 1kg']]],
  [221, [[170, 'Rabatt 1: 5,00%'], [360, 'Basis: 37,47 €'], [460, 'Rabatt: -1,87 €']]],
  [243, [[60, '4012345000031'], [170, 'ZK-005'], [360, '30 Stk.'], [446, '1'], [560, '0,45'], [706, '19,0'], [802, '13,50']]],
  [254, [[170, 'Zuckerwürfel Portion']]],
  [276, [[60, 'Auftragsrabatt:'], [170, '2,00%'], [360, 'Basis: 91,10 €'], [802, '-1,82']]],
]);

describe('records under a stacked header', () => {
  it('reads one row per item: the description from the line under its head, not the code above it nor the notes', () => {
    expect(rowsOf(extractFromContent(wholesale, ask('description', 'quantity', 'unit_price', 'line_total')))).toEqual([
      { description: 'Teebeutel Kamille 20er', quantity: '12 Stk.', unit_price: '3,50', line_total: '42,00' },
      { description: 'Kaffeebohnen Hochland 1kg', quantity: '4 Stk.', unit_price: '8,90', line_total: '35,60' },
      { description: 'Zuckerwürfel Portion', quantity: '30 Stk.', unit_price: '0,45', line_total: '13,50' },
    ]);
  });

  it('gives a plain number for a count printed with its unit when a number is asked', () => {
    const rows = rowsOf(extractFromContent(wholesale, askWith('number with a dot as decimal separator', 'description', 'quantity')));
    expect(rows.map((r) => r.quantity)).toEqual(['12', '4', '30']);
  });

  it('keeps a one-line record table whose heads wrap (units under some heads) as it was: a wrapped description joins its row', () => {
    const shop = page([
      [100, [[60, 'Description'], [400, 'Qty'], [480, 'Unit'], [600, 'Amount']]],
      [111, [[480, 'Price'], [600, 'EUR']]],
      [133, [[60, 'Ceramic mug, glazed'], [400, '6'], [480, '4.50'], [600, '27.00']]],
      [144, [[60, 'stoneware, dishwasher safe']]],
      [166, [[60, 'Linen napkins'], [400, '12'], [480, '2.25'], [600, '27.00']]],
      [188, [[60, 'Oak serving board'], [400, '1'], [480, '18.90'], [600, '18.90']]],
    ]);
    expect(rowsOf(extractFromContent(shop, ask('description', 'quantity', 'unit_price', 'line_total')))).toEqual([
      { description: 'Ceramic mug, glazed stoneware, dishwasher safe', quantity: '6', unit_price: '4.50', line_total: '27.00' },
      { description: 'Linen napkins', quantity: '12', unit_price: '2.25', line_total: '27.00' },
      { description: 'Oak serving board', quantity: '1', unit_price: '18.90', line_total: '18.90' },
    ]);
  });

  it('reads heads wrapped onto a second line ("Product" over "Description") as one head when the lines under them wrap prose', () => {
    const shop = page([
      [100, [[60, 'Item'], [130, 'Product'], [400, 'Qty'], [480, 'Unit'], [600, 'Line']]],
      [111, [[60, 'No.'], [130, 'Description'], [480, 'Price'], [600, 'Total']]],
      [133, [[60, '1'], [130, 'Ceramic mug, glazed'], [400, '6'], [480, '4.50'], [600, '27.00']]],
      [144, [[130, 'stoneware, dishwasher safe']]],
      [166, [[60, '2'], [130, 'Linen napkins, set'], [400, '12'], [480, '2.25'], [600, '27.00']]],
      [177, [[130, 'of four, natural']]],
      [199, [[60, '3'], [130, 'Oak serving board'], [400, '1'], [480, '18.90'], [600, '18.90']]],
    ]);
    expect(rowsOf(extractFromContent(shop, ask('description', 'quantity', 'line_total')))).toEqual([
      { description: 'Ceramic mug, glazed stoneware, dishwasher safe', quantity: '6', line_total: '27.00' },
      { description: 'Linen napkins, set of four, natural', quantity: '12', line_total: '27.00' },
      { description: 'Oak serving board', quantity: '1', line_total: '18.90' },
    ]);
  });

  it("reads a lot or serial line under an item's description as the description's, a note under it as no cell's", () => {
    // A warehouse's packing list: code and figures on the record's first line, the description under them, then a
    // lot line, a serial line, or a packing note.
    const packing = page([
      [100, [[60, 'Art.-Nr.'], [360, 'Menge'], [460, 'Kolli'], [560, 'Netto kg'], [700, 'Brutto kg']]],
      [111, [[60, 'Bezeichnung']]],
      [133, [[60, '790995'], [366, '456'], [466, '19'], [566, '35,0'], [706, '44,5']]],
      [144, [[60, 'USB-C-Kabel 2 m']]],
      [155, [[60, 'Charge: L26308-75']]],
      [177, [[60, '657000'], [366, '128'], [472, '8'], [560, '183,8'], [700, '187,8']]],
      [188, [[60, 'Whiteboard-Marker, 12er-Pack']]],
      [199, [[60, 'Verpackung: Karton']]],
      [221, [[60, '246582'], [366, '380'], [466, '20'], [560, '257,3'], [700, '291,3']]],
      [232, [[60, 'Sechskantschrauben M8 x 40']]],
      [243, [[60, 'SN 5474-5275']]],
      [265, [[460, 'Kolli gesamt'], [560, '47']]],
    ]);
    expect(rowsOf(extractFromContent(packing, ask('item_code', 'description', 'quantity')))).toEqual([
      { item_code: '790995', description: 'USB-C-Kabel 2 m Charge: L26308-75', quantity: '456' },
      { item_code: '657000', description: 'Whiteboard-Marker, 12er-Pack', quantity: '128' },
      { item_code: '246582', description: 'Sechskantschrauben M8 x 40 SN 5474-5275', quantity: '380' },
    ]);
  });
  it("reads an item's delivery date or week under its description as a note, no code of the description's", () => {
    // A hybrid invoice's energy line: the delivery week under the article holds digits but names no lot or serial.
    const invoice = page([
      [100, [[60, 'Art.-Nr.'], [360, 'Menge'], [560, 'Preis'], [700, 'Betrag']]],
      [111, [[60, 'Bezeichnung']]],
      [133, [[60, '4711'], [366, '10000'], [566, '0,0205'], [706, '205,00']]],
      [144, [[60, 'Ökosteuer Lieferant']]],
      [155, [[60, 'Liefer-Datum: KW 38/2013']]],
      [177, [[60, '4712'], [366, '2'], [566, '1,45'], [706, '2,90']]],
      [188, [[60, 'Gelierzucker Extra 250g']]],
      [199, [[60, 'Lieferdatum 12.09.2013']]],
    ]);
    expect(rowsOf(extractFromContent(invoice, ask('item_code', 'description', 'quantity')))).toEqual([
      { item_code: '4711', description: 'Ökosteuer Lieferant', quantity: '10000' },
      { item_code: '4712', description: 'Gelierzucker Extra 250g', quantity: '2' },
    ]);
  });

  it('opens a record at a code where the records\' codes start, however few values its line carries', () => {
    // A payslip's wage types: a code and figures over the wage type's name; a bonus or a deduction prints its amount only.
    const payslip = page([
      [100, [[60, 'Code'], [440, 'Nombre'], [540, 'Taux'], [640, 'À payer'], [780, 'À déduire']]],
      [111, [[60, 'Libellé']]],
      [133, [[60, '1000'], [470, '46'], [550, '52,33'], [650, '2 407,18']]],
      [144, [[60, 'Salaire de base']]],
      [166, [[60, '1010'], [650, '3 985,35']]],
      [177, [[60, 'Heures supplémentaires']]],
      [199, [[60, '1020'], [464, '126'], [550, '14,99'], [650, '1 888,74']]],
      [210, [[60, 'Prime de nuit']]],
      [232, [[60, '5000'], [796, '356,09']]],
      [243, [[60, 'CSG déductible']]],
    ]);
    expect(rowsOf(extractFromContent(payslip, ask('item_code', 'description', 'hours', 'earnings', 'deductions')))).toEqual([
      { item_code: '1000', description: 'Salaire de base', hours: '46', earnings: '2 407,18', deductions: null },
      { item_code: '1010', description: 'Heures supplémentaires', hours: null, earnings: '3 985,35', deductions: null },
      { item_code: '1020', description: 'Prime de nuit', hours: '126', earnings: '1 888,74', deductions: null },
      { item_code: '5000', description: 'CSG déductible', hours: null, earnings: null, deductions: '356,09' },
    ]);
  });
});
