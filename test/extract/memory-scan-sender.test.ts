import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PageContent } from '../../src/extract/layout/index.js';
import { learnLayout } from '../../src/extract/memory/index.js';
import { layoutScore } from '../../src/extract/memory/layout-match.js';
import { memoryPage } from '../../src/extract/memory/page.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

/**
 * A sender's layout told on a scan whose fixed words OCR garbled (src/extract/memory/layout-match.ts): the words
 * tesseract read on two scans of one till's receipts (the business generator's series, tuning split), saved as they
 * came; on the second OCR read the letterhead `Brüns=== £202`, `Marktra==ume`, `Gartsu=.y`, `Mamlurg` (Brückner GmbH,
 * Marktpassage, Gartenweg, Hamburg), words it doubted. A payslip's scan (tuning split too) is another layout.
 */

const fixture = (name: string): PageContent => JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), 'utf8')) as PageContent;
const payslip = (n: number): PageContent => fixture(`payslip-scan/colombo-${n}`);
const till = (n: number): PageContent => fixture(`receipt-scan/brueckner-register-${n}`);

describe('layout memory: a layout on a scan whose fixed words OCR garbled', () => {
  const names = ['merchant_name', 'store_address', 'date', 'time', 'receipt_number', 'grand_total', 'payment_method', 'tax', 'tax_rate'];
  const first = ['Brückner GmbH', 'Marktpassage, EG, Gartenweg 106, 20457 Hamburg', '19.03.2022', '16:54', '662348', '135,12', 'Bar', '21,57', '19%'];
  const model = learnLayout(till(1), { fields: names, rows: [Object.fromEntries(names.map((n, i) => [n, first[i]]))] }, DEFAULT_SETTINGS)!;

  it('an anchor the page prints as a word the recognizer doubted counts neither for nor against the layout', () => {
    // Five of the letterhead's anchors garbled past a slip: they are not known, and the rest match.
    expect(layoutScore(model.anchors, memoryPage(till(3), DEFAULT_SETTINGS), DEFAULT_SETTINGS)).toBeGreaterThanOrEqual(DEFAULT_SETTINGS.memory.layoutMatch);
    // Another layout's scan stays far below the bar.
    expect(layoutScore(model.anchors, memoryPage(payslip(3), DEFAULT_SETTINGS), DEFAULT_SETTINGS)).toBeLessThan(DEFAULT_SETTINGS.memory.layoutMatch / 2);
  });
});
