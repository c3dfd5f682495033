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
