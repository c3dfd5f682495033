import { describe, expect, it } from 'vitest';
import { generateBusinessDoc } from '../../bench/lib/business/index.js';
import { ingestPages } from '../../bench/lib/business/scan.js';
import { createLayoutEngine } from '../../src/extract/layout/index.js';
import { ask, readRows, rowsOf } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/** An invoice whose items stand under the delivery notes they came with: a line of words alone before each group. */
const grouped: TypesetLine[] = [
  [20, [[50, 'Muster GmbH'], [600, 'Rechnung']]],
  [40, [[600, 'Rechnungsnr. 2024-118']]],
  [100, [[50, 'Bezeichnung'], [420, 'Menge'], [540, 'Einzelpreis'], [720, 'Gesamt']]],
  [125, [[50, 'Lieferschein 80412']]],
  [147, [[50, 'Bürostuhl ergonomisch'], [440, '2'], [560, '189,00'], [738, '378,00']]],
  [169, [[50, 'Schreibtischleuchte LED'], [440, '4'], [566, '42,50'], [738, '170,00']]],
  [195, [[50, 'Lieferschein 80437']]],
  [217, [[50, 'Druckerpapier A4'], [434, '10'], [566, '4,95'], [744, '49,50']]],
  [250, [[540, 'Summe netto'], [738, '597,50']]],
];

/** A generated document's line request answered over its digital pages, keyed by the truth's keys. */
async function namedRows(doc: Awaited<ReturnType<typeof generateBusinessDoc>>): Promise<Array<Record<string, unknown>>> {
  const engine = createLayoutEngine();
  const request = { fields: doc.request.lines.map((f) => ({ name: f.name, formatRequirement: '' })), globalFormatRequirement: '', quality: 'fast' as const };
  const rows = [];
  for (const p of await ingestPages(doc.pdf)) rows.push(...rowsOf(await engine.extract(p, request)));
  await engine.close?.();
  return rows.map((r) => Object.fromEntries(doc.request.lines.map((f) => [f.key, r[f.name] ?? ''])));
}

describe('group lines inside a line table', () => {
  it('are no items, named or inferred', () => {
    const named = readRows(grouped, ask('description', 'quantity', 'unit_price', 'line_total'));
    expect(named.map((r) => r.description)).toEqual(['Bürostuhl ergonomisch', 'Schreibtischleuchte LED', 'Druckerpapier A4']);
    expect(named[2]).toEqual({ description: 'Druckerpapier A4', quantity: '10', unit_price: '4,95', line_total: '49,50' });
    expect(readRows(grouped, ask()).map((r) => Object.values(r)[0])).toEqual(['Bürostuhl ergonomisch', 'Schreibtischleuchte LED', 'Druckerpapier A4']);
  });

  it('of words alone without a number stay rows: a section label', () => {
    const sections: TypesetLine[] = grouped.map(([y, cells]): TypesetLine => [y, cells.map(([x, t]): [number, string] => [x, t.replace(/^Lieferschein \d+$/, 'Büromöbel')])]);
    expect(readRows(sections, ask('description', 'quantity', 'unit_price', 'line_total')).map((r) => r.description)).toContain('Büromöbel');
  });

  it('keep heads set far above the items over their columns when a group line opens the items', async () => {
    const doc = await generateBusinessDoc({ seed: 3, kind: 'packing_list', lang: 'it' });
    expect(doc.layout.wideTable).toBe('middle+groups');
    const rows = await namedRows(doc);
    expect(rows.map((r) => [r.item_code, r.quantity, r.gross_weight])).toEqual(doc.lines.map((l) => [l.item_code, l.quantity, l.gross_weight]));
  });

  it('are no items on a generated bill that prints one over its items (the tenth widening)', async () => {
    const doc = await generateBusinessDoc({ seed: 3, kind: 'utility_bill', lang: 'es' });
    expect(doc.layout.wideTable).toBe('groups');
    expect(await namedRows(doc)).toEqual(doc.lines);
  });
});
