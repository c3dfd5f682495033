/**
 * A small document on a large scan (a receipt laid on an A4 flatbed at 300
 * dpi) cut down to its content before anything reads it. Left whole, the
 * scanner lid, the cardboard under the receipt and the blank sheet around it
 * are read as a page: every row holds some of their ink, so the page is read
 * as one band on one core and the language is told from no head part
 * (language-reading.ts), and tesseract reads the surface as lines of garbage.
 * On the German receipt scans (2552×3508) that made a page cost 4 readings
 * of the whole sheet.
 *
 * Content is ink that is small and dark against the light around it: a
 * morphological closing (largest, then smallest value in a square a little
 * larger than a text line) fills every stroke, and what it fills is ink. The
 * edge of the cardboard or of the lid is a step from dark to light, which a
 * closing leaves as it is, so it is no ink; the thin shadow line the lid
 * casts along a sheet's edge is, and long thin runs are dropped as lines.
 * Every size and share is settings.read.crop, with its reason.
 */
import type { EngineSettings } from '../settings.js';
import type { Box } from '../types.js';
import { half, windowSide } from '../units.js';
import { greyPercentile, type GreyRaster } from './grey-raster.js';

/** The part of a page to read: a box in fractions of the page, and which of its cells hold content. */
export interface ContentCrop {
  /** Fractions of the page's width and height. */
  box: Box;
  /** Cells of the page's grid (`columns` × `rows`) near content, 1 for kept; the rest of the box is painted `paper`. */
  keep: Uint8Array;
  /**
   * The paper's grey. Painted white instead, the cells left out stood out
   * from the grey paper of a scan as patches, and tesseract's threshold fell
   * between the two: bands of a receipt read as nothing.
   */
  paper: number;
  columns: number;
  rows: number;
}

/**
 * Where the content of `page` lies, or undefined when no surface shows
 * around the paper, the content fills most of the page (any ordinary page)
 * or none is found: the page is then read whole.
 */
export function findContentCrop(page: GreyRaster, settings: EngineSettings): ContentCrop | undefined {
  const s = settings.read.crop;
  const cell = Math.max(s.minCellPx, Math.round(Math.max(page.width, page.height) / s.gridLongSide));
  const columns = Math.floor(page.width / cell);
  const rows = Math.floor(page.height / cell);
  if (columns < s.minGridCloses * s.closeSide || rows < s.minGridCloses * s.closeSide) return undefined;
  const grey = cellMeans(page, cell, columns, rows);
  const closed = minFilter(maxFilter(grey, columns, rows, s.closeSide), columns, rows, s.closeSide);
  // Ink, and strong ink (print, where texture is faint): at least strongInkFactor times inkContrast darker.
  const ink = new Uint8Array(columns * rows);
  const strong = new Uint8Array(columns * rows);
  for (let i = 0; i < ink.length; i++) {
    if (closed[i] - grey[i] < s.inkContrast) continue;
    ink[i] = 1;
    if (closed[i] - grey[i] >= s.strongInkFactor * s.inkContrast) strong[i] = 1;
  }
  const paper = greyPercentile(closed, settings.read.ink.paperPercentile);
  const surface = surroundingSurface(closed, strong, paper, columns, rows, s);
  if (surface.reduce((n, v) => n + v, 0) < s.minSurfaceShare * surface.length) return undefined;
  for (let i = 0; i < ink.length; i++) if (surface[i]) ink[i] = 0;
  const content = withoutLinesAndGrain(ink, columns, rows, s);
  const near = maxFilter(content, columns, rows, windowSide(s.margin));
  for (let i = 0; i < near.length; i++) if (surface[i]) near[i] = 0;
  const keep = withoutSmallGroups(near, content, columns, s.minGroupShare);
  let x1 = columns;
  let y1 = rows;
  let x2 = 0;
  let y2 = 0;
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < columns; x++) {
      if (!keep[y * columns + x]) continue;
      x1 = Math.min(x1, x);
      y1 = Math.min(y1, y);
      x2 = Math.max(x2, x + 1);
      y2 = Math.max(y2, y + 1);
    }
  }
  if (x2 <= x1 || (x2 - x1) * (y2 - y1) > s.maxCroppedShare * columns * rows) return undefined;
  return { box: { x1: x1 / columns, y1: y1 / rows, x2: x2 / columns, y2: y2 / rows }, keep, columns, rows, paper };
}

