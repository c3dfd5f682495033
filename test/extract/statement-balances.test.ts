import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import type { Word } from '../../src/extract/types.js';
import { ask, page, rowsOf } from './helpers/requests.js';

/** A scanned statement page (every word read at 0.6): balances beside their labels, transactions between them. */
const statement = (closing: string) => scanned(page([
  [60, [[60, 'Opening balance'], [700, '1,000.00']]],
  [100, [[60, 'Date'], [180, 'Description'], [480, 'Debit'], [580, 'Credit'], [700, 'Balance']]],
  [125, [[60, '02/05/2024'], [180, 'Card payment Grocer'], [480, '50.00'], [700, '950.00']]],
  [150, [[60, '03/05/2024'], [180, 'Salary May'], [580, '300.00'], [700, '1,250.00']]],
  [175, [[60, '07/05/2024'], [180, 'Rent'], [480, '100.00'], [700, '1,150.00']]],
  [215, [[60, 'Closing balance'], [700, closing]]],
]));

function scanned<T extends { words: Word[] }>(content: T): T {
  return { ...content, words: content.words.map((w) => ({ ...w, confidence: 0.6 })) };
}

const confidences = (closing: string) => {
  const r = extractFromContent(statement(closing), ask('opening_balance', 'closing_balance'));
  const row = r.ok ? r.rows[0] : {};
  return Object.values(row).map((v) => ('confidence' in v ? v.confidence : undefined));
};

describe('a statement\'s balances checked by its transactions', () => {
  it('makes balances read unsurely surer when opening + credits − debits gives the closing balance', () => {
    expect(rowsOf(extractFromContent(statement('1,150.00'), ask('opening_balance', 'closing_balance')))).toEqual([{ opening_balance: '1,000.00', closing_balance: '1,150.00' }]);
    const agreeing = confidences('1,150.00');
    const unchecked = confidences('1,250.00');
    agreeing.forEach((c, i) => expect(c).toBeGreaterThan(unchecked[i]!));
  });
});
