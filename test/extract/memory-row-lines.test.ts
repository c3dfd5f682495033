import { describe, expect, it } from 'vitest';
import type { PageContent } from '../../src/extract/layout/index.js';
import { learnLayout } from '../../src/extract/memory/index.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';
import type { ExtractResult, Word } from '../../src/extract/types.js';
import { readWithMemory } from './helpers/memory-pages.js';

/**
 * A memory's rows whose cells sit on more than one line (src/extract/memory/apply.ts readTable), on pages of words
 * set by hand: a price list that prints each item's code and price on one line and its description on the lines
 * under it.
 */

const LINE = 0.0135;

/** Words of one line at height `y`: each [text, x], a word 0.012 wide a character. */
function line(y: number, ...cells: Array<[string, number]>): Word[] {
  return cells.flatMap(([text, x]) => {
    let at = x;
    return text.split(' ').map((t) => {
      const w = { text: t, box: { x1: at, y1: y, x2: at + t.length * 0.012, y2: y + 0.01 } };
      at = w.box.x2 + 0.008;
      return w;
    });
  });
}

interface Item {
  code: string;
  price: string;
  /** The description's lines. */
  lines: string[];
}

/** A price list: letterhead, column heads (`Kod` over `Opis`, `Cena`), each item's code and price, its description under them. */
function priceList(items: Item[]): PageContent {
  const words: Word[] = [
    ...line(0.05, ['Nowak Hurt Sp. z o.o.', 0.08]),
    ...line(0.07, ['ul. Długa 12', 0.08]),
    ...line(0.09, ['00-238 Warszawa', 0.08]),
    ...line(0.13, ['Cennik', 0.08], ['Waluta PLN', 0.72]),
    ...line(0.2, ['Kod', 0.08], ['Cena', 0.88]),
    ...line(0.2 + LINE, ['Opis', 0.08]),
  ];
  let y = 0.2 + 2.5 * LINE;
  for (const item of items) {
    words.push(...line(y, [item.code, 0.08], [item.price, 0.88]));
    y += LINE;
    for (const l of item.lines) {
      words.push(...line(y, [l, 0.08]));
      y += LINE;
    }
    y += 0.5 * LINE;
  }
  words.push(...line(y + 0.05, ['Ceny netto, ważne do odwołania.', 0.08]));
  return { words, rules: [], pictures: [], aspect: 0.707 };
}

const FIELDS = ['Kod', 'Opis', 'Cena'];
const truth = (items: Item[]) => items.map((i) => ({ Kod: i.code, Opis: i.lines.join(' '), Cena: i.price }));
const rowsOf = (r: ExtractResult) => (r.ok ? r.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, c]) => [k, 'value' in c ? c.value : null]))) : null);

describe('layout memory: a row over several lines', () => {
  it('a description on the lines under its code and price goes on over each of them, as a cell on the row\'s own line does', () => {
    const first: Item[] = [
      { code: '47-1307', price: '398,20', lines: ['Przełącznik sieciowy 24 porty'] },
      { code: '53-7487', price: '442,54', lines: ['Roczne odnowienie licencji'] },
      { code: '19-7105', price: '86,87', lines: ['Kabel USB-C 2 m'] },
    ];
    const page = priceList(first);
    const model = learnLayout(page, { fields: FIELDS, rows: truth(first) }, DEFAULT_SETTINGS)!;
    expect(model.table?.columns.find((c) => c.name === 'Opis')?.offset).toBe(1);
    const next: Item[] = [
      { code: '76-7430', price: '209,25', lines: ['Sprzątanie biura, miesięcznie'] },
      { code: '70-6553', price: '369,49', lines: ['Sprzątanie biura, miesięcznie II79', 'SN 4319-8001'] },
      { code: '54-4388', price: '113,22', lines: ['Papier do drukarki A4 80 g'] },
      { code: '43-9221', price: '298,10', lines: ['Przełącznik sieciowy 24 porty', 'EAN 4707160303765'] },
    ];
    const read = readWithMemory(priceList(next), FIELDS.map((name) => ({ name, formatRequirement: '' })), [{ id: 'm', model }]);
    expect(rowsOf(read)).toEqual(truth(next));
  });
});