/**
 * The crop's part of `page`, which may be the page at another scale than
 * the one the crop was found on: pixels outside the cells kept are paper.
 */
export function applyContentCrop(page: GreyRaster, crop: ContentCrop): GreyRaster {
  const x0 = Math.floor(crop.box.x1 * page.width);
  const y0 = Math.floor(crop.box.y1 * page.height);
  const width = Math.max(1, Math.ceil(crop.box.x2 * page.width) - x0);
  const height = Math.max(1, Math.ceil(crop.box.y2 * page.height) - y0);
  const data = new Uint8Array(width * height);
  const sx = crop.columns / page.width;
  const sy = crop.rows / page.height;
  for (let y = 0; y < height; y++) {
    const keepRow = Math.min(crop.rows - 1, Math.floor((y + y0) * sy)) * crop.columns;
    const from = (y + y0) * page.width + x0;
    for (let x = 0; x < width; x++) data[y * width + x] = crop.keep[keepRow + Math.min(crop.columns - 1, Math.floor((x + x0) * sx))] ? page.data[from + x] : crop.paper;
  }
  return { width, height, data };
}

/** A box in fractions of the crop as a box in fractions of the page. */
export function pageBoxOfCrop(crop: ContentCrop, b: Box): Box {
  const { x1, y1, x2, y2 } = crop.box;
  const w = x2 - x1;
  const h = y2 - y1;
  return { x1: x1 + b.x1 * w, y1: y1 + b.y1 * h, x2: x1 + b.x2 * w, y2: y1 + b.y2 * h };
}

/** Mean grey of each cell×cell cell. */
export function cellMeans(r: GreyRaster, cell: number, columns: number, rows: number): Uint8Array {
  const sums = new Uint32Array(columns * rows);
  for (let y = 0; y < rows * cell; y++) {
    const row = y * r.width;
    const cellRow = Math.floor(y / cell) * columns;
    for (let x = 0; x < columns * cell; x++) sums[cellRow + Math.floor(x / cell)] += r.data[row + x];
  }
  const out = new Uint8Array(columns * rows);
  for (let i = 0; i < out.length; i++) out[i] = Math.round(sums[i] / (cell * cell));
  return out;
}

/**
 * Cells of the surface the document lies on (cardboard, the lid): the light
 * around them (the closing) well below the paper's, reached from the scan's
 * edge without crossing paper, and bare of ink. A logo's solid letters or a
 * barcode are as dark but lie inside the paper; the dim lower half of a
 * receipt photographed in poor light reaches the edge too, but is full of
 * print.
 */
function surroundingSurface(closed: Uint8Array, strong: Uint8Array, paper: number, columns: number, rows: number, s: EngineSettings['read']['crop']): Uint8Array {
  const dark = closed.map((v) => (v < paper - s.surfaceDrop ? 1 : 0));
  const inner = minFilter(dark, columns, rows, windowSide(s.surfaceRim));
  const surface = new Uint8Array(dark.length);
  for (const cells of pieces(dark, columns)) {
    const onEdge = cells.some((i) => i < columns || i >= (rows - 1) * columns || i % columns === 0 || i % columns === columns - 1);
    let inside = 0;
    let inked = 0;
    for (const i of cells) {
      inside += inner[i];
      if (inner[i] && strong[i]) inked++;
    }
    if (onEdge && inked <= s.surfaceMaxInk * inside) for (const i of cells) surface[i] = 1;
  }
  return surface;
}

