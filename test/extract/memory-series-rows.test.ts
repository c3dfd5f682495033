import { describe, expect, it } from 'vitest';
import { learnLayout, mergeLayouts } from '../../src/extract/memory/index.js';
import { moveAt } from '../../src/extract/memory/layout-match.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';
import { page, rowsOf } from './helpers/requests.js';
import { readWithMemory } from './helpers/memory-pages.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * Layout memory on the next documents of a sender's series (memory/learn.ts, apply.ts, layout-match.ts): what one
 * correction teaches is read again where the next page's rows differ from the corrected page's (a description over
 * three lines, a heading between items) and where a row prints one value twice.
 */
const letterhead: TypesetLine[] = [[20, [[50, 'WEISSHAUPT HANDELS GMBH']]], [40, [[50, 'Schlossallee 64 80331 Muenchen']]], [60, [[50, 'USt-IdNr. DE123456789']]]];
const heads: TypesetLine = [120, [[50, 'Bezeichnung'], [400, 'Menge'], [550, 'Einzelpreis'], [800, 'Betrag']]];
type Item = [description: string, count: string, price: string, total: string];
const fields = ['Description', 'Quantity', 'Unit Price', 'Line Total'];
const asked = fields.map((name) => ({ name, formatRequirement: '' }));
const rowsFor = (items: Item[]) => items.map(([d, q, p, t]) => ({ Description: d, Quantity: q, 'Unit Price': p, 'Line Total': t }));
const cells = (y: number, [d, q, p, t]: Item): TypesetLine => [y, [[50, d], [424 - 6 * q.length, q], [610 - 6 * p.length, p], [860 - 6 * t.length, t]]];
const order = (rows: TypesetLine[], total: string): TypesetLine[] => [...letterhead, heads, ...rows, [rows.at(-1)![0] + 40, [[600, 'Gesamtbetrag'], [800, total]]]];
const learned = (items: Item[], total: string) => learnLayout(page(order(items.map((it, k) => cells(150 + 30 * k, it)), total)), { fields, rows: rowsFor(items) }, DEFAULT_SETTINGS);

describe('layout memory: a row that prints a value twice', () => {
  it('learns each column where its values stand, the unit price that is its line total too', () => {
    const model = learned([['Netzwerk-Switch', '1', '349,40', '349,40'], ['Kabel 2 m', '4', '26,66', '106,64'], ['Schreibtischleuchte', '3', '2,20', '6,60']], '462,64');
    const column = (name: string) => model?.table?.columns.find((c) => c.name === name);
    expect(column('Line Total')?.x1).toBeGreaterThan(0.8);
    expect(column('Unit Price')?.x2).toBeLessThan(0.62);
  });
});

describe('layout memory: a description centred on its row', () => {
  const model = learned([['Kabel 2 m', '4', '26,66', '106,64'], ['Schreibtischleuchte', '3', '2,20', '6,60'], ['Papier A4', '2', '5,00', '10,00']], '123,24');

  it('reads its line above the row\'s figures into it, not into the row above', () => {
    const rows: TypesetLine[] = [
      cells(150, ['Kabel 2 m', '2', '1,50', '3,00']),
      [168, [[50, 'Sechskantschrauben M8']]],
      cells(180, ['x 40, Edelstahl', '5', '55,25', '276,25']),
      [192, [[50, 'Box of 100']]],
      cells(210, ['Papier A4', '1', '5,00', '5,00']),
    ];
    const read = readWithMemory(page(order(rows, '284,25')), asked, [{ id: 'm', model: model! }]);
    expect(rowsOf(read).map((r) => r.Description)).toEqual(['Kabel 2 m', 'Sechskantschrauben M8 x 40, Edelstahl Box of 100', 'Papier A4']);
  });
});

describe('layout memory: a heading between the items the person left out', () => {
  // Rows 20 apart, a line 10 high: a heading's line follows as closely as a wrapped description's would.
  const withHeading = (before: Item[], heading: string, after: Item[]): TypesetLine[] => [
    ...before.map((it, k) => cells(150 + 20 * k, it)),
    [150 + 20 * before.length, [[50, heading]]],
    ...after.map((it, k) => cells(170 + 20 * (before.length + k), it)),
  ];
  const first: Item[] = [['Kabel 2 m', '4', '26,66', '106,64'], ['Schreibtischleuchte', '3', '2,20', '6,60']];
  const then: Item[] = [['Papier A4', '2', '5,00', '10,00']];
  const model = learnLayout(page(order(withHeading(first, 'Projekt 809878', then), '123,24')), { fields, rows: rowsFor([...first, ...then]) }, DEFAULT_SETTINGS);

  it('does not read the heading into the item above it', () => {
    const before: Item[] = [['Bürostuhl', '1', '99,00', '99,00'], ['Papier A4', '1', '5,00', '5,00']];
    const next = readWithMemory(page(order(withHeading(before, 'Projekt 131232', [['Kabel 2 m', '2', '1,50', '3,00']]), '107,00')), asked, [{ id: 'm', model: model! }]);
    expect(rowsOf(next).map((r) => r.Description)).toEqual(['Bürostuhl', 'Papier A4', 'Kabel 2 m']);
  });
});

