import { describe, expect, it } from 'vitest';
import { groupWordsIntoLines } from '../../src/extract/layout/lines.js';
import { detectTables, headerNames } from '../../src/extract/layout/table-detect.js';
import { isSummaryText } from '../../src/extract/layout/data-values.js';
import { typeset } from './helpers/words.js';

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
    const [table] = detectTables(groupWordsIntoLines(order, 1), []);
    expect(headerNames(table, 1)).toEqual(['Cod. art.', 'Descrizione', 'Q.tà', 'U.M.', 'Prezzo', 'Totale']);
  });

  it('parts a right-aligned number column from the unit column packed against it', () => {
    const [table] = detectTables(groupWordsIntoLines(order, 1), []);
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
    const [table] = detectTables(groupWordsIntoLines(words, 1), []);
    expect(headerNames(table, 2)).toEqual(['Country', 'Fused aluminum oxide 2009', 'Fused aluminum oxide 2010']);
  });

  it('reads summary labels in the catalogue languages, tax labels that look like currency codes included', () => {
    for (const label of ['Imponibile', 'IVA al 22%', 'Totale fattura', 'Totaal excl. btw', 'BTW 9%', 'Korting', 'Subtotal']) expect(isSummaryText(label), label).toBe(true);
    for (const label of ['Servizio di pulizia', 'EUR', 'Pennarelli']) expect(isSummaryText(label), label).toBe(false);
  });
});
