import { describe, expect, it } from 'vitest';
import { generateBusinessDoc } from '../../bench/lib/business/index.js';
import { ingestPages } from '../../bench/lib/business/scan.js';
import { createLayoutEngine } from '../../src/extract/layout/index.js';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { ask, page, readRows, rowsOf } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

const lineRequest = ask('description', 'quantity', 'unit_price', 'line_total');

const letterhead: TypesetLine[] = [
  [20, [[50, 'Muster GmbH'], [600, 'Rechnung']]],
  [40, [[50, 'Hauptstr. 1, 10115 Berlin'], [600, 'Rechnungsnr. 2024-001']]],
  [55, [[600, 'Datum: 05.03.2024']]],
];

/** The same table asked with no fields: its columns, as the engine names them, by position. */
const inferredRows = (lines: TypesetLine[]) => readRows(lines, ask()).map((r) => Object.values(r));

/** A generated document's line request answered over all its digital pages, keyed by the truth's keys. */
async function namedLines(doc: Awaited<ReturnType<typeof generateBusinessDoc>>): Promise<Array<Record<string, string>>> {
  const engine = createLayoutEngine();
  try {
    const request = { fields: doc.request.lines.map((f) => ({ name: f.name, formatRequirement: '' })), globalFormatRequirement: '', quality: 'fast' as const };
    const rows = [];
    for (const p of await ingestPages(doc.pdf)) rows.push(...rowsOf(await engine.extract(p, request)));
    return rows.map((r) => Object.fromEntries(doc.request.lines.map((f) => [f.key, r[f.name] ?? ''])));
  } finally {
    await engine.close?.();
  }
}