describe('layout memory: what the person set beside a value', () => {
  it('reads a count with its unit whole where the person set it so', () => {
    const items: Item[] = [['Kabel 2 m', '4 st', '26,66', '106,64'], ['Schreibtischleuchte', '3 st', '2,20', '6,60']];
    const model = learned(items, '113,24');
    const read = readWithMemory(page(order([cells(150, ['Papier A4', '12 st', '5,00', '60,00']), cells(180, ['Kabel 2 m', '2 st', '1,50', '3,00'])], '63,00')), asked, [{ id: 'm', model: model! }]);
    expect(rowsOf(read).map((r) => r.Quantity)).toEqual(['12 st', '2 st']);
  });

  it('reads no column for a name the person set as the document\'s value', () => {
    // A packing list's first page: its total weight is on the last page; the weights of the rows are a column.
    const sheet = (rows: Array<[string, string]>): TypesetLine[] => [...letterhead, [120, [[50, 'Artikel'], [800, 'Brutto kg']]], ...rows.map(([d, w], k): TypesetLine => [150 + 30 * k, [[50, d], [860 - 6 * w.length, w]]])];
    const first: Array<[string, string]> = [['Kabel 2 m', '12,5'], ['Papier A4', '40,0']];
    const content = page(sheet(first));
    const documentModel = learnLayout(content, { fields: ['Shipper', 'Gross Weight'], rows: [{ Shipper: 'WEISSHAUPT HANDELS GMBH', 'Gross Weight': '812,3' }] }, DEFAULT_SETTINGS)!;
    const rowsModel = learnLayout(content, { fields: ['Description', 'Gross Weight'], rows: first.map(([Description, w]) => ({ Description, 'Gross Weight': w })) }, DEFAULT_SETTINGS)!;
    const model = mergeLayouts(documentModel, rowsModel, content, DEFAULT_SETTINGS);
    const read = readWithMemory(page(sheet([['Schreibtischleuchte', '7,5'], ['Kabel 2 m', '3,1']])), [{ name: 'Shipper', formatRequirement: '' }, { name: 'Gross Weight', formatRequirement: '' }], [{ id: 'm', model }]);
    expect(rowsOf(read).map((r) => r['Gross Weight'])).not.toContain('7,5');
  });
});

describe('layout memory: a receipt strip scaled to its length', () => {
  const till = (items: Array<[string, string]>, scale: number): TypesetLine[] => {
    const lines: TypesetLine[] = [
      [40, [[300, 'VALDES S.L.']]], [60, [[260, 'Reg. Merc. M-000399']]], [80, [[300, 'CIF ESB46639668']]],
      [120, [[50, 'Fecha: 14-01-2024'], [850, '14:09']]], [160, [[50, 'Ticket'], [850, '775894']]],
      ...items.map(([d, a], k): TypesetLine => [200 + 40 * k, [[50, d], [904 - 6 * a.length, a]]]),
    ];
    const foot = 200 + 40 * items.length;
    lines.push([foot + 40, [[50, 'Total a pagar'], [850, '56,95']]], [foot + 120, [[50, '1 IVA 21%'], [870, '9,88']]], [foot + 200, [[300, 'Conserve su ticket']]]);
    return lines.map(([y, cs]) => [Math.round(y * scale), cs]);
  };
  const fields = ['date', 'time', 'total_amount', 'tax_amount', 'tax_rate'];
  const model = learnLayout(page(till([['Zumo de naranja', '8,02'], ['Pan de molde', '42,76']], 1)), { fields, rows: [{ date: '14-01-2024', time: '14:09', total_amount: '56,95', tax_amount: '9,88', tax_rate: '21%' }] }, DEFAULT_SETTINGS);

  it('finds a value without a label on the line of a label found (the tax amount beside its rate)', () => {
    const items: Array<[string, string]> = [['Zumo de naranja', '8,02'], ['Pan de molde', '42,76'], ['Huevos L 12u', '6,17'], ['Queso', '2,00'], ['Leche', '1,00'], ['Cafe molido', '7,51']];
    const read = readWithMemory(page(till(items, 0.8)), fields.map((name) => ({ name, formatRequirement: '' })), [{ id: 'm', model: model! }]);
    expect(rowsOf(read)[0].tax_amount).toBe('9,88');
  });

  it('moves a place by the line the nearest anchors\' moves lie on', () => {
    const placed = [0.05, 0.06, 0.08, 0.12].map((y) => ({ y, dy: -0.2 * y }));
    expect(moveAt(placed, 0.1, DEFAULT_SETTINGS)).toBeCloseTo(-0.02, 6);
    // One anchor off that line: the median move of the nearest, as before.
    expect(moveAt([...placed.slice(0, 3), { y: 0.12, dy: 0.05 }], 0.1, DEFAULT_SETTINGS)).toBeCloseTo(-0.012, 6);
  });
});
