import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * An e-invoice's printed view (the AWV stylesheet of the ZUGFeRD examples): article numbers in a column of their own
 * under no head on the head line, the description's head set over the articles right of them, and the count and the
 * tax rate printed as one cell under "Menge" and "Steuer". Six heads over six columns, one column taken by two heads,
 * looks like heads set left of right-aligned figures; but read in order "Beschreibung" would move left, off the
 * articles it stands over, onto the article numbers.
 */
const invoice: TypesetLine[] = [
  [300, [[88, 'Pos'], [254, 'Beschreibung'], [409, 'Nettopreis'], [600, 'Menge'], [723, 'Steuer'], [847, 'Entgelt']]],
  [330, [[97, '1'], [261, 'Trennblätter'], [470, '9,90'], [593, '20 Stk 19 % VAT'], [856, '198,00']]],
  [345, [[121, 'TB100A4'], [261, 'A4']]],
  [370, [[97, '2'], [261, 'Joghurt'], [470, '5,50'], [593, '50 Stk 7 % VAT'], [856, '275,00']]],
  [385, [[121, 'ARNR2'], [261, 'Banane']]],
];

describe('heads over their own columns beside a bare column', () => {
  it('name the column each stands over, not the one before it', () => {
    const rows = readRows(invoice, ask('description', 'unit_price'));
    expect(rows.map((r) => r.description)).toEqual(expect.arrayContaining(['Trennblätter', 'Joghurt']));
    expect(rows.map((r) => r.unit_price).filter(Boolean)).toEqual(['9,90', '5,50']);
  });

  it('keep the inferred heads over their columns', () => {
    const rows = readRows(invoice, ask());
    expect(Object.keys(rows[0] ?? {})).toContain('Beschreibung');
    expect(rows[0]?.Beschreibung).toBe('Trennblätter');
  });
});
