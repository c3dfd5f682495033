import { describe, expect, it } from 'vitest';
import { learnLayout } from '../../src/extract/memory/index.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';
import { page, rowsOf, scanned } from './helpers/requests.js';
import { readWithMemory } from './helpers/memory-pages.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * Layout memory (memory/learn.ts, apply.ts, compete.ts): a till prints an article number before each item, and a
 * deposit line none, its text starting where the numbers stand. The columns the person set are learned all the same,
 * and the deposit's text is read whole on the next receipt.
 */
type Item = [code: string, text: string, amount: string];
const receipt = (items: Item[], total: string, under: TypesetLine[] = []): TypesetLine[] => [
  [20, [[300, 'HARBOURSIDE LTD']]],
  [35, [[300, '59 Harbour Road London']]],
  [50, [[300, 'VAT No. GB418229100']]],
  [80, [[50, 'Trans.'], [825, '677294']]],
  ...items.map(([code, text, amount], k): TypesetLine => [110 + 20 * k, [[50, [code, text].filter(Boolean).join(' ')], [846 - 6 * (amount.length - 4), amount]]]),
  ...under,
  [110 + 20 * items.length + 40, [[50, 'AMOUNT DUE'], [815, total]]],
  [110 + 20 * items.length + 60, [[50, 'Card'], [835, total]]],
];
const fields = ['item_code', 'description', 'line_total'];
const rowsFor = (items: Item[]) => items.map(([item_code, description, line_total]) => ({ item_code, description, line_total }));

describe('layout memory: deposit lines without an article number', () => {
  const first: Item[] = [['19001158', 'Bread wholemeal', '1.38'], ['38628448', 'BANANAS', '10.43'], ['', 'Bottle deposit', '0.15'], ['90780086', 'Pasta 500g', '5.07']];
  const model = learnLayout(scanned(page(receipt(first, '17.03'))), { fields, rows: rowsFor(first) }, DEFAULT_SETTINGS);

  it('learns the columns where a deposit line prints its text in the article numbers\' place', () => {
    expect(model?.table?.columns.map((c) => c.name).sort()).toEqual([...fields].sort());
  });

  it('reads a later receipt\'s deposit line whole, a void line under the items none of them', () => {
    const next: Item[] = [['24571249', 'Dish soap', '7.64'], ['', 'Bottle deposit', '0.75'], ['49713214', 'Cheddar 400g', '8.84'], ['65649091', 'BANANAS', '18.76'], ['53148185', 'EGGS 12PK', '5.42']];
    const voided: TypesetLine[] = [[110 + 20 * next.length, [[50, 'Void item'], [833, '-5.42']]]];
    const read = readWithMemory(scanned(page(receipt(next, '35.99', voided))), fields.map((name) => ({ name, formatRequirement: '' })), [{ id: 'm', model: model! }]);
    const rows = rowsOf(read);
    expect(rows).toContainEqual({ item_code: null, description: 'Bottle deposit', line_total: '0.75' });
    expect(rows.map((r) => r.line_total)).toEqual(['7.64', '0.75', '8.84', '18.76', '5.42']);
  });
});

/** A discount under an item whose label also names a summary ("Sconto"), on a receipt after one that printed none. */
describe('layout memory: discounts under items', () => {
  const till = (items: Array<[string, string, string]>, total: string, discounts: Record<number, string> = {}): TypesetLine[] => {
    const lines: TypesetLine[] = [[20, [[300, 'ALIMENTARI ROSSI']]], [40, [[50, 'Scontrino n.'], [800, '320667']]], [60, [[50, 'Descrizione'], [500, 'Qta'], [800, 'Importo']]]];
    let y = 80;
    items.forEach(([d, q, a], k) => {
      lines.push([y, [[50, d], [510, q], [800, a]]]);
      y += 15;
      if (discounts[k]) {
        lines.push([y, [[80, 'Sconto'], [800, discounts[k]]]]);
        y += 15;
      }
    });
    return [...lines, [y + 20, [[50, 'Subtotale'], [800, total]]], [y + 35, [[50, 'Totale complessivo'], [800, total]]]];
  };
  const fields = ['Descrizione', 'Quantità', 'Importo'];

  it('reads every item past a discount line', () => {
    const first: Array<[string, string, string]> = [['Spaghetti 500g', '3', '18,57'], ['Pomodori', '1', '7,75'], ['Pane casereccio', '4', '50,12']];
    const model = learnLayout(scanned(page(till(first, '76,44'))), { fields, rows: first.map(([Descrizione, Quantità, Importo]) => ({ Descrizione, Quantità, Importo })) }, DEFAULT_SETTINGS);
    const next: Array<[string, string, string]> = [['Latte intero', '2', '3,10'], ['Banane', '1', '1,99'], ['Pomodori', '5', '13,85'], ['Pane casereccio', '4', '50,12']];
    const read = readWithMemory(scanned(page(till(next, '68,86', { 1: '-0,20' }))), fields.map((name) => ({ name, formatRequirement: '' })), [{ id: 'm', model: model! }]);
    expect(rowsOf(read).map((r) => r.Importo)).toEqual(['3,10', '1,99', '13,85', '50,12']);
  });
});
