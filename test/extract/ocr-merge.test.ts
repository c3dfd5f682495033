import { describe, expect, it } from 'vitest';
import { mergeReadings, scaleWords } from '../../src/extract/ocr/merge-readings.js';
import type { OcrWord } from '../../src/extract/ocr/tesseract-pool.js';

const w = (text: string, confidence: number, x0: number, y0: number, x1: number, y1: number): OcrWord => ({ text, confidence, x0, y0, x1, y1 });

describe('merging two readings of a page (quality high)', () => {
  it('takes each word from the reading that is surer of it, keeping its box', () => {
    const fine = [w('Total', 90, 10, 10, 60, 30), w('48.00', 60, 200, 10, 260, 30)];
    const coarse = [w('Tota1', 70, 11, 9, 61, 31), w('48.08', 40, 199, 11, 259, 29)];
    expect(mergeReadings(fine, coarse)).toEqual(fine);
    const sharper = [w('Tota1', 70, 11, 9, 61, 31), w('48.00', 95, 199, 11, 259, 29)];
    expect(mergeReadings(fine, sharper)).toEqual([w('Total', 90, 10, 10, 60, 30), w('48.00', 95, 199, 11, 259, 29)]);
  });

  it('compares a word one reading split with the pieces of the other as one group', () => {
    const joined = [w('39.75', 60, 100, 50, 180, 70)];
    const split = [w('3', 85, 100, 50, 112, 70), w('9.75', 90, 130, 50, 180, 70)];
    expect(mergeReadings(joined, split).map((x) => x.text)).toEqual(['3', '9.75']);
    expect(mergeReadings(split, [w('39.75', 95, 100, 50, 180, 70)]).map((x) => x.text)).toEqual(['39.75']);
  });

  it('fills in confident words only one reading saw, and drops unsure ones', () => {
    const fine = [w('Qty', 92, 300, 10, 340, 30)];
    const coarse = [w('Qty', 88, 300, 10, 340, 30), w('12', 75, 300, 50, 320, 70), w('~', 20, 500, 90, 505, 95)];
    expect(mergeReadings(fine, coarse)).toEqual([w('Qty', 92, 300, 10, 340, 30), w('12', 75, 300, 50, 320, 70)]);
  });

  it('does not pair words on neighbouring lines, and keeps reading order', () => {
    const fine = [w('Coffee', 80, 10, 10, 80, 30), w('Milk', 80, 10, 60, 60, 80)];
    const coarse = [w('Coffee', 70, 10, 10, 80, 30), w('Tea', 85, 10, 26, 60, 46), w('Milk', 75, 10, 60, 60, 80)];
    expect(mergeReadings(fine, coarse).map((x) => x.text)).toEqual(['Coffee', 'Tea', 'Milk']);
  });

  it('scales a coarse reading into the fine frame', () => {
    expect(scaleWords([w('7', 50, 10, 20, 30, 40)], 1.5, 2)).toEqual([w('7', 50, 15, 40, 45, 80)]);
  });
});
