import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { parseDate } from '../../src/extract/format/index.js';
import { ask, page, rowsOf } from './helpers/requests.js';

/** A German invoice: letterhead, sender line over the window, a right-hand block of labels, items, totals under their labels. */
const german = page([
  [30, [[420, 'Köhler AG']]],
  [60, [[420, 'Hauptstraße 30']]],
  [75, [[420, '8001 Zürich']]],
  [150, [[60, 'Köhler AG · Hauptstraße 30 · 8001 Zürich'], [560, 'Rechnungs-Nr.'], [760, '2024/948']]],
  [165, [[60, 'Weißhaupt GmbH & Co. KG'], [560, 'Rechnungsdatum'], [760, '25. Juli 2022']]],
  [180, [[60, 'Gartenweg 53'], [560, 'Fälligkeitsdatum'], [760, '24.08.2022']]],
  [195, [[60, '50667 Köln']]],
  [260, [[60, 'Artikelbezeichnung'], [400, 'Menge'], [500, 'Einzelpreis'], [650, 'Betrag']]],
  [285, [[60, 'Bürostuhl'], [400, '2'], [500, '82,50'], [650, '165,00']]],
  [310, [[60, 'Marker'], [400, '3'], [500, '10,00'], [650, '30,00']]],
  [350, [[500, 'Zwischensumme'], [650, '195,00']]],
  [370, [[500, 'MwSt. 19 %'], [650, '37,05']]],
  [390, [[500, 'Gesamtbetrag'], [650, '232,05 EUR']]],
]);

