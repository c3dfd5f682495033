/**
 * A time of day as printed on receipts and in figures: hours 0–23, a colon, minutes, and optionally a colon and
 * seconds ("9:05", "14:54:03"). One pattern for the rules that take a time (the receipt's date and time,
 * layout/fields/receipt-timestamp.ts) and for the reader that judges a figure's colon (read/second-reading.ts).
 */

/** Minutes or seconds after a colon. */
export const MINUTES_PATTERN = '[0-5]\\d';

/** The pattern, unanchored, for patterns that hold a time among other marks. */
export const TIME_OF_DAY_PATTERN = `(?:[01]?\\d|2[0-3]):${MINUTES_PATTERN}(?::${MINUTES_PATTERN})?`;

/** A word that is a time of day and nothing else. */
export const TIME_OF_DAY = new RegExp(`^${TIME_OF_DAY_PATTERN}$`);
