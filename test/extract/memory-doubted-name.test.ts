import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PageContent } from '../../src/extract/layout/index.js';
import { learnLayout, memoryOfPage } from '../../src/extract/memory/index.js';
import { memoryPage } from '../../src/extract/memory/page.js';
import { isSameSender, senderMarks } from '../../src/extract/memory/sender.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

/**
 * The sender's name learned from a scan (src/extract/memory/sender.ts, letterheadName): the words tesseract read on
 * scans of the business generator's series (tuning split, fresh series seeds from 5000), saved as they came. A packing
 * list of Lewandowski S.A.: on the page corrected, the recipient's name under "Odbiorca towaru" was read `ana` at
 * confidence 0.11, its box grown by the noise to the tallest line near the top, and taken for the sender's name; no other
 * page prints `ana`, so none of the sender's later pages was its.
 */

const fixture = (name: string): PageContent => JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), 'utf8')) as PageContent;
const S = DEFAULT_SETTINGS;
const page = (name: string) => memoryPage(fixture(name), S);

describe('layout memory: a sender name read from a scan', () => {
  const taught = page('packing-list-scan/lewandowski-1');

  it('is not a line of words the recognizer doubted', () => {
    expect(senderMarks(taught.lines, S).name).toBe('Lewandowski S.A.');
  });

  it('tells the sender\'s next scan as its own, and another sender\'s scan still not', () => {
    const marks = senderMarks(taught.lines, S);
    expect(isSameSender(marks, page('packing-list-scan/lewandowski-2'), S)).toBe(true);
    expect(isSameSender(marks, page('payslip-scan/esposito-1'), S)).toBe(false);
    expect(isSameSender(marks, page('receipt-scan/brueckner-1'), S)).toBe(false);
  });

  it('so the memory learned from the corrected page reads the next page', () => {
    const model = learnLayout(fixture('packing-list-scan/lewandowski-1'), { fields: ['Order number', 'Ship date'], rows: [{ 'Order number': '2024-DOC-3833', 'Ship date': '05-09-24' }] }, S);
    expect(model).not.toBeNull();
    expect(memoryOfPage(fixture('packing-list-scan/lewandowski-2'), [{ id: 'm', model: model! }], S)).toBe('m');
  });
});
