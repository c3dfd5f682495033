/**
 * Units and fixed facts the engine computes with: not thresholds (those are
 * settings.ts), but what a grey level, a degree or a confidence percentage
 * is, the calendar and number-format facts format/ reads by, and the HTTP
 * and box facts of the model engine. No other file of src/extract but
 * settings.ts writes a number other than 0 and 1 (eslint.config.js, rule
 * `settingsNotLiterals`); these are named here.
 */

/** Levels of an 8-bit grey channel (0 black … 255 white): the length of a histogram of grey values. */
export const GREY_LEVELS = 256;

/** The white of an 8-bit grey channel. */
export const WHITE = GREY_LEVELS - 1;

/** Degrees in a quarter turn; a page's quarter turns are counted modulo QUARTER_TURNS. */
export const QUARTER_TURN_DEGREES = 90;
export const QUARTER_TURNS = 4;

/** Corners of a quadrilateral (a page seen at a slant). */
export const QUAD_CORNERS = 4;

/** Degrees in a half turn (a page read upside down). */
export const HALF_TURN_DEGREES = 2 * QUARTER_TURN_DEGREES;

export function toRadians(degrees: number): number {
  return (degrees * Math.PI) / HALF_TURN_DEGREES;
}

/** `n` quarter turns as one of 0, 1, 2, 3. */
export function quarterTurns(n: number): number {
  return ((n % QUARTER_TURNS) + QUARTER_TURNS) % QUARTER_TURNS;
}

/** Tesseract reports confidences in percent. */
export const PERCENT = 100;

/** Hundredths: confidences and skew angles are reported to two decimals. */
export function toHundredths(x: number): number {
  return Math.round(x * PERCENT) / PERCENT;
}

/** EXIF orientations 5 to 8 store the picture turned by a quarter: its width and height swap. */
export const EXIF_FIRST_SWAPPED = 5;

