import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import type { Word } from '../../src/extract/types.js';
import { typeset } from './helpers/words.js';
import { ask } from './helpers/requests.js';

/** The same invoice header as a text layer would give it, and as OCR read it with `sureness` on the number's word. */
function page(sureness?: number) {
  const words: Word[] = typeset([
    [100, [[60, 'Invoice No.'], [300, 'INV-2024-0042']]],
    [130, [[60, 'Invoice date'], [300, '12.03.2024']]],
  ]).map((w) => (sureness !== undefined ? { ...w, confidence: w.text === 'INV-2024-0042' ? sureness : 0.95 } : w));
  return { words, rules: [], pictures: [], aspect: 1 };
}

const confidenceOf = (sureness?: number) => {
  const r = extractFromContent(page(sureness), ask('invoice_number'));
  return r.ok ? (r.rows[0].invoice_number as { confidence?: number }).confidence ?? NaN : NaN;
};

describe('confidence carries the OCR reading', () => {
  it('keeps a cleanly read value as sure as a printed one and lowers one whose word the recognizer doubted', () => {
    const printed = confidenceOf();
    expect(printed).toBeGreaterThan(0.8);
    expect(confidenceOf(0.92)).toBe(printed);
    expect(confidenceOf(0.6)).toBeLessThan(printed * 0.6);
    expect(confidenceOf(0.3)).toBeLessThan(0.5);
  });
});
