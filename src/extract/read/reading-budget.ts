/**
 * How often a page may be read whole (issue 28: never more than twice). The
 * readings that settle a doubt (the page upside down or turned the other way,
 * a photo's surface cleaned away) are made only while the budget has one
 * left: on the German receipt scans they had made a page cost four whole
 * readings, one of them a sideways pass of 101 s. The samples that decide a
 * page's direction (a few text lines) and the top third read to tell its
 * language are no whole readings. `high` adds its two coarser readings
 * (ocr-page.ts, addCoarseReadings) by design, outside the budget.
 * The whole readings a page may cost and the time after which no optional
 * reading starts are settings.read.budget.
 */
import type { EngineSettings } from '../settings.js';

export class ReadingBudget {
  private spent = 0;
  private readonly started: number;

  constructor(
    private readonly limits: EngineSettings['read']['budget'],
    private readonly now: () => number = () => performance.now(),
  ) {
    this.started = now();
  }

  /** Whole readings left. */
  left(): number {
    return Math.max(0, this.limits.fullReadings - this.spent);
  }

  /** Whether an optional reading of `readings` whole readings may start. */
  affords(readings: number): boolean {
    return this.left() >= readings && this.now() - this.started < this.limits.optionalUntilMs;
  }

  spend(readings: number): void {
    this.spent += readings;
  }
}
