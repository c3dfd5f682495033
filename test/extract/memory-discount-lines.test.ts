import { describe, expect, it } from 'vitest';
import { learnLayout } from '../../src/extract/memory/index.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';
import { page, rowsOf, scanned } from './helpers/requests.js';
import { readWithMemory } from './helpers/memory-pages.js';
import type { TypesetLine } from './helpers/words.js';

/** Layout memory (memory/apply.ts): a discount under an item is none of the rows, as the general rules read it. */
const receipt = (items: Array<[string, string, string]>, total: string): TypesetLine[] => [
  [20, [[300, 'ALIMENTARI ROSSI']]],
  [30, [[300, 'Via Roma 12 Firenze']]],
  [40, [[50, 'Scontrino n.'], [800, '320667']]],
  [60, [[50, 'Descrizione'], [500, 'Qta'], [800, 'Importo']]],
  ...items.map(([d, q, a], k): TypesetLine => [80 + 15 * k, [[50, d], ...(q ? [[510, q] as [number, string]] : []), [800, a]]]),
  [250, [[50, 'Totale complessivo'], [800, total]]],
];
const fields = ['Descrizione', 'Quantità', 'Importo'];

describe('layout memory: discount lines', () => {
  it('reads no row off a discount line under an item on a later page', () => {
    const first = receipt([['Spaghetti 500g', '3', '18,57'], ['Pomodori', '1', '7,75'], ['Pane casereccio', '4', '50,12']], '76,44');
    const model = learnLayout(scanned(page(first)), { fields, rows: [
      { Descrizione: 'Spaghetti 500g', Quantità: '3', Importo: '18,57' }, { Descrizione: 'Pomodori', Quantità: '1', Importo: '7,75' }, { Descrizione: 'Pane casereccio', Quantità: '4', Importo: '50,12' },
    ] }, DEFAULT_SETTINGS);
    expect(model?.table).toBeTruthy();
    const next = receipt([['Latte intero', '2', '3,10'], ['Banane', '1', '1,99'], ['Promozione', '', '-0,30'], ['Pane casereccio', '4', '50,12']], '54,91');
    const read = readWithMemory(scanned(page(next)), fields.map((name) => ({ name, formatRequirement: '' })), [{ id: 'm', model: model! }]);
    expect(rowsOf(read).map((r) => r.Importo)).toEqual(['3,10', '1,99', '50,12']);
  });
});