describe('line items under the names asked for, on invoices as real issuers print them', () => {
  it('keeps a single item whose values sit clear of their heads in the heads\' columns', () => {
    const invoice: TypesetLine[] = [
      [20, [[50, 'Acme Ltd'], [600, 'INVOICE']]],
      [40, [[600, 'Invoice no. 1234']]],
      // "Qty" ends before "10" starts: with one item, the head line gives borders too.
      [100, [[50, 'Description'], [400, 'Qty'], [520, 'Unit price'], [700, 'Amount']]],
      [120, [[50, 'Consulting services March'], [420, '10'], [540, '95.00'], [720, '950.00']]],
      [150, [[520, 'Subtotal'], [720, '950.00']]],
      [165, [[520, 'VAT 20%'], [720, '190.00']]],
      [180, [[520, 'Total'], [720, '1,140.00']]],
    ];
    expect(readRows(invoice, lineRequest)).toEqual([
      { description: 'Consulting services March', quantity: '10', unit_price: '95.00', line_total: '950.00' },
    ]);
    expect(inferredRows(invoice)).toEqual([['Consulting services March', '10', '95.00', '950.00']]);
  });

  it('reads records of two lines as one item: the article line over its description, or the description over its article number', () => {
    const articleOver: TypesetLine[] = [
      ...letterhead,
      [100, [[50, 'Artikel / Bezeichnung'], [400, 'Menge'], [520, 'Einzelpreis'], [700, 'Gesamt']]],
      [120, [[50, 'ART-10023']]],
      [132, [[50, 'Kabel NYM 3x1,5 mm'], [420, '2'], [540, '10,00'], [720, '20,00']]],
      [150, [[50, 'ART-20017']]],
      [162, [[50, 'Schalter weiss'], [420, '5'], [540, '3,50'], [720, '17,50']]],
      [220, [[520, 'Summe netto'], [720, '37,50']]],
    ];
    expect(readRows(articleOver, lineRequest)).toEqual([
      { description: 'ART-10023 Kabel NYM 3x1,5 mm', quantity: '2', unit_price: '10,00', line_total: '20,00' },
      { description: 'ART-20017 Schalter weiss', quantity: '5', unit_price: '3,50', line_total: '17,50' },
    ]);
    const numberUnder: TypesetLine[] = [
      ...letterhead,
      [100, [[50, 'Pos'], [100, 'Bezeichnung'], [400, 'Menge'], [520, 'Einzelpreis'], [700, 'Gesamt']]],
      [120, [[50, '1'], [100, 'Kabel NYM 3x1,5 mm'], [420, '2'], [540, '10,00'], [720, '20,00']]],
      [132, [[100, 'Art.-Nr. 10023']]],
      [150, [[50, '2'], [100, 'Schalter weiss'], [420, '5'], [540, '3,50'], [720, '17,50']]],
      // The last item's second line is as far under it as the first item's: its own, not a note under the table.
      [162, [[100, 'Art.-Nr. 20017']]],
      [220, [[520, 'Summe netto'], [720, '37,50']]],
    ];
    expect(readRows(numberUnder, lineRequest)).toEqual([
      { description: 'Kabel NYM 3x1,5 mm Art.-Nr. 10023', quantity: '2', unit_price: '10,00', line_total: '20,00' },
      { description: 'Schalter weiss Art.-Nr. 20017', quantity: '5', unit_price: '3,50', line_total: '17,50' },
    ]);
  });

  it('reads a single item of two lines as one item', () => {
    const invoice: TypesetLine[] = [
      ...letterhead,
      [100, [[50, 'Pos'], [100, 'Artikel'], [400, 'Menge'], [520, 'Einzelpreis'], [700, 'Gesamt']]],
      [120, [[50, '1'], [100, 'ART-10023'], [420, '2'], [540, '10,00'], [720, '20,00']]],
      [132, [[100, 'Kabel NYM 3x1,5 mm']]],
      [160, [[520, 'Summe netto'], [720, '20,00']]],
      [175, [[520, 'MwSt 19%'], [720, '3,80']]],
      [190, [[520, 'Gesamt'], [720, '23,80']]],
    ];
    expect(readRows(invoice, lineRequest)).toEqual([
      { description: 'ART-10023 Kabel NYM 3x1,5 mm', quantity: '2', unit_price: '10,00', line_total: '20,00' },
    ]);
    expect(inferredRows(invoice)).toEqual([['1', 'ART-10023 Kabel NYM 3x1,5 mm', '2', '10,00', '20,00']]);
  });

  it('takes the unit price and line total columns the items\' arithmetic shows when a scan misread their heads', () => {
    // "Stückpreis" garbled, "Gesamtpreis" read as "preis": the head alone would give the line totals to the unit price
    // and the document's total to every line.
    const scan: TypesetLine[] = [
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
    const invoice: TypesetLine[] = [
      ...letterhead,
      [100, [[50, 'Description'], [400, 'Qty'], [480, 'Unit price'], [600, 'Disc.'], [700, 'Amount']]],
      [120, [[50, 'Widget'], [420, '2'], [500, '10.00'], [610, '10%'], [720, '18.00']]],
      [135, [[50, 'Gadget'], [420, '3'], [500, '5.00'], [610, '10%'], [720, '13.50']]],
      [150, [[50, 'Thing'], [420, '1'], [500, '7.00'], [610, '0%'], [720, '7.00']]],
      [180, [[600, 'Total'], [720, '38.50']]],
    ];
    expect(readRows(invoice, lineRequest).map((r) => r.line_total)).toEqual(['18.00', '13.50', '7.00']);
  });

  it('reads a payslip\'s earnings and deductions columns under those names, not as the document\'s total deductions', () => {
    const payslip: TypesetLine[] = [
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
    expect(readRows(payslip, ask('description', 'hours', 'rate', 'earnings', 'deductions'))).toEqual([
      { description: 'Grundgehalt', hours: null, rate: null, earnings: '3.200,00', deductions: null },
      { description: 'Überstunden', hours: '10', rate: '25,00', earnings: '250,00', deductions: null },
      { description: 'Lohnsteuer', hours: null, rate: null, earnings: null, deductions: '512,40' },
      { description: 'Krankenversicherung', hours: null, rate: null, earnings: null, deductions: '281,90' },
    ]);
  });

  it('keeps the heads of columns no item fills apart from the filled column beside them', () => {
    // Salaried items only: nothing under "Hrs" and "Rate", so the body shows no border between them and "Earnings".
    const payslip: TypesetLine[] = [
      [20, [[50, 'Acme Ltd'], [600, 'PAYSLIP']]],
      [100, [[50, 'Description'], [520, 'Hrs'], [640, 'Rate'], [730, 'Earnings'], [830, 'Deductions']]],
      [120, [[50, 'Basic salary'], [730, '3,031.90']]],
      [135, [[50, 'Income tax'], [850, '118.24']]],
      [150, [[50, 'National Insurance'], [850, '209.20']]],
      [175, [[700, 'Net pay'], [850, '2,704.46']]],
    ];
    expect(readRows(payslip, ask('description', 'hours', 'rate', 'earnings', 'deductions'))).toEqual([
      { description: 'Basic salary', hours: null, rate: null, earnings: '3,031.90', deductions: null },
      { description: 'Income tax', hours: null, rate: null, earnings: null, deductions: '118.24' },
      { description: 'National Insurance', hours: null, rate: null, earnings: null, deductions: '209.20' },
    ]);
    const inferred = extractFromContent(page(payslip), ask());
    expect(inferred.ok && inferred.fields).toEqual(['Description', 'Hrs', 'Rate', 'Earnings', 'Deductions']);
  });

  const tillWithHeads: TypesetLine[] = [
    [20, [[300, 'SUPERMART']]],
    [60, [[50, 'Description'], [330, 'Qty'], [420, 'Amount']]],
    [75, [[50, 'Milk 1L'], [340, '1'], [420, '1.29']]],
    [90, [[50, 'Coffee'], [340, '2'], [420, '7.58']]],
    [105, [[50, 'Bread'], [340, '1'], [420, '2.49']]],
    [125, [[50, 'TOTAL'], [420, '11.36']]],
  ];

  it('gives a price asked with neither quantity nor line total from the column of what each line costs', () => {
    expect(readRows(tillWithHeads, ask('description', 'price'))).toEqual([
      { description: 'Milk 1L', price: '1.29' },
      { description: 'Coffee', price: '7.58' },
      { description: 'Bread', price: '2.49' },
    ]);
  });

  it('leaves an item\'s value no column holds empty rather than giving every item the document\'s total', () => {
    const till: TypesetLine[] = [
      [20, [[300, 'SUPERMART']]],
      [60, [[50, 'QTY'], [100, 'ITEM'], [420, 'PRICE']]],
      [75, [[50, '1'], [100, 'Milk 1L'], [420, '1.29']]],
      [90, [[50, '2'], [100, 'Coffee'], [420, '7.58']]],
      [105, [[50, '1'], [100, 'Bread'], [420, '2.49']]],
      [125, [[100, 'TOTAL'], [420, '11.36']]],
    ];
    const rows = readRows(till, lineRequest);
    expect(rows.map((r) => r.line_total)).toEqual([null, null, null]);
    expect(rows.map((r) => r.unit_price)).toEqual(['1.29', '7.58', '2.49']);
  });
});

describe('line items under the names asked for: heads set apart from their columns', () => {
  it('joins heads standing blank lines above the first item to the items under them', () => {
    const list: TypesetLine[] = [
      ...letterhead,
      // Heads over two lines, then four line heights of white (a band under the heads): further apart than rows of
      // one table ever are.
      [100, [[50, 'Description'], [400, 'Qty'], [520, 'Unit'], [700, 'Line']]],
      [112, [[520, 'price'], [700, 'total']]],
      [165, [[50, 'Cable NYM 3x1.5'], [410, '2'], [530, '10.00'], [710, '20.00']]],
      [180, [[50, 'Switch white'], [410, '5'], [530, '3.50'], [710, '17.50']]],
      [215, [[520, 'Subtotal'], [710, '37.50']]],
    ];
    expect(readRows(list, lineRequest)).toEqual([
      { description: 'Cable NYM 3x1.5', quantity: '2', unit_price: '10.00', line_total: '20.00' },
      { description: 'Switch white', quantity: '5', unit_price: '3.50', line_total: '17.50' },
    ]);
    // One head wrapped alone ("Earnings" over "/ Deductions"), then the white: the heads still reach the items.
    const payslip: TypesetLine[] = [
      ...letterhead,
      [100, [[50, 'Earnings'], [400, 'Hours'], [520, 'Rate'], [700, 'Amount']]],
      [112, [[50, '/ Deductions']]],
      [165, [[50, 'Basic salary'], [710, '3,354.75']]],
      [180, [[50, 'Overtime'], [410, '120'], [530, '47.16'], [710, '5,659.20']]],
      [195, [[50, 'Income tax'], [710, '(1,501.47)']]],
    ];
    expect(readRows(payslip, ask('Earnings / deductions', 'hours', 'rate', 'amount'))).toEqual([
      { 'Earnings / deductions': 'Basic salary', hours: null, rate: null, amount: '3,354.75' },
      { 'Earnings / deductions': 'Overtime', hours: '120', rate: '47.16', amount: '5,659.20' },
      { 'Earnings / deductions': 'Income tax', hours: null, rate: null, amount: '(1,501.47)' },
    ]);
  });

  it('gives heads set at the left of right-aligned number columns the values under and right of them', () => {
    // Each head starts where its column starts; the numbers end where their columns end, so the white between two
    // columns of values holds the next head ("Price" well left of "38.00").
    const order: TypesetLine[] = [
      ...letterhead,
      [100, [[77, 'Code'], [204, 'Description'], [402, 'Qty'], [523, 'Unit'], [620, 'Price'], [756, 'VAT'], [823, 'Total']]],
      [120, [[77, '167382'], [204, 'Printer paper A4'], [490, '82'], [523, 'pk'], [707, '38.00'], [789, '9%'], [880, '3116.00']]],
      [135, [[77, '881225'], [204, 'Laptop stand'], [496, '9'], [523, 'pc'], [713, '6.99'], [789, '9%'], [892, '62.91']]],
      [150, [[77, '412838'], [204, 'Licence renewal'], [490, '82'], [523, 'yr'], [707, '83.70'], [789, '9%'], [880, '6863.40']]],
    ];
    expect(readRows(order, ask('item_code', 'description', 'quantity', 'unit', 'unit_price', 'tax_rate', 'line_total'))).toEqual([
      { item_code: '167382', description: 'Printer paper A4', quantity: '82', unit: 'pk', unit_price: '38.00', tax_rate: '9%', line_total: '3116.00' },
      { item_code: '881225', description: 'Laptop stand', quantity: '9', unit: 'pc', unit_price: '6.99', tax_rate: '9%', line_total: '62.91' },
      { item_code: '412838', description: 'Licence renewal', quantity: '82', unit: 'yr', unit_price: '83.70', tax_rate: '9%', line_total: '6863.40' },
    ]);
  });

  it('gives a head over a column of no values the values beside it under a head naming it too, with one hourly item', async () => {
    // The tuning payslip pl-7: heads set at their columns' left edge, figures set right, "Kwota" over a column of its
    // own that holds nothing and the amounts under "Kwota Narastająco" beside it; one hourly row, so no arithmetic.
    const doc = await generateBusinessDoc({ seed: 7, kind: 'payslip', lang: 'pl' });
    expect(await namedLines(doc)).toEqual(doc.lines);
  });

  it('keeps an item\'s description line whole where its last word runs on under the next column', async () => {
    // Tuning documents: the order en-7 ("…, box of 100" on the line under the article, "100" under Units; rules under
    // the heads only) and the packing list nl-3 ("Advieswerkzaamheden senior ingenieur" reaching under "Aant.";
    // every record between two rules).
    for (const [kind, lang, seed] of [['purchase_order', 'en', 7], ['packing_list', 'nl', 3]] as const) {
      const doc = await generateBusinessDoc({ seed, kind, lang });
      const rows = await namedLines(doc);
      expect(rows.slice(0, doc.lines.length).map((r) => [r.description, r.quantity])).toEqual(doc.lines.map((r) => [r.description, r.quantity]));
    }
  });

  it('reads the Polish "Wartość netto" over items as each line\'s amount', async () => {
    // The tuning utility bill pl-7: 811 kWh at 0,0372 is 30,17, printed 30,21 (the price rounded): no arithmetic.
    const doc = await generateBusinessDoc({ seed: 7, kind: 'utility_bill', lang: 'pl' });
    expect((await namedLines(doc)).map((r) => r.line_total)).toEqual(doc.lines.map((r) => r.line_total));
  });

  it('keeps heads of columns no item fills apart where their line is not the lowest of the heads', async () => {
    // The tuning payslip it-7: "Descrizione | Ore | Paga | Importo" over "voce … oraria", salaried items only; the
    // lowest head line holds only the wrapped ends, so "Ore" and "Paga" joined the amounts' column.
    const doc = await generateBusinessDoc({ seed: 7, kind: 'payslip', lang: 'it', plainKinds: true });
    expect(await namedLines(doc)).toEqual(doc.lines);
  });

  it('parts an article line over its description under two heads one over the other into the code and the description', () => {
    const invoice: TypesetLine[] = [
      ...letterhead,
      [100, [[50, 'Symbol'], [400, 'Il.'], [520, 'Cena'], [700, 'Wartość']]],
      [112, [[50, 'Nazwa'], [520, 'jedn.']]],
      [130, [[50, '761165'], [410, '5'], [530, '32,18'], [710, '160,90']]],
      [142, [[50, 'Śruby nierdzewne M8 x 40']]],
      [160, [[50, '362024'], [410, '10'], [530, '1 418,73'], [710, '14 187,30']]],
      [172, [[50, 'Przełącznik sieciowy 24 porty']]],
      [210, [[520, 'Razem netto'], [710, '14 348,20']]],
    ];
    expect(readRows(invoice, ask('item_code', 'description', 'quantity', 'unit_price', 'line_total'))).toEqual([
      { item_code: '761165', description: 'Śruby nierdzewne M8 x 40', quantity: '5', unit_price: '32,18', line_total: '160,90' },
      { item_code: '362024', description: 'Przełącznik sieciowy 24 porty', quantity: '10', unit_price: '1 418,73', line_total: '14 187,30' },
    ]);
  });

  it('reads heads wrapped over two lines ("Unit" over "Price") as one head, not as a field of each item\'s second line', () => {
    const order: TypesetLine[] = [
      ...letterhead,
      [100, [[50, 'Item No.'], [400, 'Qty'], [520, 'Unit'], [700, 'Line']]],
      [112, [[50, 'Product'], [520, 'Price'], [700, 'Total']]],
      [130, [[50, 'SKU-22266'], [410, '10'], [530, '225.33'], [710, '2,253.30']]],
      [142, [[50, 'Stainless steel hex bolts']]],
      [160, [[50, 'SKU-91573'], [410, '4'], [530, '333.15'], [710, '1,332.60']]],
      [172, [[50, 'Coffee beans arabica 1 kg']]],
      [190, [[50, 'SKU-93910'], [410, '151'], [530, '17.82'], [710, '2,690.82']]],
      [202, [[50, 'Consulting services']]],
    ];
    expect(readRows(order, ask('Item Code', 'Description', 'Quantity', 'Unit Price', 'Line Total'))).toEqual([
      { 'Item Code': 'SKU-22266', Description: 'Stainless steel hex bolts', Quantity: '10', 'Unit Price': '225.33', 'Line Total': '2,253.30' },
      { 'Item Code': 'SKU-91573', Description: 'Coffee beans arabica 1 kg', Quantity: '4', 'Unit Price': '333.15', 'Line Total': '1,332.60' },
      { 'Item Code': 'SKU-93910', Description: 'Consulting services', Quantity: '151', 'Unit Price': '17.82', 'Line Total': '2,690.82' },
    ]);
  });

  it('reads a weight column headed with its unit ("Waga netto kg") and leaves the packages no column holds empty, not the document\'s count', () => {
    const packingList: TypesetLine[] = [
      [20, [[50, 'Nowak Sp. z o.o.'], [600, 'Lista pakunkowa']]],
      [40, [[600, 'Liczba paczek: 12']]],
      [100, [[50, 'Kod'], [150, 'Nazwa'], [400, 'Ilość'], [520, 'Waga netto kg'], [700, 'Waga brutto kg']]],
      [120, [[50, '722876'], [150, 'Kawa ziarnista 1 kg'], [410, '90'], [530, '239,70'], [710, '250,50']]],
      [135, [[50, '422679'], [150, 'Lampka biurkowa LED'], [410, '24'], [530, '187,80'], [710, '192,60']]],
    ];
    expect(readRows(packingList, ask('item_code', 'quantity', 'packages', 'net_weight', 'gross_weight'))).toEqual([
      { item_code: '722876', quantity: '90', packages: null, net_weight: '239,70', gross_weight: '250,50' },
      { item_code: '422679', quantity: '24', packages: null, net_weight: '187,80', gross_weight: '192,60' },
    ]);
  });
});

describe('line items under the names asked for: rows that are no items', () => {
  it('leaves out the words of a head wrapped under the heads ("Positions- / betrag / ohne / USt."), not items', () => {
    const invoice: TypesetLine[] = [
      ...letterhead,
      [100, [[124, 'Art-Nr-Kunde'], [814, 'Positions-']]],
      [112, [[89, 'Pos'], [124, 'Art-Nr-Lief.'], [254, 'Beschreibung'], [410, 'Nettopreis'], [601, 'Menge'], [740, 'USt.'], [854, 'betrag']]],
      [124, [[124, 'Art-Nr'], [874, 'ohne']]],
      [136, [[125, '(Art)'], [874, 'USt.']]],
      [160, [[97, '1'], [262, 'Trennblätter'], [454, '9,9000'], [597, '20 Stk'], [743, '19 %'], [854, '198,00']]],
      [185, [[97, '2'], [262, 'Joghurt Banane'], [454, '5,5000'], [597, '50 Stk'], [743, '7 %'], [854, '275,00']]],
      [230, [[483, 'Positionssumme'], [854, '473,00']]],
    ];
    expect(readRows(invoice, lineRequest)).toEqual([
      { description: 'Trennblätter', quantity: '20 Stk', unit_price: '9,9000', line_total: '198,00' },
      { description: 'Joghurt Banane', quantity: '50 Stk', unit_price: '5,5000', line_total: '275,00' },
    ]);
  });

  it('reads the last row repeating a single item\'s net and gross amounts as their sum, not a second item', () => {
    const invoice: TypesetLine[] = [
      ...letterhead,
      [100, [[97, '#'], [185, 'Unit'], [272, 'Product'], [534, 'Price'], [622, 'Price incl. VAT'], [709, 'Total'], [797, 'Total incl. VAT']]],
      [120, [[97, '1,00'], [185, 'Stück'], [272, 'Beispielprodukt'], [534, '1,00 €'], [622, '1,19 €'], [709, '1,00 €'], [797, '1,19 €']]],
      [140, [[709, '1,00 €'], [797, '1,19 €']]],
      [170, [[93, 'Due 19.07.2014']]],
    ];
    expect(readRows(invoice, ask('description', 'unit_price'))).toEqual([{ description: 'Beispielprodukt', unit_price: '1,00 €' }]);
    expect(inferredRows(invoice)).toHaveLength(1);
  });
});

describe('line items under heads set apart from their columns', () => {
  it('takes the columns quantity × unit price ≈ line total (hours × rate ≈ amount) shows where heads set left over right-aligned figures fall one column off', { timeout: 60_000 }, async () => {
    // Tuning-split invoices it-12 and nl-12: "Qtà | Prezzo unitario | Totale" each at its column's left edge, over
    // figures set right, nearer the column before; a whole column of no values under "Qtà". The payslip it-9 the same
    // with hours × rate ≈ amount.
    const engine = createLayoutEngine();
    try {
      for (const [kind, lang, seed] of [['invoice', 'it', 12], ['invoice', 'nl', 12], ['payslip', 'it', 9]] as const) {
        const doc = await generateBusinessDoc({ seed, kind, lang, plainKinds: true });
        const request = { fields: doc.request.lines.map((f) => ({ name: f.name, formatRequirement: '' })), globalFormatRequirement: '', quality: 'fast' as const };
        const rows = [];
        for (const p of await ingestPages(doc.pdf)) rows.push(...rowsOf(await engine.extract(p, request)));
        expect(rows.map((r) => Object.fromEntries(doc.request.lines.map((f) => [f.key, r[f.name] ?? ''])))).toEqual(doc.lines);
      }
    } finally {
      await engine.close?.();
    }
  });
});
