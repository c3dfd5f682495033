import { describe, expect, it } from 'vitest';
import { findCandidates, snapToRegion } from '../../src/extract/openai/locate.js';
import { DEFAULT_SETTINGS, withSettings } from '../../src/extract/settings.js';
import type { Word } from '../../src/extract/types.js';

/**
 * The model engine's thresholds are settings too (src/extract/settings.ts,
 * group `model`), passed in: a changed one changes where a value the model
 * returned is found on the page.
 */

const words = (...texts: string[]): Word[] => texts.map((text, i) => ({ text, box: { x1: i / 10, y1: 0.5, x2: i / 10 + 0.08, y2: 0.52 } }));

describe('model engine settings', () => {
  it('matches a number by its value over at most settings.model.numberWords words', () => {
    // "1 234 567 890,50" printed as four words: beyond three words it is found only as folded text, by four as the number.
    const page = words('Total', '1', '234', '567', '890,50');
    const found = (settings: typeof DEFAULT_SETTINGS) => findCandidates('1234567890.50', page, settings).map((c) => [c.kind, c.start, c.size]);
    expect(DEFAULT_SETTINGS.model.numberWords).toBe(3);
    expect(found(DEFAULT_SETTINGS)).toEqual([['folded', 1, 4]]);
    expect(found(withSettings({ model: { numberWords: 4 } }))).toEqual([['number', 1, 4]]);
  });

  it('snaps a box to a picture overlapping it by settings.model.minRegionOverlap', () => {
    const picture = { x1: 0, y1: 0, x2: 0.4, y2: 0.4 };
    const box = { x1: 0.3, y1: 0.3, x2: 0.5, y2: 0.5 }; // overlap 0.01 of a union of 0.19: about 0.05
    expect(snapToRegion(box, [picture], DEFAULT_SETTINGS)).toBeNull();
    expect(snapToRegion(box, [picture], withSettings({ model: { minRegionOverlap: 0.05 } }))).toEqual(picture);
  });
});
