import { describe, expect, it } from 'vitest';
import { ReadingBudget } from '../../src/extract/read/reading-budget.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

const limits = DEFAULT_SETTINGS.read.budget;

describe('reading budget', () => {
  it('allows two whole readings of a page and no third', () => {
    const budget = new ReadingBudget(limits, () => 0);
    expect(limits.fullReadings).toBe(2);
    expect(budget.left()).toBe(2);
    budget.spend(1);
    expect(budget.affords(1)).toBe(true);
    expect(budget.affords(2)).toBe(false);
    budget.spend(1);
    expect(budget.left()).toBe(0);
    expect(budget.affords(1)).toBe(false);
  });

  it('starts no optional reading once the page has taken its time', () => {
    let now = 5_000;
    const budget = new ReadingBudget(limits, () => now);
    expect(budget.affords(1)).toBe(true);
    now += limits.optionalUntilMs;
    expect(budget.affords(1)).toBe(false);
    // The readings left are still there for the page's own first reading.
    expect(budget.left()).toBe(2);
  });
});
