import { describe, expect, it } from 'vitest';
import { generateBusinessDoc } from '../../bench/lib/business/index.js';
import { ingestPages } from '../../bench/lib/business/scan.js';
import { createLayoutEngine } from '../../src/extract/layout/index.js';
import { ask, readRows, rowsOf } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * A statement printed from a web page: each row's cells set in the middle of its height, so a booking whose text
 * wraps has its date and amounts between the text's two lines, half a leading from each.
 */
const statement: TypesetLine[] = [
  [20, [[50, 'Polderbank'], [600, 'Rekeningafschrift']]],
  [100, [[50, 'Datum'], [200, 'Omschrijving'], [560, 'Af'], [680, 'Bij'], [820, 'Saldo']]],
  [124, [[200, 'Betaalautomaat']]],
  [130, [[50, '01-10-2023'], [560, '21,94'], [820, '6.152,87']]],
  [136, [[200, 'SUPERMARKT']]],
  [160, [[50, '01-10-2023'], [200, 'Naar spaarrekening'], [560, '424,62'], [820, '5.728,25']]],
  [190, [[50, '02-10-2023'], [200, 'Huur'], [560, '329,88'], [820, '5.398,37']]],
  [214, [[200, 'Betaalautomaat']]],
  [220, [[50, '03-10-2023'], [560, '78,83'], [820, '5.319,54']]],
  [226, [[200, 'SUPERMARKT']]],
  [250, [[50, '04-10-2023'], [200, 'Rente'], [680, '18,42'], [820, '5.337,96']]],
];

describe('rows set in the middle of their height', () => {
  it('keep the text over and under their figures, the first row\'s top line no head', () => {
    const rows = readRows(statement, ask('date', 'description', 'debit', 'credit', 'balance'));
    expect(rows.map((r) => r.description)).toEqual(['Betaalautomaat SUPERMARKT', 'Naar spaarrekening', 'Huur', 'Betaalautomaat SUPERMARKT', 'Rente']);
    expect(rows[3]).toEqual({ date: '03-10-2023', description: 'Betaalautomaat SUPERMARKT', debit: '78,83', credit: null, balance: '5.319,54' });
    expect(readRows(statement, ask()).length).toBe(5);
  });

  it('come back whole on a generated statement printed so (the tenth widening)', async () => {
    const doc = await generateBusinessDoc({ seed: 3, kind: 'bank_statement', lang: 'nl' });
    expect(doc.layout.wideTable).toBe('middle+head_center');
    const engine = createLayoutEngine();
    const request = { fields: doc.request.lines.map((f) => ({ name: f.name, formatRequirement: '' })), globalFormatRequirement: '', quality: 'fast' as const };
    const rows = [];
    for (const p of await ingestPages(doc.pdf)) rows.push(...rowsOf(await engine.extract(p, request)));
    await engine.close?.();
    expect(rows.map((r) => Object.fromEntries(doc.request.lines.map((f) => [f.key, r[f.name] ?? ''])))).toEqual(doc.lines);
  });
});
