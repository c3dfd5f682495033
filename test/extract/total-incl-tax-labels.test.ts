import { describe, expect, it } from 'vitest';
import { readRows, askWith } from './helpers/requests.js';

/** A totals row of labels over a row of amounts, as a utility bill prints its totals. */
const totalsRow = (labels: string[], amounts: string[]) => readRows([
  [40, [[60, 'Versorger AG']]],
  [300, labels.map((t, i): [number, string] => [60 + i * 220, t])],
  [314, amounts.map((t, i): [number, string] => [60 + i * 220, t])],
], askWith('', 'total_amount'));

/** The total under the labels that say the tax is in it, in the catalogue's languages ("Gesamt inkl. MwSt.", "Totale IVA inclusa"). */
describe('a total labelled as including the tax', () => {
  it.each([
    ['de', ['Warenwert', 'MwSt. 19 %', 'Gesamt inkl. MwSt.'], ['17,23 EUR', '3,11 EUR', '20,34 EUR'], '20,34 EUR'],
    ['it', ['Subtotale', 'IVA al 22%', 'Totale IVA inclusa'], ['41,54', '9,14', '50,68'], '50,68'],
    ['es', ['Base imponible', 'IVA 21%', 'Total IVA incluido'], ['100,00', '21,00', '121,00'], '121,00'],
    ['fr', ['Total HT', 'TVA 20%', 'Total TVA incluse'], ['100,00', '20,00', '120,00'], '120,00'],
  ])('%s', (_lang, labels, amounts, total) => {
    expect(totalsRow(labels, amounts)).toEqual([{ total_amount: total }]);
  });
});
