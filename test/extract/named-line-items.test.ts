import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { ask, page, rowsOf } from './helpers/requests.js';

const lineRequest = ask('description', 'quantity', 'unit_price', 'line_total');

type Lines = Parameters<typeof page>[0];

const letterhead: Lines = [
  [20, [[50, 'Muster GmbH'], [600, 'Rechnung']]],
  [40, [[50, 'Hauptstr. 1, 10115 Berlin'], [600, 'Rechnungsnr. 2024-001']]],
  [55, [[600, 'Datum: 05.03.2024']]],
];

/** The same table asked with no fields: its columns, as the engine names them, by position. */
const inferredRows = (lines: Lines) => rowsOf(extractFromContent(page(lines), ask())).map((r) => Object.values(r));

describe('line items under the names asked for, on invoices as real issuers print them', () => {
  it('keeps a single item whose values sit clear of their heads in the heads\' columns', () => {
    const invoice: Lines = [
      [20, [[50, 'Acme Ltd'], [600, 'INVOICE']]],
      [40, [[600, 'Invoice no. 1234']]],
      // "Qty" ends before "10" starts: with one item, the head line gives borders too.
      [100, [[50, 'Description'], [400, 'Qty'], [520, 'Unit price'], [700, 'Amount']]],
      [120, [[50, 'Consulting services March'], [420, '10'], [540, '95.00'], [720, '950.00']]],
      [150, [[520, 'Subtotal'], [720, '950.00']]],
      [165, [[520, 'VAT 20%'], [720, '190.00']]],
      [180, [[520, 'Total'], [720, '1,140.00']]],
    ];
    expect(rowsOf(extractFromContent(page(invoice), lineRequest))).toEqual([
      { description: 'Consulting services March', quantity: '10', unit_price: '95.00', line_total: '950.00' },
    ]);
    expect(inferredRows(invoice)).toEqual([['Consulting services March', '10', '95.00', '950.00']]);
  });

  it('reads records of two lines as one item: the article line over its description, or the description over its article number', () => {
    const articleOver: Lines = [
      ...letterhead,
      [100, [[50, 'Artikel / Bezeichnung'], [400, 'Menge'], [520, 'Einzelpreis'], [700, 'Gesamt']]],
      [120, [[50, 'ART-10023']]],
      [132, [[50, 'Kabel NYM 3x1,5 mm'], [420, '2'], [540, '10,00'], [720, '20,00']]],
      [150, [[50, 'ART-20017']]],
      [162, [[50, 'Schalter weiss'], [420, '5'], [540, '3,50'], [720, '17,50']]],
      [220, [[520, 'Summe netto'], [720, '37,50']]],
    ];
    expect(rowsOf(extractFromContent(page(articleOver), lineRequest))).toEqual([
      { description: 'ART-10023 Kabel NYM 3x1,5 mm', quantity: '2', unit_price: '10,00', line_total: '20,00' },
      { description: 'ART-20017 Schalter weiss', quantity: '5', unit_price: '3,50', line_total: '17,50' },
    ]);
    const numberUnder: Lines = [
      ...letterhead,
      [100, [[50, 'Pos'], [100, 'Bezeichnung'], [400, 'Menge'], [520, 'Einzelpreis'], [700, 'Gesamt']]],
      [120, [[50, '1'], [100, 'Kabel NYM 3x1,5 mm'], [420, '2'], [540, '10,00'], [720, '20,00']]],
      [132, [[100, 'Art.-Nr. 10023']]],
      [150, [[50, '2'], [100, 'Schalter weiss'], [420, '5'], [540, '3,50'], [720, '17,50']]],
      // The last item's second line is as far under it as the first item's: its own, not a note under the table.
      [162, [[100, 'Art.-Nr. 20017']]],
      [220, [[520, 'Summe netto'], [720, '37,50']]],
    ];
    expect(rowsOf(extractFromContent(page(numberUnder), lineRequest))).toEqual([
      { description: 'Kabel NYM 3x1,5 mm Art.-Nr. 10023', quantity: '2', unit_price: '10,00', line_total: '20,00' },
      { description: 'Schalter weiss Art.-Nr. 20017', quantity: '5', unit_price: '3,50', line_total: '17,50' },
    ]);
  });

  it('reads a single item of two lines as one item', () => {
    const invoice: Lines = [
      ...letterhead,
      [100, [[50, 'Pos'], [100, 'Artikel'], [400, 'Menge'], [520, 'Einzelpreis'], [700, 'Gesamt']]],
      [120, [[50, '1'], [100, 'ART-10023'], [420, '2'], [540, '10,00'], [720, '20,00']]],
      [132, [[100, 'Kabel NYM 3x1,5 mm']]],
      [160, [[520, 'Summe netto'], [720, '20,00']]],
      [175, [[520, 'MwSt 19%'], [720, '3,80']]],
      [190, [[520, 'Gesamt'], [720, '23,80']]],
    ];
    expect(rowsOf(extractFromContent(page(invoice), lineRequest))).toEqual([
      { description: 'ART-10023 Kabel NYM 3x1,5 mm', quantity: '2', unit_price: '10,00', line_total: '20,00' },
    ]);
    expect(inferredRows(invoice)).toEqual([['1', 'ART-10023 Kabel NYM 3x1,5 mm', '2', '10,00', '20,00']]);
  });

  it('takes the unit price and line total columns the items\' arithmetic shows when a scan misread their heads', () => {
    // "Stückpreis" garbled, "Gesamtpreis" read as "preis": the head alone would give the line totals to the unit price
    // and the document's total to every line.
    const scan: Lines = [
      ...letterhead,
      [100, [[50, 'Art.-Nr.'], [130, 'Leistung'], [400, 'Anzahl'], [500, 'Siehzeein'], [640, 'MwSt.'], [760, 'preis']]],
      [120, [[50, 'A846-71'], [130, 'Bürostuhl'], [420, '2'], [520, '0,63'], [650, '19%'], [770, '1,26']]],
      [135, [[50, 'A785-79'], [130, 'Kopierpapier A4'], [420, '119'], [520, '706,52'], [650, '19%'], [770, '84.075,88']]],
      [150, [[50, 'A293-69'], [130, 'Beratung'], [420, '12'], [520, '0,77'], [650, '19%'], [770, '9,24']]],
      [180, [[640, 'Gesamtbetrag'], [770, '84.086,38']]],
    ];
    const result = extractFromContent(page(scan), ask('Anzahl', 'Stückpreis', 'Gesamtpreis'));
    expect(rowsOf(result)).toEqual([
      { Anzahl: '2', Stückpreis: '0,63', Gesamtpreis: '1,26' },
      { Anzahl: '119', Stückpreis: '706,52', Gesamtpreis: '84.075,88' },
      { Anzahl: '12', Stückpreis: '0,77', Gesamtpreis: '9,24' },
    ]);
    // Columns arithmetic chose are less sure than heads that name them, until the row's arithmetic confirms them.
    expect(result.ok && result.rows.every((r) => 'confidence' in r.Gesamtpreis && r.Gesamtpreis.confidence! < 1)).toBe(true);
  });

  it('keeps the heads\' line total where a discount stands between price and total', () => {
    const invoice: Lines = [
      ...letterhead,
      [100, [[50, 'Description'], [400, 'Qty'], [480, 'Unit price'], [600, 'Disc.'], [700, 'Amount']]],
      [120, [[50, 'Widget'], [420, '2'], [500, '10.00'], [610, '10%'], [720, '18.00']]],
      [135, [[50, 'Gadget'], [420, '3'], [500, '5.00'], [610, '10%'], [720, '13.50']]],
      [150, [[50, 'Thing'], [420, '1'], [500, '7.00'], [610, '0%'], [720, '7.00']]],
      [180, [[600, 'Total'], [720, '38.50']]],
    ];
    expect(rowsOf(extractFromContent(page(invoice), lineRequest)).map((r) => r.line_total)).toEqual(['18.00', '13.50', '7.00']);
  });

  it('reads a payslip\'s earnings and deductions columns under those names, not as the document\'s total deductions', () => {
    const payslip: Lines = [
      [20, [[50, 'Muster GmbH'], [600, 'Entgeltabrechnung']]],
      [40, [[600, 'Abrechnungsmonat: Juli 2025']]],
      [100, [[50, 'Lohnart'], [400, 'Stunden'], [500, 'Satz'], [620, 'Bezüge'], [760, 'Abzüge']]],
      [120, [[50, 'Grundgehalt'], [680, '3.200,00']]],
      [135, [[50, 'Überstunden'], [410, '10'], [505, '25,00'], [700, '250,00']]],
      [150, [[50, 'Lohnsteuer'], [820, '512,40']]],
      [165, [[50, 'Krankenversicherung'], [820, '281,90']]],
      [190, [[500, 'Gesamtabzüge'], [820, '794,30']]],
      [205, [[500, 'Auszahlung'], [820, '2.655,70']]],
    ];
    expect(rowsOf(extractFromContent(page(payslip), ask('description', 'hours', 'rate', 'earnings', 'deductions')))).toEqual([
      { description: 'Grundgehalt', hours: null, rate: null, earnings: '3.200,00', deductions: null },
      { description: 'Überstunden', hours: '10', rate: '25,00', earnings: '250,00', deductions: null },
      { description: 'Lohnsteuer', hours: null, rate: null, earnings: null, deductions: '512,40' },
      { description: 'Krankenversicherung', hours: null, rate: null, earnings: null, deductions: '281,90' },
    ]);
  });

  it('keeps the heads of columns no item fills apart from the filled column beside them', () => {
    // Salaried items only: nothing under "Hrs" and "Rate", so the body shows no border between them and "Earnings".
    const payslip: Lines = [
      [20, [[50, 'Acme Ltd'], [600, 'PAYSLIP']]],
      [100, [[50, 'Description'], [520, 'Hrs'], [640, 'Rate'], [730, 'Earnings'], [830, 'Deductions']]],
      [120, [[50, 'Basic salary'], [730, '3,031.90']]],
      [135, [[50, 'Income tax'], [850, '118.24']]],
      [150, [[50, 'National Insurance'], [850, '209.20']]],
      [175, [[700, 'Net pay'], [850, '2,704.46']]],
    ];
    expect(rowsOf(extractFromContent(page(payslip), ask('description', 'hours', 'rate', 'earnings', 'deductions')))).toEqual([
      { description: 'Basic salary', hours: null, rate: null, earnings: '3,031.90', deductions: null },
      { description: 'Income tax', hours: null, rate: null, earnings: null, deductions: '118.24' },
      { description: 'National Insurance', hours: null, rate: null, earnings: null, deductions: '209.20' },
    ]);
    const inferred = extractFromContent(page(payslip), ask());
    expect(inferred.ok && inferred.fields).toEqual(['Description', 'Hrs', 'Rate', 'Earnings', 'Deductions']);
  });

  const tillWithHeads: Lines = [
    [20, [[300, 'SUPERMART']]],
    [60, [[50, 'Description'], [330, 'Qty'], [420, 'Amount']]],
    [75, [[50, 'Milk 1L'], [340, '1'], [420, '1.29']]],
    [90, [[50, 'Coffee'], [340, '2'], [420, '7.58']]],
    [105, [[50, 'Bread'], [340, '1'], [420, '2.49']]],
    [125, [[50, 'TOTAL'], [420, '11.36']]],
  ];

  it('gives a price asked with neither quantity nor line total from the column of what each line costs', () => {
    expect(rowsOf(extractFromContent(page(tillWithHeads), ask('description', 'price')))).toEqual([
      { description: 'Milk 1L', price: '1.29' },
      { description: 'Coffee', price: '7.58' },
      { description: 'Bread', price: '2.49' },
    ]);
  });

  it('leaves an item\'s value no column holds empty rather than giving every item the document\'s total', () => {
    const till: Lines = [
      [20, [[300, 'SUPERMART']]],
      [60, [[50, 'QTY'], [100, 'ITEM'], [420, 'PRICE']]],
      [75, [[50, '1'], [100, 'Milk 1L'], [420, '1.29']]],
      [90, [[50, '2'], [100, 'Coffee'], [420, '7.58']]],
      [105, [[50, '1'], [100, 'Bread'], [420, '2.49']]],
      [125, [[100, 'TOTAL'], [420, '11.36']]],
    ];
    const rows = rowsOf(extractFromContent(page(till), lineRequest));
    expect(rows.map((r) => r.line_total)).toEqual([null, null, null]);
    expect(rows.map((r) => r.unit_price)).toEqual(['1.29', '7.58', '2.49']);
  });
});
