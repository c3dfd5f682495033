import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { ask, page, readRows, rowsOf } from './helpers/requests.js';

/**
 * A till's count in the articles' cell under heads (issue 28 items 1 and 5, tills28): the count is the quantity and
 * the words after it the article, whichever of the two the request names.
 */
describe('counts in the articles cell of a receipt with heads (tills28)', () => {
  const page: Parameters<typeof readRows>[0] = [
    [20, [[300, 'Bar Centrale']]],
    [50, [[50, 'QTA DESCRIZIONE'], [850, 'IMPORTO']]],
    [65, [[50, '1 Succo di mela'], [850, '4,36']]],
    [80, [[50, '3 Pane casereccio'], [850, '20,25']]],
    [95, [[50, '1 Caffè macinato'], [850, '7,84']]],
    [110, [[50, '2 Uova x6'], [850, '11,26']]],
    [135, [[50, 'Totale'], [850, '43,71']]],
    [150, [[50, 'Carta'], [850, '43,71']]],
  ];

  it('reads a bare count opening most article cells as the quantity', () => {
    const rows = readRows(page, ask('quantity', 'description', 'line_total'));
    expect(rows.map((r) => [r.quantity, r.description, r.line_total])).toEqual([
      ['1', 'Succo di mela', '4,36'],
      ['3', 'Pane casereccio', '20,25'],
      ['1', 'Caffè macinato', '7,84'],
      ['2', 'Uova x6', '11,26'],
    ]);
  });

  it('keeps the count out of the article where the quantity is not asked', () => {
    const rows = readRows(page, ask('item', 'amount'));
    expect(rows.map((r) => [r.item, r.amount])).toEqual([
      ['Succo di mela', '4,36'],
      ['Pane casereccio', '20,25'],
      ['Caffè macinato', '7,84'],
      ['Uova x6', '11,26'],
    ]);
  });

  it('parts a count glued to the article with its sign under the head of the counts, the head of the articles beside it ("Il. Opis")', () => {
    const rows = readRows(
      [
        [20, [[300, 'Sklep Nowak']]],
        [50, [[50, 'Il.'], [90, 'Opis'], [650, 'Cena jedn.'], [850, 'Kwota']]],
        [65, [[50, '1x Pomidory'], [650, '9,05'], [850, '9,05']]],
        [80, [[50, '5x Jaja M 10szt'], [650, '11,98'], [850, '59,90']]],
        [95, [[50, '6 x Chleb pszenny'], [650, '0,51'], [850, '3,06']]],
        [120, [[50, 'SUMA PLN'], [850, '72,01']]],
      ],
      ask('qty', 'name', 'unit_price', 'total'),
    );
    expect(rows.map((r) => [r.qty, r.name, r.unit_price, r.total])).toEqual([
      ['1', 'Pomidory', '9,05', '9,05'],
      ['5', 'Jaja M 10szt', '11,98', '59,90'],
      ['6', 'Chleb pszenny', '0,51', '3,06'],
    ]);
  });
});

describe('item records over two lines on till rolls (tills28)', () => {
  it('joins the article printed under its count, number and figures to its row on a till roll', () => {
    const lines: Parameters<typeof readRows>[0] = [
      [20, [[300, 'Sklep Nowak']]],
      [50, [[50, 'Il.'], [90, 'Opis'], [650, 'Cena jedn.'], [850, 'Kwota']]],
      [65, [[50, '1 96534'], [650, '4,70'], [850, '4,70']]],
      [80, [[90, 'Jaja M 10szt']]],
      [95, [[50, '6 29306'], [650, '1,11'], [850, '6,66']]],
      [110, [[90, 'Ser żółty']]],
      [125, [[50, '1 79256'], [650, '5,91'], [850, '5,91']]],
      [140, [[90, 'Płyn do naczyń']]],
      [165, [[50, 'Razem'], [850, '17,27']]],
    ];
    const roll = { ...page(lines), aspect: 0.4 };
    const rows = rowsOf(extractFromContent(roll, ask('item_code', 'quantity', 'description', 'unit_price', 'line_total')));
    expect(rows.map((r) => [r.item_code, r.quantity, r.description, r.line_total])).toEqual([
      ['96534', '1', 'Jaja M 10szt', '4,70'],
      ['29306', '6', 'Ser żółty', '6,66'],
      ['79256', '1', 'Płyn do naczyń', '5,91'],
    ]);
  });
});
