import type { EngineSettings } from '../settings.js';
import { WHITE } from '../units.js';
import { otsuThreshold } from './page-geometry.js';

/**
 * Paints ruling lines white in a greyscale raster. Tesseract's page layout
 * analysis takes a boxed table for a picture and reads nothing inside it;
 * with the grid erased the cells read as ordinary text. A run of dark pixels
 * is a line when it is far longer than glyph strokes are on this page (the
 * 90th percentile of run lengths, since rules are few and strokes many;
 * settings.read.eraseLines).
 */
export function eraseRulingLines(grey: Uint8Array, width: number, height: number, settings: EngineSettings): void {
  const s = settings.read.eraseLines;
  const threshold = Math.min(otsuThreshold(grey), settings.read.ink.maxInkGrey);
  const marks = new Uint8Array(width * height);
  const hRuns = runs(grey, threshold, height, width, width, 1, s);
  const vRuns = runs(grey, threshold, width, height, 1, width, s);
  const minH = Math.max(s.minRunPx, Math.round(width * s.rowWidthShare), s.rowStrokes * percentile(hRuns, s.strokePercentile));
  const minV = Math.max(s.minRunPx, Math.round(height * s.columnHeightShare), s.columnStrokes * percentile(vRuns, s.strokePercentile));
  markRowRuns(grey, threshold, width, height, minH, s.maxBreakPx, marks);
  markColumnRuns(grey, threshold, width, height, minV, s.maxBreakPx, marks);
  // Anti-aliased edges of a line are lighter than the threshold; widen the erasure by a pixel. Marks lie in runs
  // along each row (a rule's rows, a column rule's few pixels per row): each run is widened as a whole, found
  // by native indexOf, which skips the unmarked pixels far faster than a loop that tests each.
  for (let i = marks.indexOf(1); i >= 0; i = marks.indexOf(1, i)) {
    const y = Math.floor(i / width);
    const rowEnd = (y + 1) * width;
    const stop = marks.indexOf(0, i);
    const end = stop < 0 || stop > rowEnd ? rowEnd : stop;
    // The run [i, end) widened by a pixel each side, within the row.
    const x0 = Math.max(0, i - y * width - 1);
    const x1 = Math.min(width - 1, end - y * width);
    for (let yy = Math.max(0, y - 1); yy <= Math.min(height - 1, y + 1); yy++) {
      for (let k = yy * width + x0, last = yy * width + x1; k <= last; k++) if (grey[k] < s.edgeGrey) grey[k] = WHITE;
    }
    i = end;
  }
}

/**
 * Lengths of dark runs (at least minStrokePx) along `lines` lines of `length` pixels, line
 * `o` starting at pixel `o * lineStep` and walking `pixelStep` at a time; a
 * sample of about sampleLines lines is enough for the percentile.
 */
function runs(grey: Uint8Array, threshold: number, lines: number, length: number, lineStep: number, pixelStep: number, s: EngineSettings['read']['eraseLines']): number[] {
  const out: number[] = [];
  for (let o = 0; o < lines; o += Math.max(1, Math.floor(lines / s.sampleLines))) {
    let run = 0;
    for (let k = 0, i = o * lineStep; k <= length; k++, i += pixelStep) {
      if (k < length && grey[i] <= threshold) run++;
      else {
        if (run >= s.minStrokePx) out.push(run);
        run = 0;
      }
    }
  }
  return out;
}

function percentile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

/** Marks horizontal runs at least `minRun` long, bridging breaks of up to `maxBreak` pixels (scanning noise). */
function markRowRuns(grey: Uint8Array, threshold: number, width: number, height: number, minRun: number, maxBreak: number, marks: Uint8Array): void {
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let start = -1;
    let gap = 0;
    for (let x = 0; x <= width; x++) {
      if (x < width && grey[row + x] <= threshold) {
        if (start < 0) start = x;
        gap = 0;
      } else if (start >= 0 && (++gap > maxBreak || x === width)) {
        const end = x - gap;
        if (end - start + 1 >= minRun) marks.fill(1, row + start, row + end + 1);
        start = -1;
        gap = 0;
      }
    }
  }
}

/**
 * Marks vertical runs at least `minRun` long, like markRowRuns, but walking
 * the raster row by row with one state per column (column-wise walks through
 * a large raster are slow).
 */
function markColumnRuns(grey: Uint8Array, threshold: number, width: number, height: number, minRun: number, maxBreak: number, marks: Uint8Array): void {
  const start = new Int32Array(width).fill(-1);
  const gap = new Int32Array(width);
  const close = (x: number, y: number) => {
    const end = y - gap[x];
    if (end - start[x] + 1 >= minRun) for (let k = start[x]; k <= end; k++) marks[k * width + x] = 1;
    start[x] = -1;
    gap[x] = 0;
  };
  for (let y = 0; y <= height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (y < height && grey[row + x] <= threshold) {
        if (start[x] < 0) start[x] = y;
        gap[x] = 0;
      } else if (start[x] >= 0 && (++gap[x] > maxBreak || y === height)) {
        close(x, y);
      }
    }
  }
}
