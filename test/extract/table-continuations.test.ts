import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { typeset } from './helpers/words.js';
import { rowsOf } from './helpers/requests.js';

/** Items whose second line (a note under the description) runs on under the quantity and price columns. */
function invoice() {
  const lines: Parameters<typeof typeset>[0] = [[100, [[40, 'Pos'], [80, 'Art.-Nr.'], [180, 'Bezeichnung'], [520, 'Menge'], [600, 'Einzelpreis'], [720, 'Gesamt']]]];
  const items = [
    ['1', '10045', 'Bürostuhl Ergo', '2', '82,50', '165,00', 'Farbe: schwarz, Lieferung in 2 Kartons mit Montageanleitung'],
    ['2', '20077', 'Schreibtisch Eiche', '1', '349,00', '349,00', 'Maße 160 x 80 cm, Kabelkanal inklusive und vormontiert'],
    ['3', '30012', 'Rollcontainer', '3', '99,90', '299,70', 'Lieferung ab Lager Köln, Abholung möglich'],
  ];
  items.forEach((it, i) => {
    const y = 125 + i * 36;
    lines.push([y, [[40, it[0]], [80, it[1]], [180, it[2]], [540, it[3]], [620, it[4]], [730, it[5]]]]);
    lines.push([y + 12, [[180, it[6]]]]);
  });
  lines.push([250, [[600, 'Summe netto'], [730, '813,70']]]);
  return { words: typeset(lines), rules: [], pictures: [], aspect: 1 };
}

describe('item lines that run on', () => {
  it('keeps a note that runs on under the figures with its description (the last item\'s too), and the figures clean', () => {
    const r = extractFromContent(invoice(), { fields: ['description', 'quantity', 'unit_price', 'line_total'].map((name) => ({ name, formatRequirement: '' })), globalFormatRequirement: '', quality: 'fast' });
    const rows = rowsOf(r);
    expect(rows.map((row) => [row.quantity, row.unit_price, row.line_total])).toEqual([['2', '82,50', '165,00'], ['1', '349,00', '349,00'], ['3', '99,90', '299,70']]);
    expect(rows.map((row) => row.description)).toEqual([
      'Bürostuhl Ergo Farbe: schwarz, Lieferung in 2 Kartons mit Montageanleitung',
      'Schreibtisch Eiche Maße 160 x 80 cm, Kabelkanal inklusive und vormontiert',
      // The last item's note is its own too, though nothing tabular follows it before the totals.
      'Rollcontainer Lieferung ab Lager Köln, Abholung möglich',
    ]);
  });
});

/**
 * A payslip's items with their figures in one of two columns (earnings or deductions), so no figure column is filled
 * by most rows: a reference or serial line under an item, set at the font's leading, is still the item's.
 */
const payItems: Parameters<typeof typeset>[0] = [
  [100, [[60, 'Voce'], [340, 'Ore'], [420, 'Tariffa'], [560, 'Competenze'], [720, 'Trattenute']]],
  [130, [[60, 'Paga base'], [580, '4.707,83']]],
  [152, [[60, 'Straordinario'], [580, '5.607,94']]],
  [164, [[60, 'Ref. 488676']]],
  [186, [[60, 'Indennità notturna'], [346, '161'], [440, '53,38'], [580, '8.594,18']]],
  [198, [[60, 'SN 7096-3287']]],
  [220, [[60, 'Contributi INPS'], [744, '1.491,50']]],
  [242, [[60, 'IRPEF'], [750, '551,65']]],
  [254, [[60, 'SN 1966-7797']]],
  [276, [[60, 'Addizionale regionale'], [750, '960,28']]],
];

describe('lines under items whose figures stand in one of two columns', () => {
  it('join the item above them', () => {
    const rows = rowsOf(extractFromContent({ words: typeset(payItems), rules: [], pictures: [], aspect: 1 }, { fields: ['description', 'earnings', 'deductions'].map((name) => ({ name, formatRequirement: '' })), globalFormatRequirement: '', quality: 'fast' }));
    expect(rows.map((row) => row.description)).toEqual(['Paga base', 'Straordinario Ref. 488676', 'Indennità notturna SN 7096-3287', 'Contributi INPS', 'IRPEF SN 1966-7797', 'Addizionale regionale']);
  });
});
