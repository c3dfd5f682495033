/**
 * Day-month or month-day: a numeric date such as 03/05/2024 reads either way,
 * so the document decides. One of its dates with a first part over 12
 * (25/03/2024) fixes day-first for all of them, one with a second part over 12
 * (03/25/2024) month-first; the majority wins when both occur (a misread).
 * Without such a date, the document's convention decides: month-first only for
 * documents that say so (US English), day-first everywhere else.
 */

import { MAX_DAYS_IN_MONTH, MONTHS_IN_YEAR } from '../units.js';

export type DateOrder = 'day_first' | 'month_first';

const isMonth = (n: number) => n >= 1 && n <= MONTHS_IN_YEAR;
/** A number that can be a day and no month. */
const isDayOnly = (n: number) => n > MONTHS_IN_YEAR && n <= MAX_DAYS_IN_MONTH;

const NUMERIC_DATE = /(?<![\d.,/-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\d.,]\d)/g;

/** The order of the numeric dates in `texts`, or `fallback` when none of them tells. */
export function dateOrderOf(texts: string[], fallback: DateOrder): DateOrder {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const t of texts) {
    for (const [, first, , second] of t.matchAll(NUMERIC_DATE)) {
      const a = Number(first);
      const b = Number(second);
      if (isDayOnly(a) && isMonth(b)) dayFirst++;
      else if (isDayOnly(b) && isMonth(a)) monthFirst++;
    }
  }
  if (dayFirst === monthFirst) return fallback;
  return dayFirst > monthFirst ? 'day_first' : 'month_first';
}
