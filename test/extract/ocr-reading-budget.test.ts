import { describe, expect, it } from 'vitest';
import { FULL_READINGS, OPTIONAL_READINGS_UNTIL_MS, ReadingBudget } from '../../src/extract/read/reading-budget.js';

describe('reading budget', () => {
  it('allows two whole readings of a page and no third', () => {
    const budget = new ReadingBudget(() => 0);
    expect(FULL_READINGS).toBe(2);
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
    const budget = new ReadingBudget(() => now);
    expect(budget.affords(1)).toBe(true);
    now += OPTIONAL_READINGS_UNTIL_MS;
    expect(budget.affords(1)).toBe(false);
    // The readings left are still there for the page's own first reading.
    expect(budget.left()).toBe(2);
  });
});
