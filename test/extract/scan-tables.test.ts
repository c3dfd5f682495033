import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import type { Rule } from '../../src/extract/types.js';
import { typeset } from './helpers/words.js';
import { ask, rowsOf } from './helpers/requests.js';

/** Page content whose word boxes hug the glyphs the way OCR boxes do: 7 units high where the text layer gives the font's 10. */
function scanned(lines: Parameters<typeof typeset>[0], rules: Rule[] = []) {
  const words = typeset(lines).map((w) => ({ ...w, box: { ...w.box, y2: w.box.y1 + 0.007 } }));
  return { words, rules, pictures: [], aspect: 1 };
}

/** A horizontal rule across the table at `y` (page units). */
const ruleAt = (y: number): Rule => ({ x1: 0.06, y1: y / 1000, x2: 0.9, y2: y / 1000 });

describe('tables read off a scan', () => {
  it('keeps a wrapped line starting with a figure with its item, told by the white above it', () => {
    const page = scanned([
      [70, [[70, 'Code'], [180, 'Description'], [520, 'Qty'], [640, 'Price'], [760, 'Total']]],
      [100, [[70, '408230'], [180, 'Markers for whiteboard, pack of'], [526, '19'], [640, '4,10'], [760, '77,90']]],
      [112, [[180, '12']]],
      [134, [[70, '632527'], [180, 'Network switch 24 ports'], [520, '171'], [640, '1,20'], [754, '205,20']]],
      [156, [[70, '118939'], [180, 'Laptop stand'], [526, '40'], [634, '11,40'], [754, '456,00']]],
      [178, [[70, '826719'], [180, 'Hex screws M8 x'], [526, '54'], [640, '0,80'], [760, '43,20']]],
      [190, [[180, '40']]],
      [212, [[70, '921403'], [180, 'Desk lamp LED'], [520, '418'], [640, '9,50'], [748, '3.971,00']]],
    ]);
    const rows = rowsOf(extractFromContent(page, ask('item_code', 'description', 'quantity')));
    expect(rows.map((r) => r.description)).toEqual(['Markers for whiteboard, pack of 12', 'Network switch 24 ports', 'Laptop stand', 'Hex screws M8 x 40', 'Desk lamp LED']);
  });

  it('reads a table whole when a scan finds the bars of its letters as rules, in runs that stop between two words', () => {
    const rows: Parameters<typeof typeset>[0] = [
      [70, [[70, 'Code'], [180, 'Description'], [520, 'Qty'], [640, 'Price'], [760, 'Total']]],
      [100, [[70, '761165'], [180, 'Hex screws stainless M8 x 40'], [526, '5'], [640, '32,18'], [754, '160,90']]],
      [122, [[70, '145635'], [180, 'Hex screws stainless M8 x 40'], [520, '154'], [646, '1,54'], [754, '237,16']]],
      [144, [[70, '566498'], [180, 'Big screws stainless A4 80 g'], [526, '50'], [640, '21,66'], [748, '1 083,00']]],
    ];
    // Strokes through the middle of 'screws' (x 204..240) and of 'stainless' (246..300) on every row: two runs of
    // three 'rules' each, 6 units apart, as if two ruled grids stood side by side there.
    const strokes = [100, 122, 144].flatMap((y) => [[204, 240], [246, 300]].map(([a, b]): Rule => ({ x1: a / 1000, y1: (y + 3.5) / 1000, x2: b / 1000, y2: (y + 3.5) / 1000 })));
    const read = rowsOf(extractFromContent(scanned(rows, strokes), ask('item_code', 'description', 'quantity', 'line_total')));
    expect(read.map((r) => [r.item_code, r.description, r.quantity])).toEqual([
      ['761165', 'Hex screws stainless M8 x 40', '5'],
      ['145635', 'Hex screws stainless M8 x 40', '154'],
      ['566498', 'Big screws stainless A4 80 g', '50'],
    ]);
  });

  it('keeps two records apart when the scan lost the rule between them', () => {
    const items: Parameters<typeof typeset>[0] = [
      [70, [[70, 'Details'], [520, 'Units'], [640, 'Unit Cost'], [760, 'Net Amount']]],
      [100, [[70, 'LED desk lamp'], [526, '5'], [640, '104.98'], [760, '524.90']]],
      [125, [[70, 'Cleaning service, monthly'], [526, '6'], [646, '12.56'], [766, '75.36']]],
      [150, [[70, 'Annual software licence renewal'], [520, '12'], [652, '0.54'], [772, '6.48']]],
      [175, [[70, 'LED desk lamp'], [520, '12'], [652, '7.67'], [766, '92.04']]],
      [200, [[70, 'Office chair'], [526, '2'], [640, '149.00'], [760, '298.00']]],
      [225, [[70, 'Printer paper A4'], [520, '40'], [652, '4.25'], [760, '170.00']]],
    ];
    // Rules under the head and between the rows, but none between the third and the fourth.
    const page = scanned(items, [92, 118, 143, 193, 218, 243].map(ruleAt));
    const rows = rowsOf(extractFromContent(page, ask('description', 'quantity', 'unit_price', 'line_total')));
    expect(rows.map((r) => [r.description, r.quantity]).slice(-4)).toEqual([
      ['Annual software licence renewal', '12'],
      ['LED desk lamp', '12'],
      ['Office chair', '2'],
      ['Printer paper A4', '40'],
    ]);
  });

  it('reads a date without the stroke a scan set beside it, and keeps a dash that is the whole cell', () => {
    const page = scanned([
      [70, [[70, 'Fecha'], [200, 'Concepto'], [520, 'Cargo'], [640, 'Abono'], [760, 'Saldo']]],
      [100, [[70, '03/08/2024 —'], [200, 'Reintegro cajero'], [520, '1921,14'], [646, '-'], [760, '1385,82']]],
      [122, [[70, '04/08/2024'], [200, 'Recibo electricidad'], [520, '1603,06'], [646, '-'], [760, '-217,24']]],
      [144, [[70, '| 05/08/2024'], [200, 'Nómina ACME S.A.'], [526, '-'], [640, '1281,85'], [760, '1064,61']]],
    ]);
    const rows = rowsOf(extractFromContent(page, ask('date', 'description', 'debit')));
    expect(rows.map((r) => [r.date, r.debit])).toEqual([
      ['03/08/2024', '1921,14'],
      ['04/08/2024', '1603,06'],
      ['05/08/2024', '-'],
    ]);
  });

  it('parts a quantity packed against its unit though the scan lost one unit', () => {
    const page = scanned([
      [70, [[70, 'Code'], [180, 'Description'], [520, 'Qty Unit'], [700, 'Boxes']]],
      [100, [[70, '408230'], [180, 'Whiteboard markers'], [526, '19 pack'], [700, '1']]],
      [122, [[70, '632527'], [180, 'Network switch'], [520, '171 pcs'], [700, '9']]],
      [144, [[70, '433432'], [180, 'Consulting, engineer'], [532, '4'], [700, '2']]],
      [166, [[70, '826719'], [180, 'Hex screws M8'], [526, '54 box'], [700, '18']]],
    ]);
    const rows = rowsOf(extractFromContent(page, ask('item_code', 'quantity', 'unit', 'packages')));
    expect(rows.map((r) => [r.quantity, r.unit])).toEqual([['19', 'pack'], ['171', 'pcs'], ['4', null], ['54', 'box']]);
  });

  it('parts them on a page continuing the table without heads', () => {
    const page = scanned([
      [100, [[70, '666517'], [180, 'Monthly cleaning'], [520, '336 mo'], [700, '16'], [770, '301,90']]],
      [122, [[70, '172416'], [180, 'Annual licence'], [526, '98 yr'], [700, '14'], [770, '278,00']]],
      [144, [[70, '853127'], [180, 'Desk lamp LED'], [520, '408 pcs'], [700, '17'], [776, '87,40']]],
    ]);
    const rows = rowsOf(extractFromContent(page, ask('item_code', 'description', 'quantity', 'unit', 'packages', 'net_weight')));
    expect(rows.map((r) => [r.quantity, r.unit, r.packages])).toEqual([['336', 'mo', '16'], ['98', 'yr', '14'], ['408', 'pcs', '17']]);
  });

  it('ends the items at totals printed as boxes under them, so the number columns keep their borders', () => {
    const page = scanned([
      [78, [[78, 'Item No.'], [169, 'Details'], [471, 'Qty'], [549, 'Unit'], [650, 'Price'], [723, 'Delivery'], [817, 'Total']]],
      [100, [[79, '275190'], [169, 'Whiteboard markers, pack of 12'], [528, '6 pack'], [687, '2.34'], [725, '2023-08-12'], [891, '14.04']]],
      [122, [[79, '226165'], [169, 'LED desk lamp'], [528, '5 pc'], [675, '256.28'], [725, '2023-08-29'], [873, '1,281.40']]],
      // Boxes at the foot of the amount columns: each label small over its amount.
      [140, [[674, 'Total net'], [755, 'Total VAT (8.3%)'], [857, 'Total']]],
      [153, [[674, '£ 1,295.44'], [787, '£ 106.87'], [857, '£ 1,402.31']]],
    ]);
    const rows = rowsOf(extractFromContent(page, ask('item_code', 'quantity', 'unit', 'unit_price', 'line_total')));
    expect(rows).toEqual([
      { item_code: '275190', quantity: '6', unit: 'pack', unit_price: '2.34', line_total: '14.04' },
      { item_code: '226165', quantity: '5', unit: 'pc', unit_price: '256.28', line_total: '1,281.40' },
    ]);
  });

  it('ends the items at a box of totals one of whose heads the scan misread ("Towal"), and names a misread "Delivery" head\'s dates', () => {
    // An order's scan as tesseract read it (text, x1, y1, x2, y2): "Detivery" over the dates, "Towal" for "Total".
    const W: Array<[string, number, number, number, number]> = [
      ['Item', 0.0781, 0.2654, 0.1063, 0.2736],
      ['No.', 0.1105, 0.2654, 0.1304, 0.2733],
      ['Details', 0.1687, 0.2642, 0.2141, 0.2769],
      ['Qty', 0.4706, 0.2638, 0.497, 0.2763],
      ['UM', 0.5488, 0.2646, 0.5751, 0.2727],
      ['Unit', 0.6158, 0.2645, 0.6417, 0.2727],
      ['Price', 0.6463, 0.2645, 0.6773, 0.2723],
      ['Detivery', 0.7231, 0.2632, 0.7753, 0.2756],
      ['Total', 0.8169, 0.2642, 0.8479, 0.2723],
      ['275190', 0.0786, 0.2867, 0.1207, 0.2992],
      ['Whiteboard', 0.1687, 0.2864, 0.2376, 0.2989],
      ['markers,', 0.2432, 0.2864, 0.289, 0.2989],
      ['pack', 0.2945, 0.2864, 0.3181, 0.2989],
      ['of', 0.3241, 0.2877, 0.3356, 0.2953],
      ['12', 0.3417, 0.2877, 0.3537, 0.2953],
      ['6', 0.528, 0.2877, 0.5349, 0.2949],
      ['pack', 0.5483, 0.2874, 0.5747, 0.2972],
      ['2.34', 0.6865, 0.2871, 0.711, 0.2946],
      ['2023-08-12', 0.7249, 0.2867, 0.7906, 0.2946],
      ['14.04', 0.8909, 0.2867, 0.9209, 0.2943],
      ['226165', 0.0786, 0.309, 0.1202, 0.3214],
      ['LED', 0.1687, 0.3087, 0.1928, 0.3214],
      ['desk', 0.2002, 0.3087, 0.2247, 0.3214],
      ['lamp', 0.2302, 0.3087, 0.2621, 0.3214],
      ['5', 0.528, 0.3097, 0.5344, 0.3172],
      ['pe', 0.5483, 0.3099, 0.5613, 0.3191],
      ['256.28', 0.6722, 0.3093, 0.711, 0.3169],
      ['2023-08-29', 0.7249, 0.309, 0.791, 0.3169],
      ['1,281.40', 0.8733, 0.309, 0.9214, 0.3175],
      ['Total', 0.6741, 0.3372, 0.6972, 0.3476],
      ['net', 0.7018, 0.3372, 0.7166, 0.3476],
      ['Total', 0.7545, 0.3381, 0.8373, 0.3447],
      ['VAT', 0.7846, 0.3368, 0.8007, 0.3473],
      ['(8.3%)', 0.8054, 0.3381, 0.8373, 0.3447],
      ['Towal', 0.8571, 0.3381, 0.8807, 0.3444],
      ['1,295.44', 0.6741, 0.3532, 0.7346, 0.3617],
      ['106.87', 0.7873, 0.3529, 0.8368, 0.3607],
      ['1,402.31', 0.8571, 0.3525, 0.9168, 0.3617],
    ];
    const page = { words: W.map(([text, x1, y1, x2, y2]) => ({ text, box: { x1, y1, x2, y2 }, confidence: 0.95 })), rules: [], pictures: [], aspect: 0.708 };
    const rows = rowsOf(extractFromContent(page, ask('item_code', 'description', 'quantity', 'unit', 'unit_price', 'delivery_date', 'line_total')));
    expect(rows.map((r) => [r.quantity, r.unit, r.unit_price, r.delivery_date, r.line_total])).toEqual([
      ['6', 'pack', '2.34', '2023-08-12', '14.04'],
      ['5', 'pe', '256.28', '2023-08-29', '1,281.40'],
    ]);
  });

  it('gives a description whose head the scan misread the one column of prose, printed last after the amounts', () => {
    const page = scanned([
      [78, [[70, 'Art.-Nr.'], [180, 'Anzahl'], [260, 'ME'], [340, 'Stückpreis'], [460, 'Gesamt'], [600, 'Tessin']]],
      [100, [[70, 'A846-71'], [186, '2'], [260, 'Stk'], [352, '0,63'], [472, '1,26'], [600, 'Bürostuhl mit Lordosenstütze']]],
      [122, [[70, 'A785-79'], [180, '119'], [260, 'Ries'], [340, '706,52'], [460, '84.075,88'], [600, 'Kopierpapier A4 80 g']]],
      [144, [[70, 'A293-69'], [186, '12'], [260, 'Std'], [352, '0,77'], [472, '9,24'], [600, 'Beratung Senior-Ingenieur']]],
    ]);
    const rows = rowsOf(extractFromContent(page, ask('item_code', 'description', 'quantity', 'unit', 'unit_price', 'line_total')));
    expect(rows.map((r) => [r.item_code, r.description, r.quantity])).toEqual([
      ['A846-71', 'Bürostuhl mit Lordosenstütze', '2'],
      ['A785-79', 'Kopierpapier A4 80 g', '119'],
      ['A293-69', 'Beratung Senior-Ingenieur', '12'],
    ]);
  });

  it('parts a quantity packed against its unit under items with a reference line each, and keeps that line with its item', () => {
    // Glyph-tight boxes: the white above a reference line is half the white under it, down to the next item.
    const page = scanned([
      [300, [[87, 'Referencia'], [199, 'Artículo'], [577, 'Uds.'], [630, 'Ud.'], [740, 'Precio'], [864, 'Total']]],
      [339, [[89, '408952'], [199, 'Conmutador de red 24 puertos'], [608, '6 ud.'], [721, '1.017,79'], [835, '6.106,74']]],
      [354, [[199, 'Ref. 238288']]],
      [378, [[89, '629663'], [199, 'Tornillos hexagonales M8'], [608, '2 caja'], [763, '1,84'], [875, '3,68']]],
      [392, [[199, 'SN 1169-4235']]],
    ]);
    const rows = rowsOf(extractFromContent(page, ask('item_code', 'description', 'quantity', 'unit', 'unit_price', 'line_total')));
    expect(rows).toEqual([
      { item_code: '408952', description: 'Conmutador de red 24 puertos Ref. 238288', quantity: '6', unit: 'ud.', unit_price: '1.017,79', line_total: '6.106,74' },
      { item_code: '629663', description: 'Tornillos hexagonales M8 SN 1169-4235', quantity: '2', unit: 'caja', unit_price: '1,84', line_total: '3,68' },
    ]);
  });
});
