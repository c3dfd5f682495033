import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PageContent } from '../../src/extract/layout/index.js';
import { learnLayout } from '../../src/extract/memory/index.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';
import { readWithMemory } from './helpers/memory-pages.js';

/**
 * A receipt's letterhead on scans (src/extract/memory/learn.ts, apply.ts):
 * the words tesseract read on three scans of one till's receipts (the
 * business generator's, tuning split), saved as they came. The name is
 * printed large and centred over the address; OCR reads it `Brückner @mhH`
 * and `Brückner CmhH`, two slips in twelve letters, and the strip is as long
 * as its items, so the letterhead sits higher or lower on each page.
 */

const page = (n: number): PageContent => JSON.parse(readFileSync(new URL(`../fixtures/receipt-scan/brueckner-${n}.json`, import.meta.url), 'utf8')) as PageContent;

const NAMES = ['merchant_name', 'merchant_address', 'date', 'time', 'receipt_number', 'total_amount', 'payment_method', 'tax_amount', 'tax_rate'];
const FIRST = ['Brückner GmbH', 'Gartenweg 106\n20457\nHamburg', '19.03.2022', '16:54', '662348', '135,12', 'Bar', '21,57', '19%'];

const valuesOf = (content: PageContent, memories: Array<{ id: string; model: NonNullable<ReturnType<typeof learnLayout>> }>) => {
  const r = readWithMemory(content, NAMES.map((name) => ({ name, formatRequirement: '' })), memories);
  return r.ok ? Object.fromEntries(NAMES.map((n) => [n, (r.rows[0][n] as { value: string | null }).value])) : null;
};

describe('layout memory: a receipt letterhead read off scans', () => {
  const model = learnLayout(page(1), { fields: NAMES, rows: [Object.fromEntries(NAMES.map((n, i) => [n, FIRST[i]]))] }, DEFAULT_SETTINGS)!;
  const memories = [{ id: 'm', model }];

  it('the sender\'s name OCR read with two slips is learned at the letterhead and read as set on the next scans', () => {
    expect(model.fields.find((f) => f.name === 'merchant_name')?.fixed).toBe('Brückner GmbH');
    // `Brückner @mhH` is no name as the general rules take one; `Brückner CmhH` one slip past a value's.
    expect(valuesOf(page(2), memories)?.merchant_name).toBe('Brückner GmbH');
    expect(valuesOf(page(8), memories)?.merchant_name).toBe('Brückner GmbH');
  });

  it('the address centred under the name is learned over its three lines and read where the letterhead moved to', () => {
    expect(model.fields.find((f) => f.name === 'merchant_address')?.lines).toBe(3);
    expect(valuesOf(page(2), memories)?.merchant_address).toBe('Gartenweg 106\n20457\nHamburg');
    expect(valuesOf(page(8), memories)?.merchant_address).toBe('Gartenweg 106\n20457\nHamburg');
  });
});
