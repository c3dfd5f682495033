import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PageContent } from '../../src/extract/layout/index.js';
import { learnLayout, mergeLayouts } from '../../src/extract/memory/index.js';
import { layoutScore } from '../../src/extract/memory/layout-match.js';
import { memoryPage } from '../../src/extract/memory/page.js';
import { isSameSender } from '../../src/extract/memory/sender.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';
import { readWithMemory } from './helpers/memory-pages.js';

/**
 * A sender and its layout told on a scan whose fixed words OCR garbled (src/extract/memory/sender.ts, layout-match.ts,
 * merge.ts, apply.ts): the words tesseract read on scans of the business generator's series (tuning split), saved as
 * they came. A till's receipts: on the third OCR read the letterhead `Brüns=== £202`, `Marktra==ume`, `Gartsu=.y`,
 * `Mamlurg` (Brückner GmbH, Marktpassage, Gartenweg, Hamburg), words it doubted; the till prints its register number
 * (`Amtsgericht HRB 296513`) and no tax id. An employer's payslips: no ids at all, and on the third OCR garbled a third
 * of the letterhead (`Fornzioie`, `Niccalà Rianchi`, `Ponouo di paga`).
 */

const fixture = (name: string): PageContent => JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), 'utf8')) as PageContent;
const payslip = (n: number): PageContent => fixture(`payslip-scan/colombo-${n}`);
const till = (n: number): PageContent => fixture(`receipt-scan/brueckner-register-${n}`);
const S = DEFAULT_SETTINGS;

type Model = NonNullable<ReturnType<typeof learnLayout>>;
const valuesOf = (content: PageContent, names: string[], memories?: Array<{ id: string; model: Model }>) => {
  const r = readWithMemory(content, names.map((name) => ({ name, formatRequirement: '' })), memories);
  return r.ok ? Object.fromEntries(names.map((n) => [n, (r.rows[0][n] as { value: string | null }).value])) : null;
};
const taught = (content: PageContent, names: string[], rows: string[][]) => learnLayout(content, { fields: names, rows: rows.map((r) => Object.fromEntries(names.map((n, i) => [n, r[i]]))) }, S)!;

describe('layout memory: a till on a scan whose letterhead OCR garbled', () => {
  const names = ['merchant_name', 'store_address', 'date', 'time', 'receipt_number', 'grand_total', 'payment_method', 'tax', 'tax_rate'];
  const fields = taught(till(1), names, [['Brückner GmbH', 'Marktpassage, EG, Gartenweg 106, 20457 Hamburg', '19.03.2022', '16:54', '662348', '135,12', 'Bar', '21,57', '19%']]);
  const lines = taught(till(1), ['description', 'qty', 'total'], [
    ['Brötchen', '4', '44,84'], ['Spülmittel Classic', '1', '3,94'], ['Käse Gouda Extra', '1', '3,22'],
    ['Kaffee gemahlen XXL', '1', '1,05'], ['Eier 10 St. Light', '1', '12,59'], ['Tomaten Extra', '6', '69,48'],
  ]);
  const merged = mergeLayouts(fields, lines, till(1), S);

  it('an anchor the page prints as a word the recognizer doubted counts neither for nor against the layout', () => {
    // Five of the letterhead's anchors garbled past a slip: they are not known, and the rest match.
    expect(layoutScore(fields.anchors, memoryPage(till(3), S), S)).toBeGreaterThanOrEqual(S.memory.layoutMatch);
    // Another layout's scan stays far below the bar.
    expect(layoutScore(fields.anchors, memoryPage(payslip(3), S), S)).toBeLessThan(S.memory.layoutMatch / 2);
  });

  it('the register number tells the sender where OCR garbled its name, and a value the person set is no anchor', () => {
    expect(fields.sender.registers).toEqual(['HRB296513']);
    expect(isSameSender(fields.sender, memoryPage(till(3), S), S)).toBe(true);
    expect(isSameSender({ ...fields.sender, registers: ['HRB418207'] }, memoryPage(till(3), S), S)).toBe(false);
    // The items' second lines (`Classic`, `Extra`) are the descriptions the person set: merged, they are no anchors.
    expect(fields.anchors.map((a) => a.t)).toContain('classic');
    expect(merged.anchors.map((a) => a.t)).not.toContain('classic');
    expect(merged.anchors.map((a) => a.t)).not.toContain('extra');
    expect(layoutScore(merged.anchors, memoryPage(till(3), S), S)).toBeGreaterThan(layoutScore(fields.anchors, memoryPage(till(3), S), S));
  });

  it('a value found by its place alone on a scan moves as the labels found around it moved (the payment under a misread total label)', () => {
    const memories = [{ id: 'm', model: merged }];
    // The memory reads this page (its sender and layout told as above), not the general rules alone.
    expect(memoryPage(till(3), S).ocr && isSameSender(merged.sender, memoryPage(till(3), S), S)).toBe(true);
    expect(valuesOf(till(3), names, memories)).toMatchObject({ grand_total: '129,59', payment_method: 'Bar', tax: '20,69', receipt_number: '494233' });
  });
});

describe('layout memory: a sender without ids on a scan whose letterhead OCR garbled', () => {
  const names = ['Employer Name', 'Employer Address', 'Employee Name', 'Employee Address', 'Pay Period', 'Pay Date', 'Gross Pay', 'Total Deductions', 'Net Pay'];
  const model = taught(payslip(1), names, [['Colombo S.r.l.', 'Piazza della Libertà 109 50122 Firenze', 'Niccolò Bianchi', 'Piazza della Libertà 149 50122 Firenze', 'Novembre 2022', '28.11.22', '13.346,86', '3.670,39', '9.676,47']]);

  it('a letterhead word the page misread stands as a word the recognizer doubted: the page is the sender\'s, its values read as learned', () => {
    expect(model.sender.taxIds.length + model.sender.ibans.length).toBe(0);
    const cold = valuesOf(payslip(3), names);
    expect([cold?.['Pay Period'], cold?.['Gross Pay']]).not.toEqual(['Giugno 2024', '3.040,38']);
    expect(valuesOf(payslip(3), names, [{ id: 'm', model }])).toMatchObject({ 'Pay Period': 'Giugno 2024', 'Pay Date': '28.06.24', 'Gross Pay': '3.040,38', 'Total Deductions': '586,79', 'Net Pay': '2.453,59' });
  });
});
