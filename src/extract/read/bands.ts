import type { EngineSettings } from '../settings.js';
import { half } from '../units.js';
import { cropRows, rowInk, type GreyRaster } from './grey-raster.js';
import { otsuThreshold } from './page-geometry.js';
import type { OcrWord, PageLayout, TesseractPool } from './tesseract-pool.js';

export interface RowRange {
  /** First row. */
  y0: number;
  /** One past the last row. */
  y1: number;
}

/** Runs of rows holding ink (more than `noise` ink pixels): text lines, or several touching ones. */
export function inkRuns(ink: ArrayLike<number>, noise: number): RowRange[] {
  const runs: RowRange[] = [];
  let start = -1;
  for (let y = 0; y <= ink.length; y++) {
    const inked = y < ink.length && ink[y] > noise;
    if (inked && start < 0) start = y;
    if (!inked && start >= 0) {
      runs.push({ y0: start, y1: y });
      start = -1;
    }
  }
  return runs;
}

/**
 * Splits the rows of a page into at most `count` bands holding about equal
 * ink (recognition time follows the amount of text). Cuts fall only in the
 * blank gaps between ink runs, on the emptiest row of the gap, so no text
 * line is ever cut; a page without such a gap stays one band.
 */
export function splitIntoBands(ink: ArrayLike<number>, count: number, noise: number): RowRange[] {
  const runs = inkRuns(ink, noise);
  if (count <= 1 || runs.length <= 1) return [{ y0: 0, y1: ink.length }];
  // Ink up to the end of each run; gap g lies between runs g and g + 1.
  const upTo: number[] = [];
  let total = 0;
  for (const r of runs) {
    for (let y = r.y0; y < r.y1; y++) total += ink[y];
    upTo.push(total);
  }
  const cuts: number[] = [];
  let nextGap = 0;
  for (let k = 1; k < count && nextGap < runs.length - 1; k++) {
    const target = (total * k) / count;
    let best = nextGap;
    for (let g = nextGap; g < runs.length - 1; g++) if (Math.abs(upTo[g] - target) < Math.abs(upTo[best] - target)) best = g;
    cuts.push(emptiestRow(ink, runs[best].y1, runs[best + 1].y0));
    nextGap = best + 1;
  }
  const edges = [0, ...cuts, ink.length];
  return edges.slice(1).map((y1, i) => ({ y0: edges[i], y1 }));
}

/** The row with the least ink in [y0, y1), the middle one among equals. */
function emptiestRow(ink: ArrayLike<number>, y0: number, y1: number): number {
  const least = Math.min(...Array.from({ length: y1 - y0 }, (_, i) => ink[y0 + i]));
  const rows = Array.from({ length: y1 - y0 }, (_, i) => y0 + i).filter((y) => ink[y] === least);
  return rows[Math.floor(half(rows.length - 1))];
}

/** Ink per row of a page, and the ink count below which a row is blank (scan grain leaves a few dark pixels in blank rows). */
export interface PageInk {
  ink: Uint32Array;
  noise: number;
}

export function pageInk(page: GreyRaster, settings: EngineSettings): PageInk {
  const { maxInkGrey, noiseMinPx, noiseWidthShare } = settings.read.ink;
  return { ink: rowInk(page, Math.min(otsuThreshold(page.data), maxInkGrey)), noise: Math.max(noiseMinPx, Math.round(page.width * noiseWidthShare)) };
}

/**
 * Recognizes rows `rows` of a page (all of it by default) in horizontal
 * bands, one per pool worker, concurrently, with tesseract model `model`,
 * and returns the words in page coordinates. A one-worker pool reads the
 * rows whole. Each band is padded with white rows (settings.read.ink.bandPadPx):
 * tesseract misreads text that touches the image edge.
 */
export async function recognizeInBands(
  pool: TesseractPool,
  page: GreyRaster,
  dpi: number,
  settings: EngineSettings,
  model = 'eng',
  rows: RowRange = { y0: 0, y1: page.height },
  { ink, noise }: PageInk = pageInk(page, settings),
  layout: PageLayout = 'block',
): Promise<OcrWord[]> {
  const pad = settings.read.ink.bandPadPx;
  const bands = splitIntoBands(ink.subarray(rows.y0, rows.y1), pool.size, noise).map((b) => ({ y0: b.y0 + rows.y0, y1: b.y1 + rows.y0 }));
  const parts = await Promise.all(bands.map((b) => pool.recognize(cropRows(page, b.y0, b.y1, pad), dpi, model, layout)));
  return parts.flatMap((words, i) => offsetWords(words, bands[i].y0 - pad));
}

/** Moves words of a band image into page coordinates. */
export function offsetWords(words: OcrWord[], dy: number): OcrWord[] {
  return words.map((w) => ({ ...w, y0: w.y0 + dy, y1: w.y1 + dy }));
}
