import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';

const lineRequest = ask('description', 'quantity', 'unit_price', 'line_total');

describe('receipt item lines as more tills print them (issue 28, the sixth widening)', () => {
  it('joins a weighed article to its weight times its price a kilo ("0,456 kg x 2,99 EUR/kg")', () => {
    // Tuning-split receipt nl-3 prints "Druiven wit   2,98A" over "0,964 kg x 3,09 EUR/kg".
    const rows = readRows(
      [
        [20, [[300, 'Markt GmbH']]],
        [60, [[50, 'Bananen lose'], [850, '1,36 A']]],
        [75, [[70, '0,456 kg x 2,99 EUR/kg']]],
        [90, [[50, 'Vollmilch 1L'], [850, '1,19 A']]],
        [105, [[50, 'Äpfel Elstar'], [850, '2,47 A']]],
        [120, [[70, '1,234 kg x 2,00 €/kg']]],
        [145, [[50, 'SUMME'], [820, '5,02']]],
      ],
      lineRequest,
    );
    expect(rows).toEqual([
      { description: 'Bananen lose', quantity: '0,456', unit_price: '2,99', line_total: '1,36' },
      { description: 'Vollmilch 1L', quantity: null, unit_price: null, line_total: '1,19' },
      { description: 'Äpfel Elstar', quantity: '1,234', unit_price: '2,00', line_total: '2,47' },
    ]);
  });

  it('reads a digit a till prints after an amount as its tax class, not as the amount ("4,74 1")', () => {
    // Tuning-split receipts es-3 ("Pan de molde   1   4,74 1") and en-3 ("MILK 2L   14.43 1").
    const list = readRows(
      [
        [20, [[300, 'Supermercado Sol']]],
        [60, [[50, 'Pan de molde'], [850, '4,74 1']]],
        [75, [[50, 'Leche entera'], [850, '1,29 2']]],
        [100, [[50, 'TOTAL'], [820, '6,03']]],
      ],
      ask('description', 'line_total'),
    );
    expect(list).toEqual([
      { description: 'Pan de molde', line_total: '4,74' },
      { description: 'Leche entera', line_total: '1,29' },
    ]);
    const columns = readRows(
      [
        [20, [[300, 'Supermercado Sol']]],
        [60, [[50, 'Macarrones 500g'], [600, '2'], [850, '16,58 1']]],
        [75, [[50, 'Pan de molde'], [600, '1'], [850, '4,74 1']]],
        [90, [[50, 'Plátanos'], [600, '2'], [850, '11,54 2']]],
        [115, [[50, 'TOTAL'], [820, '32,86']]],
      ],
      ask('description', 'quantity', 'line_total'),
    );
    expect(columns.map((r) => r.line_total)).toEqual(['16,58', '4,74', '11,54']);
  });

  it('takes a discount under an item for no item and no end of the list ("Desconto -0,20A", "Sconto | | -0,50 A")', () => {
    // Tuning-split receipts pt-7 (a list: "Desconto" under the first item ended it there) and it-3 (in columns).
    const list = readRows(
      [
        [20, [[300, 'Brandão Lda.']]],
        [60, [[50, 'Pão de forma'], [850, '8,18A']]],
        [75, [[70, '1 x 8,18']]],
        [90, [[60, 'Desconto'], [850, '-0,20A']]],
        [105, [[50, 'Leite meio-gordo'], [850, '21,27A']]],
        [120, [[70, '3 x 7,09']]],
        [135, [[60, 'Rabatt'], [850, '0,50-']]],
        [160, [[50, 'Total a pagar'], [820, '28,75 €']]],
      ],
      lineRequest,
    );
    expect(list).toEqual([
      { description: 'Pão de forma', quantity: '1', unit_price: '8,18', line_total: '8,18' },
      { description: 'Leite meio-gordo', quantity: '3', unit_price: '7,09', line_total: '21,27' },
    ]);
    const columns = readRows(
      [
        [20, [[300, 'Rossi S.r.l.']]],
        [45, [[50, 'Descrizione articolo'], [600, 'Qtà'], [850, 'Totale']]],
        [60, [[50, 'Pomodori'], [600, '1'], [840, '10,80 A']]],
        [75, [[50, 'Sconto'], [840, '-0,50 A']]],
        [90, [[50, "Succo d'arancia"], [600, '1'], [850, '0,84 A']]],
        [105, [[50, 'Parmigiano 200g'], [600, '2'], [850, '7,22 A']]],
        [120, [[50, 'Promozione'], [840, '-0,20 A']]],
        [135, [[50, 'Totale imponibile'], [830, '18,16']]],
        [150, [[50, 'Totale complessivo'], [820, '€ 18,16']]],
      ],
      ask('description', 'quantity', 'line_total'),
    );
    expect(columns).toEqual([
      { description: 'Pomodori', quantity: '1', line_total: '10,80' },
      { description: "Succo d'arancia", quantity: '1', line_total: '0,84' },
      { description: 'Parmigiano 200g', quantity: '2', line_total: '7,22' },
    ]);
  });

  it('reads a list of articles with their numbers before them as a list when the article number is asked too', () => {
    // Tuning-split receipt en-3: asked with item_code, the lines read as a table whose one column was guessed a count.
    const rows = readRows(
      [
        [20, [[300, 'Harbourside Ltd']]],
        [60, [[50, 'Date: 2025-04-01'], [850, '16:52']]],
        [80, [[70, '3 pcs x 4.81']]],
        [95, [[50, '93929323 MILK 2L'], [850, '14.43']]],
        [110, [[50, '64031648 BANANAS'], [850, '3.62']]],
        [125, [[50, '22310522 BANANAS'], [850, '5.04']]],
        [150, [[50, 'AMOUNT DUE'], [820, '£ 23.09']]],
        [165, [[50, 'VISA'], [850, '23.09']]],
        [180, [[50, '************7893']]],
        [200, [[50, 'VAT 20%'], [850, '3.85']]],
      ],
      ask('item_code', 'description', 'quantity', 'unit_price', 'line_total'),
    );
    expect(rows).toEqual([
      { item_code: '93929323', description: 'MILK 2L', quantity: '3', unit_price: '4.81', line_total: '14.43' },
      { item_code: '64031648', description: 'BANANAS', quantity: null, unit_price: null, line_total: '3.62' },
      { item_code: '22310522', description: 'BANANAS', quantity: null, unit_price: null, line_total: '5.04' },
    ]);
  });

  it('reads a bottle deposit between the items for an item, not for the payment that ends the list ("Deposit 0.25")', () => {
    // Tuning-split receipt en-9: "Deposit   0.25" under the first item ended the list there ("Deposit" labels a prepayment).
    const rows = readRows(
      [
        [20, [[300, 'Oakridge Ltd']]],
        [60, [[50, 'MILK 2L'], [850, '5.23']]],
        [75, [[50, 'Deposit'], [850, '0.25']]],
        [90, [[50, 'Coffee 250g'], [850, '6.29']]],
        [115, [[50, 'Total'], [820, '€ 11.77']]],
        [130, [[50, 'Card'], [850, '11.77']]],
      ],
      ask('description', 'line_total'),
    );
    expect(rows).toEqual([
      { description: 'MILK 2L', line_total: '5.23' },
      { description: 'Deposit', line_total: '0.25' },
      { description: 'Coffee 250g', line_total: '6.29' },
    ]);
  });

  it('reads a quantity line whose "@" a scan read as "©" or "Q" when the item\'s amount confirms it ("5 © 4,14", "1Q9,91")', () => {
    // Tuning-split receipt pl-3, scanned: its "1 @ 9,91" lines came back "1Q9,91", "5 © 4,14", "1 Q5,14".
    const rows = readRows(
      [
        [20, [[300, 'Lewandowski sp. z o.o.']]],
        [60, [[50, 'Makaron 500g'], [850, '9,91']]],
        [75, [[70, '1Q9,91']]],
        [90, [[50, 'Jaja M 10szt'], [850, '20,70']]],
        [105, [[70, '5 © 4,14']]],
        [120, [[50, 'Kawa mielona'], [850, '5,14']]],
        [135, [[70, '1 Q5,14']]],
        [160, [[50, 'Razem'], [820, '35,75']]],
      ],
      lineRequest,
    );
    expect(rows).toEqual([
      { description: 'Makaron 500g', quantity: '1', unit_price: '9,91', line_total: '9,91' },
      { description: 'Jaja M 10szt', quantity: '5', unit_price: '4,14', line_total: '20,70' },
      { description: 'Kawa mielona', quantity: '1', unit_price: '5,14', line_total: '5,14' },
    ]);
  });
});
