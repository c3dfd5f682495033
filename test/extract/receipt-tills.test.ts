import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { ask, page, rowsOf } from './helpers/requests.js';

const lineRequest = ask('description', 'quantity', 'unit_price', 'line_total');

describe('receipt items as different tills print them, under the names asked for', () => {
  it('takes the count a till prints first for the quantity, the words after it for the article', () => {
    const receipt = page([
      [20, [[300, 'Brückner GmbH']]],
      [60, [[50, '27.12.2023 19:19'], [590, 'Bon-Nr. 683765']]],
      [80, [[50, '1'], [130, 'Kaffee gemahlen'], [850, '6,00']]],
      [95, [[50, '4'], [130, 'Eier 10 St.'], [850, '4,64']]],
      [115, [[50, 'ZU ZAHLEN'], [670, 'CHF 10,64']]],
      [130, [[50, 'EC-Karte'], [820, '10,64']]],
    ]);
    expect(rowsOf(extractFromContent(receipt, lineRequest))).toEqual([
      { description: 'Kaffee gemahlen', quantity: '1', unit_price: null, line_total: '6,00' },
      { description: 'Eier 10 St.', quantity: '4', unit_price: null, line_total: '4,64' },
    ]);
  });

  it('does not take the rule over a short receipt\'s total for the rule under its heads', () => {
    const items: Array<[number, Array<[number, string]>]> = [
      [80, [[50, 'Artículo'], [430, 'Cantidad'], [660, 'Precio'], [860, 'Total']]],
      [95, [[50, 'Pan de molde'], [570, '1'], [700, '4,74'], [840, '4,74 A']]],
      [110, [[50, 'Plátanos'], [570, '2'], [700, '5,77'], [820, '11,54 A']]],
      [125, [[50, 'Leche'], [570, '2'], [700, '9,73'], [820, '19,46 A']]],
      [150, [[50, 'TOTAL'], [800, '35,74 €']]],
      [165, [[50, 'Tarjeta'], [860, '35,74']]],
      [180, [[50, 'A IVA 21%'], [880, '6,20']]],
    ];
    const receipt = { ...page(items), rules: [{ x1: 0.05, y1: 0.14, x2: 0.95, y2: 0.14 }] };
    expect(rowsOf(extractFromContent(receipt, lineRequest))).toEqual([
      { description: 'Pan de molde', quantity: '1', unit_price: '4,74', line_total: '4,74' },
      { description: 'Plátanos', quantity: '2', unit_price: '5,77', line_total: '11,54' },
      { description: 'Leche', quantity: '2', unit_price: '9,73', line_total: '19,46' },
    ]);
  });

  const shortReceipt = page([
    [20, [[300, 'SUPERMART']]],
    [35, [[280, '12 Main Street']]],
    [60, [[50, 'Milk 1L'], [400, '1.29']]],
    [75, [[50, 'Coffee'], [400, '7.58']]],
    [90, [[70, '2 x 3.79']]],
    [105, [[50, 'Bread'], [400, '2.49']]],
    [125, [[50, 'TOTAL'], [400, '11.36']]],
    [140, [[50, 'CASH'], [400, '20.00']]],
    [155, [[50, 'CHANGE'], [400, '8.64']]],
  ]);

  it('reads a bare "amount" or "total" beside the items as each item\'s amount, not the receipt\'s total', () => {
    const items = [
      { description: 'Milk 1L', amount: '1.29' },
      { description: 'Coffee', amount: '7.58' },
      { description: 'Bread', amount: '2.49' },
    ];
    expect(rowsOf(extractFromContent(shortReceipt, ask('description', 'amount')))).toEqual(items);
    expect(rowsOf(extractFromContent(shortReceipt, ask('Artikel', 'Betrag')))).toEqual(items.map((r) => ({ Artikel: r.description, Betrag: r.amount })));
    // Named in two words, the total is the receipt's, on every item row.
    expect(rowsOf(extractFromContent(shortReceipt, ask('description', 'total_amount'))).map((r) => r.total_amount)).toEqual(['11.36', '11.36', '11.36']);
  });

  it('gives a price asked without a line total from the amount each item is paid at', () => {
    expect(rowsOf(extractFromContent(shortReceipt, ask('item', 'price')))).toEqual([
      { item: 'Milk 1L', price: '1.29' },
      { item: 'Coffee', price: '7.58' },
      { item: 'Bread', price: '2.49' },
    ]);
    // A name the catalogue does not know is read by its words: `item_price` is a price, `article_name` the article.
    expect(rowsOf(extractFromContent(shortReceipt, ask('article_name', 'item_price'))).map((r) => r.item_price)).toEqual(['1.29', '7.58', '2.49']);
    // With the quantity asked, the price of one where the quantity line prints it (one of each elsewhere).
    expect(rowsOf(extractFromContent(shortReceipt, ask('item', 'quantity', 'price')))).toEqual([
      { item: 'Milk 1L', quantity: null, price: '1.29' },
      { item: 'Coffee', quantity: '2', price: '3.79' },
      { item: 'Bread', quantity: null, price: '2.49' },
    ]);
  });

  it('reads an amount the scan joined to its tax class letter ("3.62A") as the item\'s amount', () => {
    const scan = page([
      [20, [[300, 'HARBOURSIDE LTD']]],
      [60, [[50, 'MILK 2L'], [800, '14.43'], [840, 'A']]],
      [75, [[50, 'BANANAS'], [800, '3.62A']]],
      [90, [[50, 'EGGS 12PK'], [800, '8.79A']]],
      [110, [[50, 'AMOUNT DUE'], [800, '26.84']]],
    ]);
    expect(rowsOf(extractFromContent(scan, ask('description', 'line_total')))).toEqual([
      { description: 'MILK 2L', line_total: '14.43' },
      { description: 'BANANAS', line_total: '3.62' },
      { description: 'EGGS 12PK', line_total: '8.79' },
    ]);
  });

  const loneItem = (total: string) =>
    page([
      [20, [[300, 'BERGMANN GMBH']]],
      [60, [[50, 'Datum: 15.10.2025'], [830, '21:14']]],
      [75, [[50, 'Beleg-Nr.'], [800, '827736']]],
      [95, [[50, 'Apfelsaft 1L'], [830, '36,60']]],
      [110, [[50, 'Summe'], [830, total]]],
      [125, [[50, 'Kartenzahlung'], [830, total]]],
    ]);

  it('reads a receipt of one item closed by its total as a list of that item', () => {
    expect(rowsOf(extractFromContent(loneItem('36,60'), ask('description', 'line_total')))).toEqual([{ description: 'Apfelsaft 1L', line_total: '36,60' }]);
  });

  it('takes no lone amount for an item when the total under it is smaller', () => {
    expect(rowsOf(extractFromContent(loneItem('6,60'), ask('description', 'line_total')))).not.toContainEqual({ description: 'Apfelsaft 1L', line_total: '36,60' });
  });

  it('opens the items at heads a narrow till packs into one cell, under the date and number lines, and parts the count packed against the article', () => {
    const receipt = page([
      [20, [[300, 'TIENDA SOL']]],
      [60, [[50, 'Fecha: 10/12/2023'], [800, '10:23']]],
      [75, [[50, 'Nº ticket'], [800, '25729']]],
      [95, [[50, 'Cant. Artículo'], [800, 'Importe']]],
      [110, [[74, '1'], [92, 'Pan de molde'], [826, '4,74']]],
      [125, [[68, '12'], [92, 'Plátanos'], [820, '11,54']]],
      [140, [[74, '2'], [92, 'Leche entera'], [820, '19,46']]],
      [160, [[50, 'TOTAL'], [820, '35,74']]],
      [175, [[50, 'Tarjeta'], [820, '35,74']]],
    ]);
    const items = [
      { quantity: '1', description: 'Pan de molde', line_total: '4,74' },
      { quantity: '12', description: 'Plátanos', line_total: '11,54' },
      { quantity: '2', description: 'Leche entera', line_total: '19,46' },
    ];
    expect(rowsOf(extractFromContent(receipt, ask('quantity', 'description', 'line_total')))).toEqual(items);
    expect(rowsOf(extractFromContent(receipt, ask()))).toEqual(items.map((r) => ({ 'Cant.': r.quantity, Artículo: r.description, Importe: r.line_total })));
  });

  it('keeps one item under its heads when a rule sets the totals apart under it', () => {
    const receipt = {
      ...page([
        [60, [[50, 'Date: 08/12/2025'], [800, '11:30']]],
        [75, [[50, 'Receipt No.'], [800, '959317']]],
        [95, [[50, 'Units Item'], [720, 'Net Amount']]],
        [110, [[74, '1'], [92, 'Orange juice'], [826, '1.51']]],
        [130, [[50, 'Subtotal'], [826, '1.51']]],
        [145, [[50, 'Total'], [826, '1.51']]],
        [160, [[50, 'Cash'], [826, '5.00']]],
      ]),
      rules: [{ x1: 0.05, y1: 0.125, x2: 0.95, y2: 0.125 }],
    };
    expect(rowsOf(extractFromContent(receipt, ask('quantity', 'description', 'line_total')))[0]).toEqual({ quantity: '1', description: 'Orange juice', line_total: '1.51' });
  });
});
