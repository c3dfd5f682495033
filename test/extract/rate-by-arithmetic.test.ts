import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * A Polish payslip whose hourly rate stands under "Stawka", the lexicon's
 * label of a tax rate; one item only is paid by the hour. The rate is the
 * column whose value makes hours × it the item's amount.
 */
const slip: TypesetLine[] = [
  [300, [[77, 'Kod'], [163, 'Składnik'], [600, 'Godziny'], [700, 'Stawka'], [860, 'Kwota']]],
  [330, [[77, '1000'], [163, 'Wynagrodzenie zasadnicze'], [866, '3367,70']]],
  [352, [[77, '1100'], [163, 'Nadgodziny'], [618, '24'], [712, '60,49'], [866, '1451,76']]],
  [374, [[77, '5000'], [163, 'Składka emerytalna'], [866, '-173,50']]],
  [396, [[77, '5100'], [163, 'Zaliczka na PIT'], [866, '-520,50']]],
];

describe('a rate under a head the lexicon reads as a tax rate', () => {
  it('is the column where hours × rate ≈ the amount', () => {
    const rows = readRows(slip, ask('description', 'hours', 'rate', 'amount'));
    expect(rows[1]).toEqual({ description: 'Nadgodziny', hours: '24', rate: '60,49', amount: '1451,76' });
    expect(rows.map((r) => r.rate)).toEqual([null, '60,49', null, null]);
  });
});
