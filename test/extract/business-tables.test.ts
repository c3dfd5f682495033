import { describe, expect, it } from 'vitest';
import { groupWordsIntoLines } from '../../src/extract/layout/lines/lines.js';
import { detectTables, headerNames } from '../../src/extract/layout/tables/table-detect.js';
import { isSummaryText } from '../../src/extract/layout/tables/data-values.js';
import { typeset } from './helpers/words.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

const cellsOf = (t: ReturnType<typeof detectTables>[number]) => t.rows.map((r) => r.cells.map((c) => c.text));

describe('business tables set tight', () => {
  // Monospaced print: heads and a number with its unit closer than a cell gap.
  const order = typeset([
    [100, [[50, 'Cod. art. Descrizione'], [300, 'Q.tà U.M.'], [420, 'Prezzo'], [520, 'Totale']]],
    [125, [[50, 'A263-34'], [110, 'Servizio di pulizia'], [312, '11 mese'], [420, '0.78'], [520, '8.58']]],
    [150, [[50, 'A416-51'], [110, 'Caffè in grani'], [318, '8 kg'], [420, '9.80'], [520, '78.40']]],
    [175, [[50, 'A902-18'], [110, 'Pennarelli'], [306, '225 conf.'], [420, '1.94'], [520, '436.50']]],
    [200, [[420, 'Imponibile'], [520, '523.48']]],
    [215, [[420, 'IVA al 22%'], [520, '115.17']]],
    [230, [[420, 'Totale fattura'], [520, '638.65']]],
  ]);

  it('splits heads set closer than a cell gap when each part lines up with its column', () => {
    const [table] = detectTables(groupWordsIntoLines(order, 1), [], DEFAULT_SETTINGS);
    expect(headerNames(table, 1, DEFAULT_SETTINGS)).toEqual(['Cod. art.', 'Descrizione', 'Q.tà', 'U.M.', 'Prezzo', 'Totale']);
  });

  it('parts a right-aligned number column from the unit column packed against it', () => {
    const [table] = detectTables(groupWordsIntoLines(order, 1), [], DEFAULT_SETTINGS);
    expect(cellsOf(table)).toEqual([
      ['A263-34', 'Servizio di pulizia', '11', 'mese', '0.78', '8.58'],
      ['A416-51', 'Caffè in grani', '8', 'kg', '9.80', '78.40'],
      ['A902-18', 'Pennarelli', '225', 'conf.', '1.94', '436.50'],
    ]);
  });

  it('keeps a heading centred over two columns whole', () => {
    const words = typeset([
      [90, [[262, 'Fused aluminum oxide']]],
      [110, [[60, 'Country'], [250, '2009'], [400, '2010']]],
      [135, [[60, 'Austria'], [244, '60,000'], [394, '60,000']]],
      [160, [[60, 'Brazil'], [244, '50,000'], [394, '43,000']]],
    ]);
    const [table] = detectTables(groupWordsIntoLines(words, 1), [], DEFAULT_SETTINGS);
    expect(headerNames(table, 2, DEFAULT_SETTINGS)).toEqual(['Country', 'Fused aluminum oxide 2009', 'Fused aluminum oxide 2010']);
  });

  it('reads summary labels in the catalogue languages, tax labels that look like currency codes included', () => {
    for (const label of ['Imponibile', 'IVA al 22%', 'Totale fattura', 'Totaal excl. btw', 'BTW 9%', 'Korting', 'Subtotal', 'Nettogewicht (kg)', 'Peso bruto (kg)']) expect(isSummaryText(label, DEFAULT_SETTINGS), label).toBe(true);
    for (const label of ['Servizio di pulizia', 'EUR', 'Pennarelli']) expect(isSummaryText(label, DEFAULT_SETTINGS), label).toBe(false);
  });

  it('takes column borders from the heads where the cells under them are closer than a cell gap', () => {
    const words = typeset([
      [100, [[50, 'Data'], [116, 'Data'], [182, 'Descrizione'], [420, 'Uscite'], [520, 'Saldo']]],
      [125, [[50, '01/09/2024 01/09/2024 Prelievo Bancomat'], [420, '1176.55'], [520, '1446.57']]],
      [150, [[50, '02/09/2024 02/09/2024 Affitto'], [420, '334.15'], [520, '1112.42']]],
      [175, [[50, '03/09/2024 03/09/2024 Giroconto risparmio'], [420, '98.00'], [520, '1014.42']]],
    ]);
    const [table] = detectTables(groupWordsIntoLines(words, 1), [], DEFAULT_SETTINGS);
    expect(headerNames(table, 1, DEFAULT_SETTINGS)).toEqual(['Data', 'Data', 'Descrizione', 'Uscite', 'Saldo']);
    expect(cellsOf(table)[0]).toEqual(['01/09/2024', '01/09/2024', 'Prelievo Bancomat', '1176.55', '1446.57']);
  });

  it('starts the item table at a row of item column heads under label/value lines set like a table', () => {
    const words = typeset([
      [100, [[50, 'Luca Rossi'], [400, 'IBAN'], [600, 'IT59 3477 2966']]],
      [115, [[50, 'Viale dei Mille 10'], [400, 'Conto n.'], [600, '3061 626894']]],
      [130, [[400, 'Data'], [600, '10/09/2024']]],
      [150, [[50, 'Data'], [200, 'Descrizione'], [420, 'Uscite'], [520, 'Accrediti'], [620, 'Saldo']]],
      [170, [[50, '01/09/2024'], [200, 'Prelievo Bancomat'], [420, '176.55'], [620, '446.57']]],
      [190, [[50, '02/09/2024'], [200, 'Stipendio'], [520, '1002.11'], [620, '1448.68']]],
      [210, [[50, '03/09/2024'], [200, 'Affitto'], [420, '334.15'], [620, '1114.53']]],
    ]);
    const tables = detectTables(groupWordsIntoLines(words, 1), [], DEFAULT_SETTINGS);
    const items = tables.find((t) => headerNames(t, 1, DEFAULT_SETTINGS).includes('Uscite'));
    expect(items && headerNames(items, 1, DEFAULT_SETTINGS)).toEqual(['Data', 'Descrizione', 'Uscite', 'Accrediti', 'Saldo']);
    expect(items && cellsOf(items)).toHaveLength(3);
  });

  it('keeps a space-grouped amount in one cell and a head wrapped tightly in the header', () => {
    const words = typeset([
      [100, [[50, 'Date'], [200, 'Libellé'], [434, 'Débit'], [528, 'Crédit']]],
      [111, [[50, "d'opération"]]],
      [135, [[50, '01/07/2024'], [200, 'Loyer'], [516, '2 059,17']]],
      [160, [[50, '02/07/2024'], [200, 'Retrait DAB'], [410, '1 926,37']]],
      [185, [[50, '03/07/2024'], [200, 'Virement'], [516, '3 080,69']]],
    ]);
    const [table] = detectTables(groupWordsIntoLines(words, 1), [], DEFAULT_SETTINGS);
    expect(headerNames(table, 2, DEFAULT_SETTINGS)).toEqual(["Date d'opération", 'Libellé', 'Débit', 'Crédit']);
    expect(cellsOf(table)).toEqual([
      ['01/07/2024', 'Loyer', '', '2 059,17'],
      ['02/07/2024', 'Retrait DAB', '1 926,37', ''],
      ['03/07/2024', 'Virement', '', '3 080,69'],
    ]);
  });

  it('reads a price list set as two lists side by side as both halves, a line above one copy notwithstanding', () => {
    const words = typeset([
      [80, [[50, 'Valid from 01/03/2024'], [520, 'Currency EUR']]],
      [100, [[50, 'Description'], [400, 'Price'], [520, 'Description'], [870, 'Price']]],
      [125, [[50, 'Office chair'], [394, '404.87'], [520, 'Desk lamp'], [864, '856.69']]],
      [150, [[50, 'Printer paper'], [400, '97.91'], [520, 'Coffee beans'], [870, '19.80']]],
      [175, [[50, 'Network switch'], [394, '360.55'], [520, 'USB-C cable'], [876, '8.40']]],
    ]);
    const tables = detectTables(groupWordsIntoLines(words, 1), [], DEFAULT_SETTINGS);
    const lists = tables.filter((t) => headerNames(t, 1, DEFAULT_SETTINGS).join('|') === 'Description|Price');
    expect(lists).toHaveLength(2);
    expect(lists.flatMap(cellsOf).map((r) => r[0])).toEqual(['Office chair', 'Printer paper', 'Network switch', 'Desk lamp', 'Coffee beans', 'USB-C cable']);
  });

  it('reads a wrapped second line of an item as the item, not as a heading', () => {
    const words = typeset([
      [100, [[50, 'Code'], [140, 'Description'], [300, 'Colour'], [420, 'Price']]],
      [125, [[50, '92-1035'], [140, 'Whiteboard'], [300, 'black and'], [414, '418.80']]],
      [137, [[140, 'markers'], [300, 'blue']]],
      [162, [[50, '56-8555'], [140, 'Office chair'], [300, 'grey'], [414, '434.01']]],
      [187, [[50, '30-5051'], [140, 'Printer paper'], [300, 'white'], [414, '284.97']]],
    ]);
    const [table] = detectTables(groupWordsIntoLines(words, 1), [], DEFAULT_SETTINGS);
    expect(headerNames(table, table.headerLines.length, DEFAULT_SETTINGS)).toEqual(['Code', 'Description', 'Colour', 'Price']);
    expect(cellsOf(table)[0]).toEqual(['92-1035', 'Whiteboard markers', 'black and blue', '418.80']);
  });

  it('keeps a rate with its percent sign: a sign is no unit column', () => {
    const words = typeset([
      [100, [[50, 'Description'], [300, 'Qty'], [400, 'VAT %'], [520, 'Amount']]],
      [125, [[50, 'Desk lamp'], [306, '4'], [400, '7 %'], [520, '721.68']]],
      [150, [[50, 'Office chair'], [300, '24'], [400, '7 %'], [514, '1980.72']]],
      [175, [[50, 'Markers'], [306, '3'], [400, '7 %'], [520, '822.10']]],
    ]);
    const [table] = detectTables(groupWordsIntoLines(words, 1), [], DEFAULT_SETTINGS);
    expect(cellsOf(table).map((r) => r[2])).toEqual(['7 %', '7 %', '7 %']);
  });

  it('gives a head reaching over its neighbour to its own column, whole', () => {
    const words = typeset([
      [100, [[50, 'Artículo'], [292, 'Cajas'], [334, 'Peso neto (kg)'], [470, 'P. bruto']]],
      [125, [[50, 'Soporte'], [310, '7'], [382, '147,20'], [470, '157,70']]],
      [150, [[50, 'Rotuladores'], [310, '6'], [382, '148,00'], [470, '154,60']]],
      [175, [[50, 'Lámpara'], [304, '10'], [394, '0,90'], [476, '10,50']]],
    ]);
    const [table] = detectTables(groupWordsIntoLines(words, 1), [], DEFAULT_SETTINGS);
    expect(headerNames(table, 1, DEFAULT_SETTINGS)).toEqual(['Artículo', 'Cajas', 'Peso neto (kg)', 'P. bruto']);
  });
});
