import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { amountValue, balanceAgreement, debitCreditSwapped, lineAgreement, reconcileTotals, runningBalanceChecks, statementAgrees, summaryRows } from '../../src/extract/layout/values/arithmetic.js';
import { ask, page, rowsOf } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

describe('arithmetic of business documents', () => {
  it('reads amounts in every convention, negatives included', () => {
    expect(amountValue('1.234,56 €')).toBe(1234.56);
    expect(amountValue('1,234.56')).toBe(1234.56);
    expect(amountValue('1 234,56')).toBe(1234.56);
    expect(amountValue("CHF 1'234.56")).toBe(1234.56);
    expect(amountValue('(12.00)')).toBe(-12);
    expect(amountValue('3 509,53-')).toBe(-3509.53);
    expect(amountValue('19 %')).toBeNull();
    expect(amountValue('Bürostuhl')).toBeNull();
  });

  it('checks quantity × unit price against the line total', () => {
    expect(lineAgreement('2', '82,50', '165,00', DEFAULT_SETTINGS)).toBe(true);
    expect(lineAgreement('25,5', '130,99', '3.340,25', DEFAULT_SETTINGS)).toBe(true);
    expect(lineAgreement('2', '82,50', '160,00', DEFAULT_SETTINGS)).toBe(false);
    expect(lineAgreement('', '82,50', '165,00', DEFAULT_SETTINGS)).toBeNull();
  });

  it('finds the totals that add up among the candidates, and none when nothing adds up', () => {
    // The first total read (the subtotal printed again under "Total") loses to the one that is subtotal + tax.
    expect(reconcileTotals({ subtotal: [195], tax_amount: [37.05], total_amount: [195, 232.05] }, DEFAULT_SETTINGS)).toEqual({ subtotal: 0, tax_amount: 0, discount: -1, shipping: -1, total_amount: 1 });
    expect(reconcileTotals({ subtotal: [100], tax_amount: [19], discount: [-10], shipping: [5], total_amount: [114] }, DEFAULT_SETTINGS)?.total_amount).toBe(0);
    expect(reconcileTotals({ subtotal: [100], tax_amount: [19], total_amount: [150] }, DEFAULT_SETTINGS)).toBeNull();
  });

  it('tells summary rows from items: labels under the amounts, column sums, carried-forward lines', () => {
    const rows = [
      ['Bürostuhl', '2', '82,50', '165,00'],
      ['Marker', '3', '10,00', '30,00'],
      ['Übertrag', '', '', '195,00'],
      ['', '', '', '195,00'],
      ['', '', 'MwSt. 19 %', '37,05'],
      ['', '', 'Saldo final', '232,05'],
      ['', '', '', '195,00 37,05 232,05'],
    ];
    expect([...summaryRows(rows, DEFAULT_SETTINGS)]).toEqual([2, 3, 4, 5, 6]);
    // A statistics table's total row starts with its label and fills every column: a row.
    expect(summaryRows([['North', '1.00', '2.00'], ['South', '3.00', '4.00'], ['Total', '4.00', '6.00'], ['', 'Total', '4.0', '6.0']], DEFAULT_SETTINGS).size).toBe(0);
    // An item whose amount happens to equal the sum above keeps its description.
    expect(summaryRows([['A', '1,00'], ['B', '2,00'], ['C', '3,00']], DEFAULT_SETTINGS).size).toBe(0);
  });

  it('drops subtotal and carried-forward lines from the line items of a page', () => {
    const invoice = page([
      [100, [[60, 'Description'], [400, 'Qty'], [500, 'Unit price'], [650, 'Amount']]],
      [125, [[60, 'Office chair'], [400, '2'], [500, '82.50'], [650, '165.00']]],
      [150, [[60, 'Markers'], [400, '3'], [500, '10.00'], [650, '30.00']]],
      [175, [[60, 'Desk lamp'], [400, '1'], [500, '45.00'], [650, '45.00']]],
      [200, [[60, 'Carried over'], [650, '240.00']]],
    ]);
    expect(rowsOf(extractFromContent(invoice, ask('description', 'quantity', 'unit_price', 'line_total'))).map((r) => r.description)).toEqual(['Office chair', 'Markers', 'Desk lamp']);
  });

  it('does not take a receipt number under its label for an item', () => {
    const receipt = page([
      [20, [[60, 'BÄCKEREI SONNE']]],
      [60, [[60, 'Brötchen'], [300, '1,20']]],
      [80, [[60, 'Kaffee'], [300, '2,80']]],
      [100, [[60, 'Bon-Nr.'], [300, '538573']]],
      [120, [[60, 'SUMME'], [300, '4,00']]],
    ]);
    expect(rowsOf(extractFromContent(receipt, ask('description', 'line_total'))).map((r) => r.description)).toEqual(['Brötchen', 'Kaffee']);
  });

  it('is surer of totals that add up than of totals that do not', () => {
    const totals = (total: string) => page([
      [100, [[60, 'Description'], [400, 'Qty'], [500, 'Unit price'], [650, 'Amount']]],
      [125, [[60, 'Office chair'], [400, '2'], [500, '82.50'], [650, '165.00']]],
      [150, [[60, 'Markers'], [400, '3'], [500, '10.00'], [650, '30.00']]],
      [175, [[60, 'Desk lamp'], [400, '1'], [500, '45.00'], [650, '45.00']]],
      [220, [[500, 'Subtotal'], [650, '240.00']]],
      [240, [[500, 'VAT 20 %'], [650, '48.00']]],
      [260, [[500, 'Total'], [650, total]]],
    ]);
    const confidenceOf = (total: string) => {
      const r = extractFromContent(totals(total), ask('subtotal', 'tax_amount', 'total_amount'));
      return r.ok ? (r.rows[0].total_amount as { confidence?: number }).confidence ?? 0 : 0;
    };
    expect(rowsOf(extractFromContent(totals('288.00'), ask('subtotal', 'tax_amount', 'total_amount')))).toEqual([{ subtotal: '240.00', tax_amount: '48.00', total_amount: '288.00' }]);
    expect(confidenceOf('288.00')).toBeGreaterThan(0.95);
    expect(confidenceOf('298.00')).toBeLessThan(confidenceOf('288.00') - 0.1);
  });

  it('does not take an amount of the item table for an unlabelled total', () => {
    const items = page([
      [100, [[60, 'Description'], [400, 'Qty'], [500, 'Unit price'], [650, 'Amount']]],
      [125, [[60, 'Office chair'], [400, '1'], [500, '11.90'], [650, '11.90']]],
      [150, [[60, 'Markers'], [400, '1'], [500, '11.90'], [650, '11.90']]],
      [175, [[60, 'Desk lamp'], [400, '1'], [500, '45.00'], [650, '45.00']]],
    ]);
    expect(rowsOf(extractFromContent(items, ask('total_amount', 'invoice_number')))[0].total_amount).toBeNull();
  });

  it('is surer of line items whose quantity × unit price is their total', () => {
    const invoice = page([
      [100, [[60, 'Description'], [400, 'Qty'], [500, 'Unit price'], [650, 'Amount']]],
      [125, [[60, 'Office chair'], [400, '2'], [500, '82.50'], [650, '165.00']]],
      [150, [[60, 'Markers'], [400, '3'], [500, '10.00'], [650, '35.00']]],
      [175, [[60, 'Desk lamp'], [400, '1'], [500, '45.00'], [650, '45.00']]],
    ]);
    const r = extractFromContent(invoice, ask('description', 'quantity', 'unit_price', 'line_total'));
    const sure = r.ok ? r.rows.map((row) => (row.line_total as { confidence?: number }).confidence ?? 0) : [];
    expect(sure[0]).toBeGreaterThan(0.95);
    expect(sure[1]).toBeLessThan(sure[0] - 0.1);
    expect(sure[2]).toBe(sure[0]);
  });

  it('gives a tax rate without the brackets or colon printed around it', () => {
    const rate = (label: string) => rowsOf(extractFromContent(page([[100, [[500, 'Subtotal'], [650, '100,00']]], [120, [[500, label], [650, '5,50']]]]), ask('tax_rate')))[0].tax_rate;
    expect(rate('TVA (5,5%)')).toBe('5,5%');
    expect(rate('BTW 21%:')).toBe('21%');
  });

  it('reads a receipt tax line that starts with its tax class letter', () => {
    const receipt = page([
      [20, [[60, 'CORNER SHOP']]],
      [60, [[60, 'Bread'], [300, '2.40 A']]],
      [80, [[60, 'Milk'], [300, '1.20 A']]],
      [100, [[60, 'Total'], [300, '3.60']]],
      [130, [[60, 'A VAT 20%'], [300, '0.60']]],
    ]);
    expect(rowsOf(extractFromContent(receipt, ask('tax_rate', 'tax_amount')))).toEqual([{ tax_rate: '20%', tax_amount: '0.60' }]);
  });

  it('reads a receipt tax line under the items whose tax class is a digit ("1 IVA 21%"), and no such line is an item', () => {
    const receipt = page([
      [20, [[60, 'CORNER SHOP']]],
      [60, [[60, 'Macarrones'], [200, '2'], [300, '16,58']]],
      [80, [[60, 'Pan de molde'], [200, '1'], [300, '4,74']]],
      [100, [[60, 'Plátanos'], [200, '2'], [300, '11,54']]],
      [130, [[60, 'TOTAL'], [300, '32,86']]],
      [150, [[60, 'Tarjeta'], [300, '32,86']]],
      [180, [[60, '1 IVA 21%'], [300, '5,70']]],
    ]);
    expect(rowsOf(extractFromContent(receipt, ask('tax_rate', 'tax_amount', 'total_amount')))).toEqual([{ tax_rate: '21%', tax_amount: '5,70', total_amount: '32,86' }]);
    expect(rowsOf(extractFromContent(receipt, ask('description', 'line_total'))).map((r) => r.description)).toEqual(['Macarrones', 'Pan de molde', 'Plátanos']);
    // The rate may stand in a cell of its own, under the items' counts ("T BTW | 21% | 15,32"): a summary all the same.
    const rows = [['Macarrones', '2', '16,58'], ['Pan de molde', '1', '4,74'], ['TOTAL', '', '21,32'], ['Tarjeta', '', '21,32']];
    expect([...summaryRows([...rows, ['T BTW', '21%', '3,70']], DEFAULT_SETTINGS)]).toEqual([2, 3, 4]);
    expect([...summaryRows([...rows, ['1 BTW', '21%', '3,70']], DEFAULT_SETTINGS)]).toEqual([2, 3, 4]);
  });

  it('checks a statement: opening balance + credits − debits ≈ closing balance, and each row against the balance above', () => {
    expect(statementAgrees(4730.93, [1424.62, 933.23], [1421.94], 3795.02, DEFAULT_SETTINGS)).toBe(true);
    expect(statementAgrees(4730.93, [1424.62], [1421.94], 3795.02, DEFAULT_SETTINGS)).toBe(false);
    expect(balanceAgreement(4730.93, '', '1.421,94', '6.152,87', DEFAULT_SETTINGS)).toBe(true);
    expect(balanceAgreement(6152.87, '-1.424,62', '', '4.728,25', DEFAULT_SETTINGS)).toBe(true);
    expect(balanceAgreement(6152.87, '1.424,62', '', '7.577,49', DEFAULT_SETTINGS)).toBe(false);
    expect(balanceAgreement(null, '1.424,62', '', '4.728,25', DEFAULT_SETTINGS)).toBeNull();
    expect(runningBalanceChecks([
      { debit: '', credit: '1,421.94', balance: '6,152.87' },
      { debit: '1,424.62', credit: '', balance: '4,728.25' },
      { debit: '933.23', credit: '', balance: '3,795.02' },
      { debit: '', credit: '10.00', balance: '3,700.00' },
    ], DEFAULT_SETTINGS)).toEqual([null, true, true, false]);
    // Heads mapped the wrong way round: the balance agrees only with debit and credit swapped.
    expect(debitCreditSwapped([
      { debit: '', credit: '1,421.94', balance: '6,152.87' },
      { debit: '1,424.62', credit: '', balance: '7,577.49' },
      { debit: '', credit: '933.23', balance: '6,644.26' },
    ], DEFAULT_SETTINGS)).toBe(true);
  });

  it('moves the confidence of statement rows by their running balance and swaps debit and credit read the wrong way round', () => {
    const statement = page([
      [100, [[50, 'Date'], [200, 'Description'], [400, 'Debit'], [500, 'Credit'], [620, 'Balance']]],
      [125, [[50, '01/10/2023'], [200, 'Salary'], [500, '1,421.94'], [620, '6,152.87']]],
      [150, [[50, '02/10/2023'], [200, 'Rent'], [400, '1,424.62'], [620, '4,728.25']]],
      [175, [[50, '03/10/2023'], [200, 'Groceries'], [400, '933.23'], [620, '3,795.02']]],
      [200, [[50, '04/10/2023'], [200, 'Refund'], [500, '10.00'], [620, '3,700.00']]],
    ]);
    const res = extractFromContent(statement, ask('date', 'description', 'debit', 'credit', 'balance'));
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    const confidence = (row: number, name: string) => (res.rows[row][name] as { confidence?: number }).confidence ?? 0;
    expect(confidence(1, 'balance')).toBeGreaterThan(confidence(3, 'balance'));
    expect(confidence(2, 'debit')).toBeGreaterThan(confidence(3, 'credit'));

    // The same statement from the bank's side: money in printed under "Debit".
    const swapped = page([
      [100, [[50, 'Date'], [200, 'Description'], [400, 'Debit'], [500, 'Credit'], [620, 'Balance']]],
      [125, [[50, '01/10/2023'], [200, 'Salary'], [400, '1,421.94'], [620, '6,152.87']]],
      [150, [[50, '02/10/2023'], [200, 'Rent'], [500, '1,424.62'], [620, '4,728.25']]],
      [175, [[50, '03/10/2023'], [200, 'Groceries'], [500, '933.23'], [620, '3,795.02']]],
    ]);
    const read = rowsOf(extractFromContent(swapped, ask('description', 'debit', 'credit', 'balance')));
    expect(read.map((r) => [r.debit, r.credit])).toEqual([['', '1,421.94'], ['1,424.62', ''], ['933.23', '']].map(([d, c]) => [d || null, c || null]));
  });

  it.each<{ title: string; lines: TypesetLine[]; expected: Record<string, string>[] }>([
    {
      title: 'names the columns of a continuation page without heads by quantity × unit price ≈ line total',
      lines: [
        [50, [[50, 'Network switch 24 ports'], [430, '10'], [520, '1.233,02'], [640, '12.330,20']]],
        [75, [[50, 'Hex screws M8 x 40'], [424, '224'], [532, '143,12'], [634, '32.058,88']]],
        [100, [[50, 'Coffee beans 1 kg'], [430, '10'], [532, '167,37'], [640, '1.673,70']]],
      ],
      expected: [
        { description: 'Network switch 24 ports', quantity: '10', unit_price: '1.233,02', line_total: '12.330,20' },
        { description: 'Hex screws M8 x 40', quantity: '224', unit_price: '143,12', line_total: '32.058,88' },
        { description: 'Coffee beans 1 kg', quantity: '10', unit_price: '167,37', line_total: '1.673,70' },
      ],
    },
    {
      title: 'reads a headerless receipt table up to its total, amounts without their tax class letter',
      lines: [
        [40, [[50, 'Date: 28/08/2022'], [600, '09:36']]],
        [60, [[50, 'Bananes'], [480, '3'], [630, '5,42'], [790, '16,26 A']]],
        [80, [[50, 'Oeufs x12'], [480, '1'], [630, '8,99'], [796, '8,99 A']]],
        [100, [[50, 'Café moulu'], [480, '5'], [630, '6,94'], [790, '34,70 A']]],
        [120, [[50, 'Total TTC'], [790, '60,95 €']]],
        [140, [[50, 'Espèces'], [790, '70,00']]],
        [160, [[50, 'Monnaie rendue'], [796, '9,05']]],
      ],
      expected: [
        { description: 'Bananes', quantity: '3', unit_price: '5,42', line_total: '16,26' },
        { description: 'Oeufs x12', quantity: '1', unit_price: '8,99', line_total: '8,99' },
        { description: 'Café moulu', quantity: '5', unit_price: '6,94', line_total: '34,70' },
      ],
    },
  ])('$title', ({ lines, expected }) => {
    expect(rowsOf(extractFromContent(page(lines), ask('description', 'quantity', 'unit_price', 'line_total')))).toEqual(expected);
  });

  it('takes the amount under the subtotal that is subtotal + tax for a total whose label the scan damaged', () => {
    const scanned = page([
      [100, [[60, 'Artikel'], [400, 'Anz.'], [650, 'Gesamtpreis']]],
      [125, [[60, 'Bürostuhl'], [400, '2'], [650, '165,00']]],
      [150, [[60, 'Marker'], [400, '3'], [650, '30,00']]],
      [190, [[500, 'Zwischensumme'], [650, '195,00 EUR']]],
      [210, [[500, 'USt. 19 %'], [650, '37,05 EUR']]],
      [230, [[500, 'Geszuunetag'], [650, '232,05 EUR']]],
      [260, [[60, 'Zahlbar bis 30.05.2024, Skonto 2 %: 4,64']]],
    ]);
    expect(rowsOf(extractFromContent(scanned, ask('subtotal', 'tax_amount', 'total_amount')))).toEqual([{ subtotal: '195,00 EUR', tax_amount: '37,05 EUR', total_amount: '232,05 EUR' }]);
  });
});