/** A square `side`×`side` maximum (or minimum), edges clamped: one pass along rows, one along columns. */
function rankFilter(values: Uint8Array, columns: number, rows: number, side: number, most: boolean): Uint8Array {
  const reach = Math.floor(half(side));
  return rankPass(rankPass(values, rows, columns, 1, columns, reach, most), columns, rows, columns, 1, reach, most);
}

/** The maximum (or minimum) within `half` cells along each of `lines` lines of `length` cells (`step` apart; lines `stride` apart). */
function rankPass(values: Uint8Array, lines: number, length: number, step: number, stride: number, half: number, most: boolean): Uint8Array {
  const out = new Uint8Array(values.length);
  for (let l = 0; l < lines; l++) {
    const base = l * stride;
    for (let i = 0; i < length; i++) {
      let v = values[base + i * step];
      for (let k = Math.max(0, i - half); k <= Math.min(length - 1, i + half); k++) {
        const o = values[base + k * step];
        if (most ? o > v : o < v) v = o;
      }
      out[base + i * step] = v;
    }
  }
  return out;
}

export const maxFilter = (v: Uint8Array, columns: number, rows: number, side: number) => rankFilter(v, columns, rows, side, true);
export const minFilter = (v: Uint8Array, columns: number, rows: number, side: number) => rankFilter(v, columns, rows, side, false);

/** The 4-connected pieces of a mask, each as its cells' indices. */
export function pieces(mask: Uint8Array, columns: number): number[][] {
  const seen = new Uint8Array(mask.length);
  const out: number[][] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    const cells = [start];
    seen[start] = 1;
    for (let n = 0; n < cells.length; n++) {
      const i = cells[n];
      const x = i % columns;
      for (const j of [x > 0 ? i - 1 : -1, x < columns - 1 ? i + 1 : -1, i - columns, i + columns]) {
        if (j >= 0 && j < mask.length && mask[j] && !seen[j]) {
          seen[j] = 1;
          cells.push(j);
        }
      }
    }
    out.push(cells);
  }
  return out;
}

/** The ink without grain, long thin lines and what touches the scan's edge. */
function withoutLinesAndGrain(ink: Uint8Array, columns: number, rows: number, s: EngineSettings['read']['crop']): Uint8Array {
  const out = new Uint8Array(ink.length);
  for (const cells of pieces(ink, columns)) {
    if (cells.length < s.minPiece) continue;
    let [x1, y1, x2, y2] = [columns, Infinity, 0, 0];
    for (const i of cells) {
      const x = i % columns;
      const y = Math.floor(i / columns);
      [x1, y1, x2, y2] = [Math.min(x1, x), Math.min(y1, y), Math.max(x2, x), Math.max(y2, y)];
    }
    const w = x2 - x1 + 1;
    const h = y2 - y1 + 1;
    // The scan's own edge: ink that runs off the scanned area is its border or the lid, never the document within it.
    if (x1 === 0 || y1 === 0 || x2 === columns - 1 || y2 === rows - 1) continue;
    if (Math.min(w, h) <= s.lineThickness && Math.max(w, h) >= s.lineElongation * Math.min(w, h)) continue;
    for (const i of cells) out[i] = 1;
  }
  return out;
}

/** The kept cells near content, less the groups holding under `minShare` of the content's cells. */
function withoutSmallGroups(near: Uint8Array, content: Uint8Array, columns: number, minShare: number): Uint8Array {
  const groups = pieces(near, columns).map((cells) => ({ cells, ink: cells.reduce((n, i) => n + content[i], 0) }));
  const total = groups.reduce((n, g) => n + g.ink, 0);
  const keep = new Uint8Array(near.length);
  for (const g of groups) if (g.ink >= minShare * total) for (const i of g.cells) keep[i] = 1;
  return keep;
}
