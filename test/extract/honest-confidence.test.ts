import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import type { ExtractResult, Word } from '../../src/extract/types.js';
import { typeset } from './helpers/words.js';
import { ask } from './helpers/requests.js';

/** A receipt's lines as OCR read them, every word at `sureness`. */
function receipt(lines: Parameters<typeof typeset>[0], sureness = 0.93) {
  const words: Word[] = typeset(lines).map((w) => ({ ...w, confidence: sureness }));
  return { words, rules: [], pictures: [], aspect: 0.5 };
}

const confidence = (r: ExtractResult, name: string) => (r.ok ? (r.rows[0][name] as { confidence?: number }).confidence ?? NaN : NaN);
const value = (r: ExtractResult, name: string) => (r.ok ? (r.rows[0][name] as { value: string | null }).value : null);

const HEAD: Parameters<typeof typeset>[0] = [
  [40, [[100, 'KEDAI RUNCIT MAJU SDN BHD']]],
  [60, [[100, 'NO 12 JALAN BESAR']]],
  [80, [[100, '43000 KAJANG']]],
];

describe('honest confidence: a document date the page prints as its only date', () => {
  it('is sure unlabelled when it is the only day the page prints, once or twice', () => {
    const once = extractFromContent(receipt([...HEAD, [120, [[100, '14/03/2018'], [300, '10:22']]], [160, [[100, 'TOTAL'], [300, '12.50']]]]), ask('date'));
    expect(value(once, 'date')).toBe('14/03/2018');
    expect(confidence(once, 'date')).toBeGreaterThanOrEqual(0.9);
    const twice = extractFromContent(receipt([...HEAD, [120, [[100, '14/03/2018']]], [160, [[100, 'TOTAL'], [300, '12.50']]], [200, [[100, '14-03-2018 10:22']]]]), ask('date'));
    expect(confidence(twice, 'date')).toBeGreaterThanOrEqual(0.9);
  });

  it('stays a guess when the page prints another day, and under 0.9 when its reading was unsure', () => {
    const two = extractFromContent(receipt([...HEAD, [120, [[100, '14/03/2018']]], [160, [[100, 'TOTAL'], [300, '12.50']]], [200, [[100, 'VALID UNTIL 31/03/2018']]]]), ask('date'));
    expect(value(two, 'date')).toBe('14/03/2018');
    expect(confidence(two, 'date')).toBeLessThan(0.5);
    const unsure = extractFromContent(receipt([...HEAD, [120, [[100, '14/03/2018']]], [160, [[100, 'TOTAL'], [300, '12.50']]]], 0.6), ask('date'));
    expect(confidence(unsure, 'date')).toBeLessThan(0.9);
  });
});

describe('honest confidence: arithmetic and the shape of a column', () => {
  it('leaves a total the subtotal and tax contradict at most half sure', () => {
    const lines: Parameters<typeof typeset>[0] = [...HEAD, [120, [[100, 'SUBTOTAL'], [300, '10.00']]], [140, [[100, 'TAX'], [300, '0.60']]], [160, [[100, 'TOTAL'], [300, '12.50']]]];
    const r = extractFromContent(receipt(lines), ask('total'));
    expect(value(r, 'total')).toBe('12.50');
    expect(confidence(r, 'total')).toBeLessThanOrEqual(0.5);
    const adds = extractFromContent(receipt(lines.map(([y, cells]) => [y, cells.map(([x, t]) => [x, t === '12.50' ? '10.60' : t])])), ask('total'));
    expect(confidence(adds, 'total')).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps a code column sure when its cells are codes, and not when they are words with a number under the head', () => {
    const table = (codes: string[]) => receipt([
      [100, [[100, 'Item code'], [300, 'Description'], [600, 'Amount']]],
      ...codes.map((c, k): [number, Array<[number, string]>] => [130 + 30 * k, [[100, c], [300, `Office chair model ${k}`], [600, `${10 + k}.00`]]]),
    ]);
    const sure = extractFromContent(table(['AB-1001', 'AB-1002', 'AB-1003']), ask('item_code', 'description', 'amount'));
    expect(confidence(sure, 'item_code')).toBeGreaterThanOrEqual(0.9);
    const words = extractFromContent(table(['Desk lamp 12', 'Paper ream 500', 'Whiteboard pens 4']), ask('item_code', 'description', 'amount'));
    expect(value(words, 'item_code')).toBe('Desk lamp 12');
    expect(confidence(words, 'item_code')).toBeLessThan(0.9);
  });
});

describe('honest confidence: what a scan reads the same way every time', () => {
  /** An invoice table whose every row adds up (quantity × unit price = amount), as a scan read it. */
  const invoice = (rows: Array<[string, string, string, string]>) => receipt([
    [100, [[100, 'Description'], [350, 'Qty'], [450, 'Unit price'], [600, 'Amount']]],
    ...rows.map(([d, q, p, t], k): [number, Array<[number, string]>] => [130 + 30 * k, [[100, d], [350, q], [450, p], [600, t]]]),
  ]);
  const asked = ask('description', 'quantity', 'unit_price', 'line_total');
  const prices = (r: ExtractResult) => (r.ok ? r.rows.map((row) => (row.unit_price as { confidence?: number }).confidence ?? NaN) : []);

  it('keeps an amount under 0.9 when its decimal mark is not the one the page\'s other amounts print, and every amount when the page mixes them', () => {
    const rows: Array<[string, string, string, string]> = [['Desk lamp', '2', '3,50', '7,00'], ['Paper ream', '1', '4,25', '4,25'], ['Pens', '3', '1,10', '3,30'], ['Chair', '1', '5.98', '5,98']];
    const one = extractFromContent(invoice(rows), asked);
    expect(prices(one).slice(0, 3).every((c) => c >= 0.9)).toBe(true);
    expect(prices(one)[3]).toBeLessThan(0.9);
    // A third of the amounts with the other mark: the scan reads the marks unreliably, none is sure.
    const mixed = extractFromContent(invoice([...rows.slice(0, 2), ['Pens', '3', '1.10', '3.30'], rows[3]]), asked);
    expect(Math.max(...prices(mixed))).toBeLessThan(0.9);
  });

  it('keeps a code cell under 0.9 when it also holds words a scan joined to it, where the column\'s others are codes alone', () => {
    const table = receipt([
      [100, [[100, 'Item code'], [300, 'Description'], [600, 'Amount']]],
      [130, [[100, 'AB-1001'], [300, 'Office chair'], [600, '10.00']]],
      [160, [[100, 'AB-1002'], [300, 'Desk lamp'], [600, '11.00']]],
      [190, [[100, 'AB-1003 paper'], [300, 'ream'], [600, '12.00']]],
      [220, [[100, 'AB-1004'], [300, 'Whiteboard pens'], [600, '13.00']]],
    ]);
    const r = extractFromContent(table, ask('item_code', 'description', 'amount'));
    const codes = r.ok ? r.rows.map((row) => row.item_code as { value: string | null; confidence?: number }) : [];
    expect(codes.map((c) => c.value)).toEqual(['AB-1001', 'AB-1002', 'AB-1003 paper', 'AB-1004']);
    expect(codes[0].confidence).toBeGreaterThanOrEqual(0.9);
    expect(codes[2].confidence).toBeLessThan(0.9);
  });
});