describe('business documents: concepts, one row, label/value pairs, parties, totals', () => {
  it('answers document-level fields with one row, whatever language the labels are in', () => {
    const r = extractFromContent(german, ask('invoice_number', 'invoiceDate', 'Due Date', 'subtotal', 'tax_amount', 'tax_rate', 'total_amount'));
    expect(rowsOf(r)).toEqual([{
      invoice_number: '2024/948', invoiceDate: '25. Juli 2022', 'Due Date': '24.08.2022', subtotal: '195,00', tax_amount: '37,05', tax_rate: '19 %', total_amount: '232,05 EUR',
    }]);
    const confidence = r.ok ? (r.rows[0].invoice_number as { confidence?: number }).confidence : 0;
    expect(confidence).toBeGreaterThan(0.9);
  });

  it('reads a tax label with its rate inside ("zzgl. 19 % MwSt."): the amount beside it is the tax, the rate in it the tax rate', () => {
    const order = page([
      [350, [[500, 'Nettobetrag:'], [650, '195,00']]],
      [370, [[500, 'zzgl. 19 % MwSt.:'], [650, '37,05']]],
      [390, [[500, 'Gesamt:'], [650, '232,05']]],
    ]);
    expect(rowsOf(extractFromContent(order, ask('zzgl. 19 % MwSt.', 'tax_rate', 'total_amount')))).toEqual([{ 'zzgl. 19 % MwSt.': '37,05', tax_rate: '19 %', total_amount: '232,05' }]);
    const italian = page([
      [350, [[500, 'Subtotale'], [650, '41,54']]],
      [370, [[500, 'IVA al 22%'], [650, '9,14']]],
      [390, [[500, 'Totale'], [650, '50,68']]],
    ]);
    expect(rowsOf(extractFromContent(italian, ask('tax_amount', 'tax_rate')))).toEqual([{ tax_amount: '9,14', tax_rate: '22%' }]);
  });

  it('reads values as their kind prints them, rid of what a scan adds: grain before a number, a misread decimal mark or group mark', () => {
    const scanned = page([
      [100, [[60, 'Ordernummer'], [300, '_2022/720']]],
      [110, [[60, 'USt-IdNr.'], [300, 'DE275475175%']]],
      [130, [[60, 'Art.'], [300, 'Netto (kg)'], [500, 'Bruto (kg)']]],
      [150, [[60, 'A575'], [300, '109,9'], [500, '126,7']]],
      [170, [[60, 'A881'], [300, '162,9'], [500, '165,9']]],
      [190, [[60, 'A544'], [300, '32,6'], [500, '38,0']]],
      [230, [[60, 'Brutogewicht (kg)'], [300, '330.6']]],
      [250, [[60, 'Total retenues'], [300, '4 275;61 €']]],
    ]);
    expect(rowsOf(extractFromContent(scanned, ask('order_number', 'seller_vat_id', 'gross_weight', 'total_deductions')))).toEqual([
      { order_number: '2022/720', seller_vat_id: 'DE275475175', gross_weight: '330,6', total_deductions: '4 275,61 €' },
    ]);
    const swiss = page([[400, [[500, 'Subtotale'], [650, '€ 6‘317.94']]]]);
    expect(rowsOf(extractFromContent(swiss, ask('subtotal')))).toEqual([{ subtotal: "€ 6'317.94" }]);
  });

  it('reads totals from a row of labels over a row of values, passing over notes in brackets inside the items', () => {
    const facture = page([
      [80, [[60, 'Désignation'], [400, 'Qté'], [500, 'P.U. HT'], [650, 'TVA']]],
      [100, [[60, 'PRESTATION SUPPORT'], [400, '1,00'], [500, '60,00'], [650, '0,00%']]],
      [110, [[60, '(Net): 60,00']]],
      [125, [[60, 'FOURNITURES PAPIER'], [400, '3,00'], [500, '10,00'], [650, '10,00%']]],
      [135, [[60, '(Net): 30,00']]],
      [150, [[60, 'APPEL'], [400, '1,00'], [500, '7,00'], [650, '20,00%']]],
      [160, [[60, '(Net): 7,00']]],
      [300, [[600, 'TOTAL HT'], [690, 'TOTAL TVA'], [780, 'TOTAL TTC']]],
      [318, [[60, 'Les règlements reçus avant la date d’échéance'], [600, '100,00'], [700, '4,90'], [790, '104,90']]],
      [340, [[60, 'Montant déjà payé : 0,00']]],
    ]);
    // Each asked alone: the document's value, not a column of the row of totals.
    const alone = (name: string) => rowsOf(extractFromContent(facture, ask(name)))[0][name];
    expect(['amount_before_tax', 'tax_amount', 'total_amount'].map(alone)).toEqual(['100,00', '4,90', '104,90']);
  });

  it('takes the foot of a totals box with a row per tax rate: the sum of the rows above it', () => {
    const rechnung = page([
      [100, [[60, 'Zitronensäure 100ml'], [650, '100,00']]],
      [300, [[60, 'Warenwert'], [300, 'Nettobetrag'], [450, 'MwSt-Betrag'], [600, 'Endbetrag']]],
      [315, [[60, '326,50'], [300, '321,40'], [450, '61,07'], [600, '382,47']]],
      [330, [[60, '130,70'], [300, '127,59'], [450, '8,93'], [600, '136,52']]],
      [345, [[60, '457,20'], [300, '448,99'], [450, '70,00'], [600, '518,99']]],
    ]);
    const alone = (name: string) => rowsOf(extractFromContent(rechnung, ask(name)))[0][name];
    expect(['amount_before_tax', 'tax_amount', 'total_amount'].map(alone)).toEqual(['448,99', '70,00', '518,99']);
  });

  it('answers the invoice number of a credit note with its number, and leaves a logo placeholder out of the seller', () => {
    const avoir = page([
      [49, [[60, 'LOGO LE FOURNISSEUR'], [600, 'AVOIR N° :'], [760, 'F20260028']]],
      [68, [[600, 'Date :'], [760, '31/01/2026']]],
      [203, [[60, 'N° TVA intra : FR 11 123 456 782']]],
    ]);
    expect(rowsOf(extractFromContent(avoir, ask('invoice_number', 'seller_name')))).toEqual([{ invoice_number: 'F20260028', seller_name: 'LE FOURNISSEUR' }]);
  });

  it('reads a receipt whose name carries its registration number and whose timestamp closes the rows of its tax summary', () => {
    const receipt = page([
      [121, [[60, 'SOON FATT S/B (B1497-P)']]],
      [139, [[60, 'LOT 1504, BATU 8 1/2, JALAN KLANG LAMA,']]],
      [159, [[60, '46000 PETALING JAYA, SELANGOR.']]],
      [298, [[60, 'DESC'], [300, 'QTY'], [450, 'PRICE'], [600, 'AMOUNT']]],
      [318, [[60, 'AL RIHUN ISTIMEWA 3KG'], [300, '10'], [450, '10.00'], [600, '100.00']]],
      [338, [[60, 'YSF BUAH KERAS 3KG'], [300, '1'], [450, '36.80'], [600, '36.80']]],
      [358, [[60, 'HOBE RED KIDNEY BEAN'], [300, '1'], [450, '58.00'], [600, '58.00']]],
      [378, [[60, 'Final Total'], [600, '194.80']]],
      [811, [[60, 'GST Summary'], [300, 'Amount (RM)'], [450, 'Tax (RM)']]],
      [849, [[60, 'ZRL 0 %'], [300, '100.00'], [450, '0.00']]],
      [869, [[60, 'SR 6'], [300, '94.80'], [450, '5.37']]],
      [889, [[60, '02102772'], [300, '9/2/2017 12:00 PM']]],
    ]);
    // The postal line read taller than the name is still no letterhead.
    for (const w of receipt.words) if (w.box.y1 === 0.159) w.box.y2 = 0.175;
    expect(rowsOf(extractFromContent(receipt, ask('merchant_name', 'date')))).toEqual([{ merchant_name: 'SOON FATT S/B', date: '9/2/2017' }]);
  });

  it('reads a receipt total past a speck before it, with its cents split off, or from the payment line when nothing labels it', () => {
    const speck = page([[427, [[60, 'Betrag'], [200, '7'], [300, '€'], [400, '13,78']]]]);
    expect(rowsOf(extractFromContent(speck, ask('total_amount')))).toEqual([{ total_amount: '13,78' }]);
    const split = page([[637, [[60, 'Betrag EUR'], [400, '48, 77']]]]);
    expect(rowsOf(extractFromContent(split, ask('total_amount')))).toEqual([{ total_amount: '48,77' }]);
    const paid = page([
      [427, [[60, 'Duschvorhang'], [400, '25,00']]],
      [449, [[60, 'WC-Garnitur'], [400, '34,96']]],
      [562, [[60, 'elec.-cash'], [400, '59,96']]],
    ]);
    expect(rowsOf(extractFromContent(paid, ask('total_amount')))).toEqual([{ total_amount: '59,96' }]);
  });

  it('takes no tax line for the total: three capitals after "Total" that are no currency code name another amount ("Total GST")', () => {
    const receipt = page([
      [400, [[60, 'Total Sales (Excluding GST)'], [600, '95.19']]],
      [420, [[60, 'TOTAL'], [600, '100.90']]],
      [440, [[60, 'Total GST :'], [600, '5.71']]],
    ]);
    expect(rowsOf(extractFromContent(receipt, ask('total_amount')))).toEqual([{ total_amount: '100.90' }]);
    // A currency code after the label still belongs to it.
    const coded = page([[420, [[60, 'Total EUR :'], [600, '100,90']]]]);
    expect(rowsOf(extractFromContent(coded, ask('total_amount')))).toEqual([{ total_amount: '100,90' }]);
  });

  it('takes no item amount under an item column head for the total, and trusts no total under its subtotal', () => {
    // "Payable Rnd" is no label the catalogue knows: with the head passed over, no total is given rather than an item's.
    const items = (label: string) => page([
      [300, [[60, 'QTY ITEM'], [600, 'TOTAL']]],
      [320, [[60, '2 L FiletOFish'], [600, '21.18']]],
      [340, [[60, '1 M Coke'], [600, '8.10']]],
      [380, [[60, label], [600, '29.30']]],
    ]);
    expect(rowsOf(extractFromContent(items('Payable Rnd'), ask('total_amount')))).toEqual([{ total_amount: null }]);
    expect(rowsOf(extractFromContent(items('Total Rounded'), ask('total_amount')))).toEqual([{ total_amount: '29.30' }]);
    const sure = (subtotal: string, total: string) => {
      const r = extractFromContent(page([[300, [[60, 'Sub-Total :'], [600, subtotal]]], [320, [[60, 'Grand Total :'], [600, total]]]]), ask('total_amount'));
      return r.ok && 'confidence' in r.rows[0].total_amount ? r.rows[0].total_amount.confidence! : 0;
    };
    expect(sure('60.60', '60.60')).toBeGreaterThanOrEqual(0.9);
    expect(sure('60.60', '33.00')).toBeLessThan(0.9);
    expect(sure('31.18', '33.05')).toBeGreaterThanOrEqual(0.9);
  });

  it('answers a currency field with the code of the symbol printed on the amounts', () => {
    const receipt = page([
      [100, [[60, 'Kaffee'], [400, '3,40 €']]],
      [120, [[60, 'Summe'], [400, '3,40 €']]],
    ]);
    expect(rowsOf(extractFromContent(receipt, ask('currency')))).toEqual([{ currency: 'EUR' }]);
  });

  it('reads an Italian statement date under its label in a row of labels over a row of values', () => {
    const statement = page([
      [100, [[60, 'IBAN'], [400, 'Data estratto'], [600, 'Periodo']]],
      [115, [[60, 'IT18 4832 0061 7561'], [400, '08.08.2022'], [600, '01.08.2022 - 07.08.2022']]],
      [200, [[60, 'Data'], [200, 'Descrizione'], [600, 'Addebiti']]],
      [220, [[60, '01.08.2022'], [200, 'Prelievo Bancomat'], [600, '945.18']]],
    ]);
    expect(rowsOf(extractFromContent(statement, ask('statement_date')))).toEqual([{ statement_date: '08.08.2022' }]);
  });

  it('takes the issuer from the block its sender line names, and no account holder of the payment details for the buyer', () => {
    const invoice = page([
      [146, [[60, 'Bei Spiel GmbH']]],
      [166, [[60, 'Ecke 12']]],
      [183, [[60, 'Bei Spiel GmbH • Ecke 12 • 12345 Stadthausen'], [600, '12345 Stadthausen']]],
      [200, [[60, 'Theodor Est'], [600, 'phone (555) 23 78 -0']]],
      [222, [[60, 'Bahnstr. 42'], [600, 'http://localhost/']]],
      [240, [[60, '88802 Spielkreis']]],
      [419, [[60, 'Invoice # RE-20201121/508']]],
      [716, [[60, 'Due payable: 571.04 €']]],
      [872, [[60, 'IBAN DE88200800000970375700']]],
      [889, [[60, 'BIC COBADEFFXXX']]],
      [906, [[60, 'Commerzbank']]],
      [923, [[60, 'Account holder: Max Mustermann']]],
    ]);
    // The addressee's name is printed taller than the issuer's.
    for (const w of invoice.words) if (w.box.y1 === 0.2 && w.box.x1 < 0.5) w.box.y2 = 0.216;
    expect(rowsOf(extractFromContent(invoice, ask('seller_name', 'seller_address', 'buyer_name', 'buyer_address')))).toEqual([
      { seller_name: 'Bei Spiel GmbH', seller_address: 'Ecke 12 12345 Stadthausen', buyer_name: 'Theodor Est', buyer_address: 'Bahnstr. 42\n88802 Spielkreis' },
    ]);
  });

  it('finds parties without labels: the sender line over the window is the seller, the window block the buyer', () => {
    expect(rowsOf(extractFromContent(german, ask('seller_name', 'buyer_name', 'buyer_address')))).toEqual([
      { seller_name: 'Köhler AG', buyer_name: 'Weißhaupt GmbH & Co. KG', buyer_address: 'Gartenweg 53\n50667 Köln' },
    ]);
  });

  it('maps line fields to headers in another language and carries document values on each row', () => {
    expect(rowsOf(extractFromContent(german, ask('description', 'quantity', 'unit_price', 'line_total', 'invoice_number')))).toEqual([
      { description: 'Bürostuhl', quantity: '2', unit_price: '82,50', line_total: '165,00', invoice_number: '2024/948' },
      { description: 'Marker', quantity: '3', unit_price: '10,00', line_total: '30,00', invoice_number: '2024/948' },
    ]);
  });

  it('reads a label above its value, a recipient block, and keeps kinds apart', () => {
    const boxes = page([
      [40, [[60, 'Facture N°'], [300, 'Date'], [500, 'Échéance']]],
      [55, [[60, 'F-2024-17'], [300, '15 mars 2024'], [500, '14/04/2024']]],
      [100, [[60, 'Facturé à :']]],
      [115, [[60, 'Benoît Mercier']]],
      [130, [[60, '126, avenue des Génêts']]],
      [145, [[60, '13001 Marseille']]],
      [200, [[400, 'Total HT'], [600, '100,00']]],
      [220, [[400, 'Total TTC'], [600, '120,00']]],
    ]);
    expect(rowsOf(extractFromContent(boxes, ask('invoice_number', 'invoice_date', 'due_date', 'buyer_name', 'buyer_address', 'amount_before_tax', 'total')))).toEqual([{
      invoice_number: 'F-2024-17', invoice_date: '15 mars 2024', due_date: '14/04/2024', buyer_name: 'Benoît Mercier',
      buyer_address: '126, avenue des Génêts\n13001 Marseille', amount_before_tax: '100,00', total: '120,00',
    }]);
  });

  it('tells the total from the subtotal and never gives a date field an amount', () => {
    const totals = page([
      [40, [[60, 'Date:'], [200, 'n/a']]],
      [200, [[400, 'Subtotal'], [600, '90.00']]],
      [220, [[400, 'Total'], [600, '99.00']]],
    ]);
    expect(rowsOf(extractFromContent(totals, ask('total_amount', 'subtotal', 'date')))).toEqual([{ total_amount: '99.00', subtotal: '90.00', date: null }]);
  });

  it('reads a receipt without a header row: amounts at the right edge, quantity lines explained by arithmetic, the total ends the list', () => {
    const receipt = page([
      [30, [[300, 'Brückner GmbH']]],
      [80, [[60, '18.10.2022 14:54'], [600, 'Bon-Nr. 3666']]],
      [120, [[60, 'Nudeln 500g'], [800, '1,10 A']]],
      [140, [[80, '2 x 4,94']]],
      [160, [[60, 'Eier 10 St.'], [800, '9,88 A']]],
      [180, [[60, 'Apfelsaft'], [800, '1,24 A']]],
      [220, [[60, 'SUMME'], [800, '12,22 €']]],
      [240, [[60, 'Bar'], [800, '20,00']]],
    ]);
    expect(rowsOf(extractFromContent(receipt, ask('description', 'quantity', 'unit_price', 'line_total', 'receipt_number', 'date')))).toEqual([
      { description: 'Nudeln 500g', quantity: null, unit_price: null, line_total: '1,10', receipt_number: '3666', date: '18.10.2022' },
      { description: 'Eier 10 St.', quantity: '2', unit_price: '4,94', line_total: '9,88', receipt_number: '3666', date: '18.10.2022' },
      { description: 'Apfelsaft', quantity: null, unit_price: null, line_total: '1,24', receipt_number: '3666', date: '18.10.2022' },
    ]);
    expect(rowsOf(extractFromContent(receipt, ask('merchant_name', 'total')))).toEqual([{ merchant_name: 'Brückner GmbH', total: '12,22 €' }]);
  });

  it('reads dates with month names in the seven languages', () => {
    for (const s of ['15 March 2024', '15. März 2024', '15 mars 2024', '15 de marzo de 2024', '15 maart 2024', '15 marzo 2024', '15 de março de 2024']) {
      expect(parseDate(s), s).toEqual({ year: 2024, month: 3, day: 15 });
    }
    expect(parseDate('3 jui 2024')).toBeNull();
  });

  it('gives the currency as its printed code rather than a symbol when both are printed', () => {
    const statement = page([
      [40, [[60, 'Account currency: see totals']]],
      [80, [[60, 'Opening balance'], [400, '£1,200.00']]],
      [100, [[60, 'Closing balance'], [400, 'GBP 1,350.00']]],
      [120, [[60, 'Paid'], [400, '£150.00']]],
    ]);
    expect(rowsOf(extractFromContent(statement, ask('currency')))).toEqual([{ currency: 'GBP' }]);
  });

  it("takes a period's end from the period printed under its label or after it", () => {
    const under = page([[80, [[60, 'Billing period']]], [95, [[60, '01/10/2024 - 05/10/2024']]]]);
    expect(rowsOf(extractFromContent(under, ask('period_start', 'period_end')))).toEqual([{ period_start: '01/10/2024', period_end: '05/10/2024' }]);
    const after = page([[80, [[60, 'Periode: 01.03.2024 bis 31.03.2024']]]]);
    expect(rowsOf(extractFromContent(after, ask('period_end')))).toEqual([{ period_end: '31.03.2024' }]);
  });

  it("reads a receipt's unlabelled time of day beside its date", () => {
    const receipt = page([[20, [[60, 'BÄCKEREI SONNE']]], [40, [[60, '18.10.2022 14:54 Bon-Nr. 3666']]], [60, [[60, 'Brötchen'], [300, '1,20']]]]);
    expect(rowsOf(extractFromContent(receipt, ask('time', 'date')))).toEqual([{ time: '14:54', date: '18.10.2022' }]);
  });

  it('reads a total label a scan split at its word gaps as one label, and an amount label with its amount beside it heads no row under it', () => {
    const split = page([
      [100, [[60, 'Bread'], [400, '4.20']]],
      [120, [[60, 'Milk'], [400, '2.10']]],
      [140, [[60, 'Total'], [115, 'Inc.'], [165, 'GST'], [220, '6%:'], [400, '6.30']]],
      [160, [[60, 'GST'], [400, '0.36']]],
    ]);
    expect(rowsOf(extractFromContent(split, ask('total_amount')))).toEqual([{ total_amount: '6.30' }]);
    expect(rowsOf(extractFromContent(split, ask('tax_amount')))).toEqual([{ tax_amount: '0.36' }]);
    const partial = page([
      [300, [[60, 'Total 0% supplies:'], [400, '27.44']]],
      [320, [[60, 'PLAIN BUN'], [200, '0.72'], [300, '20'], [400, '14.40']]],
      [340, [[60, 'RAISIN LOAF'], [200, '2.61'], [300, '5'], [400, '13.04']]],
      [380, [[60, 'Total Payable:'], [400, '41.48']]],
    ]);
    expect(rowsOf(extractFromContent(partial, ask('total_amount')))).toEqual([{ total_amount: '41.48' }]);
  });

  it("reads a receipt's total as what was tendered less the change when its total line is unreadable, and no registration number as an amount", () => {
    const receipt = page([
      [80, [[60, 'Trans.'], [400, '40719']]],
      [100, [[60, 'Soap'], [400, '3.90']]],
      [120, [[60, 'Towel'], [400, '11.50']]],
      [140, [[60, 'T0TAI'], [400, '1S.4O']]],
      [160, [[60, 'CASH RM'], [400, '20.00']]],
      [180, [[60, 'CHANGE RM'], [400, '4.60']]],
      [200, [[60, 'GST : 002008047616']]],
    ]);
    expect(rowsOf(extractFromContent(receipt, ask('receipt_number', 'total_amount', 'tax_amount')))).toEqual([{ receipt_number: '40719', total_amount: '15.40', tax_amount: null }]);
    // The amount printed twice, once on an item line that ends in its tax class.
    const twice = page([
      [100, [[60, '4006825600018 Hedge trimmer']]],
      [115, [[60, '1.000 STK'], [300, '49.99'], [400, '19']]],
      [130, [[60, 'SxMME'], [200, 'EUR'], [300, '49.99']]],
    ]);
    expect(rowsOf(extractFromContent(twice, ask('total_amount')))).toEqual([{ total_amount: '49.99' }]);
  });

  it('reads a value a scan set level with its label on the line above, beside a block', () => {
    const slip = page([
      [135, [[700, 'Order date'], [830, '03/02/2025']]],
      [150, [[70, 'Ship to'], [700, 'Order #'], [830, '55120']]],
      [165, [[70, 'Orchard Foods Ltd'], [830, '03/14/2025']]],
      [173, [[700, 'Ship date']]],
      [185, [[70, 'Bristol BS1 4DJ']]],
    ]);
    // The date read taller than its line, down to the label's.
    for (const w of slip.words) if (w.text === '03/14/2025') Object.assign(w.box, { y1: 0.166, y2: 0.183 });
    expect(rowsOf(extractFromContent(slip, ask('ship_date')))).toEqual([{ ship_date: '03/14/2025' }]);
  });

  it('reads how a receipt was paid from the payment line after its total', () => {
    const receipt = page([[20, [[60, 'BÄCKEREI SONNE']]], [60, [[60, 'Brötchen'], [300, '1,20']]], [80, [[60, 'Kaffee'], [300, '2,80']]], [100, [[60, 'SUMME'], [300, '4,00']]], [120, [[60, 'Bar'], [300, '5,00']]]]);
    expect(rowsOf(extractFromContent(receipt, ask('payment_method')))).toEqual([{ payment_method: 'Bar' }]);
  });
});