/** Luma of an RGB pixel (ITU-R BT.601 weights, as libvips and sharp use them). */
export function luma(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** Channel indices of an RGB pixel (a grey image has channel 0 only). */
export const GREEN = 1;
export const BLUE = 2;

/** Characters below the space are control characters, never text. */
export const FIRST_PRINTABLE = 0x20;
/** Entries a memo of verdicts on texts holds before it is emptied (format/ and tables/ memos: texts repeat within a page, rarely across documents). */
export const REMEMBERED_TEXTS = 10_000;

/** The first code point past ASCII. */
export const ASCII_END = 0x80;

/** Histograms one grey histogram is counted in, in turn, for speed (read/page-geometry.ts, otsuThreshold); their sum is the histogram. A power of two: a pixel's lane is its index masked. */
export const HISTOGRAM_LANES = 4;

/** Boxes are given to four decimals of the page (a tenth of a point on a Letter page): stable across runs, compact in JSON. */
export const BOX_PRECISION = 10_000;

/** Extent (page share) below which a box counts as a point: divisions by a box's width or height use at least this. */
export const MIN_EXTENT = 1e-6;

/** A price may be quoted per hundred units (screws, labels): quantity × price / PRICE_UNITS is the line's total. */
export const PRICE_UNITS = 100;

/** Keys made from a hash keep this many of its hex digits (64 bits): no two of an account's layouts share one. */
export const KEY_HEX_DIGITS = 16;

/** Amounts are written with cents: two decimals. */
export const CENT_DECIMALS = 2;

/** Half of a length. */
export function half(x: number): number {
  return x / 2;
}

/** The middle of a page's width or height, in page units (0 … 1). */
export const PAGE_MIDDLE = half(1);

/** The square of a number (a variance's terms). */
export function squared(x: number): number {
  return x * x;
}

/** The middle of two coordinates. */
export function middle(a: number, b: number): number {
  return (a + b) / 2;
}

/** Side of a square window reaching `radius` cells each way from its centre. */
export function windowSide(radius: number): number {
  return 2 * radius + 1;
}

/** The median of sorted values (the upper middle of an even count). */
export function medianOfSorted(sorted: ArrayLike<number>): number {
  return sorted[Math.floor(sorted.length / 2)];
}

/** Slack for sums of floating-point steps (a search from -5° to 5° in 0.5° steps must reach 5). */
export const FLOAT_SLACK = 1e-9;

/** PP-OCRv4's recognizer reads a crop scaled to this height in pixels (read/line-recognizer.ts): fixed by the trained model. */
export const PPOCR_LINE_HEIGHT = 48;

/** Calendar facts the date readers check a date by (format/). */
export const MONTHS_IN_YEAR = 12;
export const MAX_DAYS_IN_MONTH = 31;

/** A month's short name has three letters ("Mar", "Sep"): the `MMM` pattern renders them, and a shorter prefix names no month. */
export const MONTH_ABBREVIATION_LETTERS = 3;

/**
 * How a two-digit year ("24") is read: business documents are recent, so
 * years below TWO_DIGIT_YEAR_PIVOT are this century's (2024), the rest the
 * last one's (1985). A convention of reading, not a threshold tuned on
 * documents: core and the export read dates by it too.
 */
export const TWO_DIGIT_YEAR_PIVOT = 70;
export const YEARS_IN_CENTURY = 100;
export const THIS_CENTURY = 2000;

/** Years a printed date may carry: four digits, from 1000 to 2999 (a misread number is no date). */
export const FIRST_YEAR = 1000;
export const LAST_YEAR = 2999;

/** Digits are grouped in threes by a thousands separator (1.234.567, 1 234 567). */
export const THOUSANDS_GROUP = 3;

/** A percentage read as a fraction (12.5% → 0.125) has two more decimals. */
export const PERCENT_DECIMALS = 2;

/** The model engine gives and takes boxes in thousandths of the page (openai/prompt.ts, openai/answer.ts). */
export const THOUSANDTHS = 1000;

/** A box is four numbers: x1, y1, x2, y2. */
export const BOX_NUMBERS = 4;

/** Time: Retry-After is given in seconds, waits are kept in milliseconds. */
export const MS_PER_SECOND = 1000;
export const SECONDS_PER_MINUTE = 60;

/** HTTP statuses the model client tells apart (RFC 9110): success is 2xx, and 408, 429 and 5xx are worth a retry. */
export const HTTP_OK = 200;
export const HTTP_REDIRECT = 300;
export const HTTP_BAD_REQUEST = 400;
export const HTTP_REQUEST_TIMEOUT = 408;
export const HTTP_TOO_MANY_REQUESTS = 429;
export const HTTP_SERVER_ERROR = 500;

/**
 * DPI at which PDF pages are rasterized for storage, viewing and OCR: a fact of the page contract (src/ingest renders
 * at it, docs/ingest.md; types.ts re-exports it for the rest of src/), not a threshold of the engine.
 */
export const PAGE_RENDER_DPI = 200;

/** Sobel's weight of the row (or column) through the cell against its two neighbours'. */
const SOBEL_CENTRE = 2;
/** Sobel's weights over both sides of the cell: a ramp of one grey level a cell sums to this. */
const SOBEL_SUM = 8;

/** The 3×3 Sobel gradient's magnitude at a cell in grey levels a cell; `at(dx, dy)` is the value at that offset. */
export function sobelGradient(at: (dx: number, dy: number) => number): number {
  const gx = at(1, -1) + SOBEL_CENTRE * at(1, 0) + at(1, 1) - at(-1, -1) - SOBEL_CENTRE * at(-1, 0) - at(-1, 1);
  const gy = at(-1, 1) + SOBEL_CENTRE * at(0, 1) + at(1, 1) - at(-1, -1) - SOBEL_CENTRE * at(0, -1) - at(1, -1);
  return Math.hypot(gx, gy) / SOBEL_SUM;
}

/**
 * An IBAN's check (ISO 13616): its first IBAN_HEAD characters (country, check digits) moved to the end, each letter
 * read as a base-IBAN_RADIX digit (A = 10 … Z = 35), the number is 1 modulo IBAN_MODULUS.
 */
export const IBAN_HEAD = 4;
export const IBAN_RADIX = 36;
export const IBAN_MODULUS = 97;
export function ibanChecks(iban: string): boolean {
  let rest = 0;
  for (const c of iban.slice(IBAN_HEAD) + iban.slice(0, IBAN_HEAD)) {
    const n = Number.parseInt(c, IBAN_RADIX);
    if (Number.isNaN(n)) return false;
    rest = (rest * (n < 10 ? 10 : 100) + n) % IBAN_MODULUS;
  }
  return rest === 1;
}

/** A box's measures: length, width and height ("88 x 26 x 32"). */
export const BOX_MEASURES = 3;
