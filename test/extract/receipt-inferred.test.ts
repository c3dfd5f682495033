import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { generateBusinessDoc } from '../../bench/lib/business/index.js';
import { ingestPages } from '../../bench/lib/business/scan.js';
import { createLayoutEngine } from '../../src/extract/layout/index.js';
import { ask, page, readRows, rowsOf } from './helpers/requests.js';

/** Issue 28: asked with no fields, a receipt's items come back in the columns a request naming them would fill. */
describe('inferred columns of a receipt without heads (issue 28)', () => {
  const receipt: Parameters<typeof page>[0] = [
    [20, [[300, 'CORNER SHOP']]],
    [40, [[50, 'Date: 2025-04-01'], [500, 'Trans. 501919']]],
    [70, [[50, '3 pcs x 4.81']]],
    [85, [[50, 'MILK 2L'], [850, '14.43']]],
    [100, [[50, 'BANANAS'], [850, '3.62']]],
    [115, [[50, '2 x 4.40']]],
    [130, [[50, 'EGGS 12PK'], [850, '8.80']]],
    [155, [[50, 'TOTAL'], [820, '26.85']]],
    [170, [[50, 'VISA'], [820, '26.85']]],
    [185, [[50, '************7893']]],
    [200, [[50, 'VAT 20%'], [820, '4.48']]],
  ];

  it('gives description, quantity, unit price and amount of each item, none of the meta, payment or tax lines', () => {
    const result = extractFromContent(page(receipt), ask());
    expect(result.ok && result.fields).toEqual(['Description', 'Quantity', 'Unit price', 'Line total']);
    expect(readRows(receipt, ask())).toEqual([
      { Description: 'MILK 2L', Quantity: '3', 'Unit price': '4.81', 'Line total': '14.43' },
      { Description: 'BANANAS', Quantity: null, 'Unit price': null, 'Line total': '3.62' },
      { Description: 'EGGS 12PK', Quantity: '2', 'Unit price': '4.40', 'Line total': '8.80' },
    ]);
  });

  it('keeps a receipt table whose heads name its columns under the printed heads', () => {
    const headed: Parameters<typeof page>[0] = [
      [20, [[300, 'CORNER SHOP']]],
      [60, [[50, 'Description'], [600, 'Qty'], [850, 'Amount']]],
      [80, [[50, 'Milk 2L'], [610, '3'], [850, '14.43']]],
      [95, [[50, 'Bananas'], [610, '1'], [850, '3.62']]],
      [110, [[50, 'Eggs 12pk'], [610, '2'], [850, '8.80']]],
      [135, [[50, 'TOTAL'], [820, '26.85']]],
    ];
    const result = extractFromContent(page(headed), ask());
    expect(result.ok && result.fields).toEqual(['Description', 'Qty', 'Amount']);
    expect(readRows(headed, ask()).slice(0, 3)).toEqual([
      { Description: 'Milk 2L', Qty: '3', Amount: '14.43' },
      { Description: 'Bananas', Qty: '1', Amount: '3.62' },
      { Description: 'Eggs 12pk', Qty: '2', Amount: '8.80' },
    ]);
  });

  it('gives a headed receipt table\'s amounts without the tax class letter the till prints after them', () => {
    const headed: Parameters<typeof page>[0] = [
      [20, [[300, 'ALIMENTARI ROSSI']]],
      [60, [[50, 'Descrizione articolo'], [600, 'Qtà'], [850, 'Totale']]],
      [80, [[50, 'Pomodori'], [610, '1'], [850, '10,80 A']]],
      [95, [[50, "Succo d'arancia"], [610, '1'], [850, '0,84 B']]],
      [110, [[50, 'Parmigiano 200g'], [610, '2'], [850, '7,22 A']]],
    ];
    expect(readRows(headed, ask())).toEqual([
      { 'Descrizione articolo': 'Pomodori', Qtà: '1', Totale: '10,80' },
      { 'Descrizione articolo': "Succo d'arancia", Qtà: '1', Totale: '0,84' },
      { 'Descrizione articolo': 'Parmigiano 200g', Qtà: '2', Totale: '7,22' },
    ]);
  });

  it('reads no item from a list whose lines are labels and their values ("Rabattbetrag: 0,02")', () => {
    const labelled: Parameters<typeof page>[0] = [
      [20, [[300, 'MUSTER GMBH']]],
      [60, [[50, 'Artikelrabatt 1:'], [850, '0,03']]],
      [75, [[50, 'Rabattbetrag:'], [850, '0,02']]],
      [90, [[50, 'Bruttopreis: 1,5000'], [850, '0,10']]],
    ];
    const result = extractFromContent(page(labelled), ask());
    expect(result.ok && result.fields).not.toContain('Line total');
  });
});

describe('a German change line (issue 28 part 4)', () => {
  it('reads "Zurück 6,26" under the payment as the change, no item', async () => {
    // The tuning receipt de-10: its items in columns (article, count, amount), "ZU ZAHLEN", "Bar 165,00", "Zurück 6,26".
    const doc = await generateBusinessDoc({ seed: 10, kind: 'receipt', lang: 'de' });
    const engine = createLayoutEngine();
    try {
      const request = { fields: doc.request.lines.map((f) => ({ name: f.name, formatRequirement: '' })), globalFormatRequirement: '', quality: 'fast' as const };
      const rows = [];
      for (const p of await ingestPages(doc.pdf)) rows.push(...rowsOf(await engine.extract(p, request)));
      expect(rows.length).toBe(doc.lines.length);
      expect(rows.map((r) => Object.values(r).join(' '))).not.toContainEqual(expect.stringContaining('Zurück'));
    } finally {
      await engine.close?.();
    }
  });
});
