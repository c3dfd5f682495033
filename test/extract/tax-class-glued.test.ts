import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { learnLayout } from '../../src/extract/memory/index.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';
import { ask, page, rowsOf, scanned } from './helpers/requests.js';
import { readWithMemory } from './helpers/memory-pages.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * A till's tax class digit printed after each amount ("1.38 1") that a scan read joined to it ("1.381"): where the page
 * says the digit is a class, the amount is read without it (rows/tax-classes.ts); where nothing says so, as read.
 */
const receipt = (items: Array<[string, string]>, tail: TypesetLine[] = [[200, [[50, '1 VAT 20%'], [820, '1.16']]]], total = '6.97'): TypesetLine[] => [
  [20, [[300, 'CORNER SHOP']]],
  ...items.map(([d, a], k): TypesetLine => [60 + 15 * k, [[50, d], [850, a]]]),
  [170, [[50, 'TOTAL'], [820, total]]],
  [185, [[50, 'CASH'], [820, '10.00']]],
  ...tail,
];
const lines = ask('Description', 'Amount');
const amounts = (content: ReturnType<typeof page>) => rowsOf(extractFromContent(content, lines)).map((r) => r.Amount);

describe('a tax class a scan joined to the amounts (issue 28)', () => {
  it('reads the amounts without the class the page prints apart on other lines and before its tax line', () => {
    const glued = receipt([['MILK 2L', '1.381'], ['BREAD', '2.49 1'], ['EGGS 12PK', '3.101']]);
    expect(amounts(scanned(page(glued)))).toEqual(['1.38', '2.49', '3.10']);
  });

  it('reads them so where only the item\'s count and price give the amount without the digit', () => {
    const glued = receipt([['MILK 2L', '1.381'], ['BREAD', '2.49'], ['EGGS 12PK', '3.101']], []);
    glued.splice(2, 0, [68, [[50, '2 x 0.69']]]);
    glued.forEach((l, k) => k > 2 && l[0] < 170 && (l[0] += 15));
    expect(amounts(scanned(page(glued)))).toEqual(['1.38', '2.49', '3.10']);
  });

  it('reads an amount whose decimal mark the scan lost as well only where the column then adds up to the total', () => {
    const items: Array<[string, string]> = [['MILK 2L', '1.381'], ['BANANAS', '3621'], ['EGGS 12PK', '3.101']];
    expect(amounts(scanned(page(receipt(items, undefined, '8.10'))))).toEqual(['1.38', '3.62', '3.10']);
    expect(amounts(scanned(page(receipt(items, undefined, '9.10'))))).not.toContain('3.62');
  });

  it('keeps three decimals the page gives no class for: a price a litre, a class the page does not print', () => {
    const fuel = receipt([['DIESEL', '1.799'], ['SUPER E10', '1.859'], ['ADBLUE', '2.491']], [[200, [[50, 'A VAT 20%'], [820, '1.16']]]]);
    expect(amounts(scanned(page(fuel)))).toEqual(['1.799', '1.859', '2.491']);
  });

  it('keeps them where most of the amounts carry no class', () => {
    const few = receipt([['MILK 2L', '1.381'], ['BREAD', '2.49'], ['EGGS 12PK', '3.10'], ['TEA', '1.20']]);
    expect(amounts(scanned(page(few)))).not.toContain('1.38');
  });

  it('lets the layout memory learn the items\' table from a corrected page whose amounts the scan read joined to the class, and read it so', () => {
    const fields = [{ name: 'Description', formatRequirement: '' }, { name: 'Amount', formatRequirement: '' }];
    const first = scanned(page(receipt([['MILK 2L', '1.381'], ['BREAD', '2.491'], ['EGGS 12PK', '3.101']])));
    const model = learnLayout(first, { fields: ['Description', 'Amount'], rows: [
      { Description: 'MILK 2L', Amount: '1.38' }, { Description: 'BREAD', Amount: '2.49' }, { Description: 'EGGS 12PK', Amount: '3.10' },
    ] }, DEFAULT_SETTINGS);
    expect(model?.table?.columns.map((c) => c.name).sort()).toEqual(['Amount', 'Description']);
    const next = scanned(page(receipt([['TEA', '4.201'], ['BREAD', '2.49 1'], ['JAM', '0.381']])));
    const read = readWithMemory(next, fields, [{ id: 'm', model: model! }]);
    expect(rowsOf(read).map((r) => r.Amount)).toEqual(['4.20', '2.49', '0.38']);
  });
});
