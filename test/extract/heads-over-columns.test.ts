import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import type { PageContent } from '../../src/extract/read/page-content.js';
import type { Rule } from '../../src/extract/types.js';
import { ask, page, readRows, rowsOf } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * A payslip whose wage-type codes open the item's cell ("100 Basic salary")
 * under one head, "Pay item": the head's second word starts past the codes,
 * which is no head of a code column of its own.
 */
const payItems: TypesetLine[] = [
  [300, [[60, 'Pay item'], [420, 'Hours'], [520, 'Rate'], [640, 'Payments'], [800, 'Deductions']]],
  [330, [[60, '100 Basic salary'], [646, '2,271.92']]],
  [352, [[60, '110 Overtime'], [646, '3,507.77']]],
  [374, [[60, '130 Bonus'], [426, '151'], [520, '43.55'], [646, '6,576.05']]],
  [396, [[60, '500 Income tax'], [812, '333.95']]],
  [418, [[60, '510 National Insurance'], [800, '1,781.05']]],
];

/** The same with the codes' head, "Libellé", alone over them and a head of a column no item fills further right. */
const libelle: TypesetLine[] = [
  [300, [[60, 'Libellé'], [300, 'Nombre'], [420, 'Taux'], [540, 'Montant'], [700, 'Cumul']]],
  [330, [[60, '1000 Salaire de base'], [546, '5695,79'], [700, '68349,48']]],
  [352, [[60, '1010 Heures supplémentaires'], [546, '3114,85'], [700, '37378,20']]],
  [374, [[60, '5000 CSG déductible'], [546, '907,50-'], [700, '10890,00-']]],
  [396, [[60, '5010 Assurance vieillesse'], [540, '1066,09-'], [700, '12793,08-']]],
];

/** The same in Italian: "Descrizione voce", both of whose words name the item (the second over the codes' texts). */
const voce: TypesetLine[] = [
  [300, [[60, 'Descrizione voce'], [340, 'Ore'], [420, 'Paga oraria'], [560, 'Competenze'], [720, 'Trattenute']]],
  [330, [[60, '100 Paga base'], [580, '1.745,66']]],
  [352, [[60, '110 Straordinario'], [346, '79'], [460, '64,19'], [580, '5.071,01']]],
  [374, [[60, '500 Contributi INPS'], [744, '722,57']]],
  [396, [[60, '510 IRPEF'], [744, '531,70']]],
];

describe('codes opening the item cell under one head', () => {
  it('stay in the item cell when the head over them is one head', () => {
    const rows = readRows(payItems, ask());
    expect(Object.keys(rows[0] ?? {})).toEqual(['Pay item', 'Hours', 'Rate', 'Payments', 'Deductions']);
    expect(rows.map((r) => r['Pay item'])).toEqual(['100 Basic salary', '110 Overtime', '130 Bonus', '500 Income tax', '510 National Insurance']);
    expect(readRows(payItems, ask('description', 'earnings'))[2]).toEqual({ description: '130 Bonus', earnings: '6,576.05' });
  });

  it('stay in the item cell when both words of the head over them name the item', () => {
    expect(readRows(voce, ask('description', 'earnings', 'deductions')).map((r) => r.description)).toEqual(['100 Paga base', '110 Straordinario', '500 Contributi INPS', '510 IRPEF']);
  });

  it('stay in the item cell when the next head stands over no item text', () => {
    const rows = readRows(libelle, ask('description', 'amount', 'year_to_date'));
    expect(rows.map((r) => r.description)).toEqual(['1000 Salaire de base', '1010 Heures supplémentaires', '5000 CSG déductible', '5010 Assurance vieillesse']);
    expect(rows[0]).toEqual({ description: '1000 Salaire de base', amount: '5695,79', year_to_date: '68349,48' });
  });
});

/**
 * A payslip's earnings and deductions each in a grid of its own, side by
 * side, their heads the same but for the label's: "Schl. | Bezüge | Betrag"
 * beside "Schl. | Abzüge | Betrag".
 */
const gridLines: TypesetLine[] = [
  [230, [[77, 'Schl.'], [136, 'Bezüge'], [437, 'Betrag'], [520, 'Schl.'], [578, 'Abzüge'], [880, 'Betrag']]],
  [252, [[77, '100'], [136, 'Grundgehalt'], [431, '2.121,09'], [520, '500'], [578, 'Lohnsteuer'], [886, '597,32']]],
  [273, [[77, '110'], [136, 'Überstunden'], [431, '1.787,56'], [520, '510'], [578, 'Solidaritätszuschlag'], [886, '589,36']]],
  [295, [[77, '120'], [136, 'Nachtzuschlag'], [431, '4.055,68'], [520, '520'], [578, 'Krankenversicherung'], [886, '995,54']]],
  [316, [[520, '530'], [578, 'Rentenversicherung'], [886, '692,90']]],
];
const hRule = (y: number, x1: number, x2: number): Rule => ({ x1: x1 / 1000, y1: y / 1000, x2: x2 / 1000, y2: y / 1000 });
const vRule = (x: number, y1: number, y2: number): Rule => ({ x1: x / 1000, y1: y1 / 1000, x2: x / 1000, y2: y2 / 1000 });
const grid = (x1: number, x2: number, ys: number[], xs: number[]): Rule[] => [...ys.map((y) => hRule(y, x1, x2)), ...[x1, ...xs, x2].map((x) => vRule(x, ys[0], ys[ys.length - 1]))];
const framed: PageContent = {
  ...page(gridLines),
  rules: [...grid(70, 490, [225, 247, 268, 290, 311], [130, 420]), ...grid(513, 935, [225, 247, 268, 290, 311, 332], [570, 875])],
};

describe('two grids side by side under paired heads', () => {
  const items = [
    ['100', 'Grundgehalt', '2.121,09'],
    ['110', 'Überstunden', '1.787,56'],
    ['120', 'Nachtzuschlag', '4.055,68'],
    ['500', 'Lohnsteuer', '597,32'],
    ['510', 'Solidaritätszuschlag', '589,36'],
    ['520', 'Krankenversicherung', '995,54'],
    ['530', 'Rentenversicherung', '692,90'],
  ];

  it('read as one table, the left grid\'s rows then the right\'s, with no fields asked', () => {
    const rows = rowsOf(extractFromContent(framed, ask()));
    expect(rows.map((r) => [r['Schl.'], r['Bezüge'], r['Betrag']])).toEqual(items);
  });

  it('read as one table under the names asked', () => {
    const rows = rowsOf(extractFromContent(framed, ask('description', 'amount')));
    expect(rows).toEqual(items.map(([, description, amount]) => ({ description, amount })));
  });
});

/**
 * A packing list's article line over its description, under "SKU" over
 * "Product"; the weights' heads wrap over three lines, the description over
 * two where it runs long.
 */
const stacked: TypesetLine[] = [
  [295, [[75, 'SKU'], [499, 'Units'], [562, 'UoM'], [700, 'Pkgs'], [799, 'Net'], [876, 'Gross']]],
  [310, [[75, 'Product'], [798, 'wt.'], [846, 'wt. (kg)']]],
  [326, [[789, '(kg)']]],
  [352, [[75, '807211'], [519, '399'], [562, 'pc'], [719, '19'], [769, '102.50'], [866, '115.80']]],
  [368, [[75, 'Network switch 24 ports']]],
  [384, [[75, 'S/N: L26174-10']]],
  [409, [[75, '632079'], [519, '140'], [562, 'pc'], [719, '20'], [769, '212.70'], [866, '252.70']]],
  [425, [[75, 'LED desk lamp']]],
  [451, [[75, '380746'], [519, '170'], [562, 'pack'], [719, '10'], [769, '158.90'], [866, '169.90']]],
  [467, [[75, 'Whiteboard markers']]],
];

describe('an article line over its description under two heads, no fields asked', () => {
  it('gives the article and the description a column each', () => {
    const rows = readRows(stacked, ask());
    expect(Object.keys(rows[0] ?? {}).slice(0, 3)).toEqual(['SKU', 'Product', 'Units']);
    expect(rows.map((r) => [r.SKU, r.Product, r.Units])).toEqual([
      ['807211', 'Network switch 24 ports S/N: L26174-10', '399'],
      ['632079', 'LED desk lamp', '140'],
      ['380746', 'Whiteboard markers', '170'],
    ]);
  });
});

/**
 * An order's heads set left of right-aligned counts, as printed in a
 * proportional font (each word's box given, page units of 1000): "Q.tà"
 * stands beside the delivery dates' head, over nothing, and the counts right
 * of it stand under no head. It heads them: no column of its own.
 */
const orderLines: Array<[number, Array<[number, number, string]>]> = [
  [406, [[77, 127, 'Codice'], [164, 247, 'Descrizione'], [443, 513, 'Consegna'], [532, 563, 'Q.tà'], [601, 637, 'U.M.'], [664, 712, 'Prezzo'], [765, 813, 'Sconto'], [827, 887, 'Importo']]],
  [421, [[164, 219, 'articolo'], [664, 722, 'unitario']]],
  [445, [[77, 145, 'DF/32577'], [164, 190, 'Viti'], [194, 257, 'esagonali'], [261, 291, 'inox'], [443, 518, '12.11.2025'], [571, 588, '11'], [601, 635, 'conf.'], [722, 751, '3.50'], [885, 923, '38.50']]],
  [470, [[77, 149, 'MT/58785'], [164, 201, 'Caffè'], [206, 219, 'in'], [223, 257, 'grani'], [443, 518, '21.11.2025'], [580, 588, '4'], [601, 618, 'kg'], [713, 751, '22.42'], [885, 923, '89.68']]],
  [494, [[77, 142, 'KI/35755'], [164, 211, 'Switch'], [215, 228, 'di'], [233, 258, 'rete'], [443, 518, '19.10.2025'], [563, 588, '231'], [601, 617, 'pz'], [694, 751, '1684.14'], [848, 923, '389036.34']]],
];
const order: PageContent = {
  words: orderLines.flatMap(([y, ws]) => ws.map(([x1, x2, text]) => ({ text, box: { x1: x1 / 1000, y1: y / 1000, x2: x2 / 1000, y2: (y + 8) / 1000 } }))),
  rules: [],
  pictures: [],
  aspect: 1,
};

describe('a head over nothing beside the head before it', () => {
  it('heads the counts standing right of it', () => {
    const rows = rowsOf(extractFromContent(order, ask('delivery_date', 'quantity', 'unit', 'unit_price', 'line_total')));
    expect(rows).toEqual([
      { delivery_date: '12.11.2025', quantity: '11', unit: 'conf.', unit_price: '3.50', line_total: '38.50' },
      { delivery_date: '21.11.2025', quantity: '4', unit: 'kg', unit_price: '22.42', line_total: '89.68' },
      { delivery_date: '19.10.2025', quantity: '231', unit: 'pz', unit_price: '1684.14', line_total: '389036.34' },
    ]);
  });
});
