/**
 * The surface around the paper in a phone photo (a desk, a darker sheet
 * below) turned white. Left in, it spoils every later step: its rows count as
 * ink, so the page is read as one band and the upside-down probe reads the
 * frame instead of the first text lines; tesseract's own threshold takes it
 * for a black frame and reads a page of garbage (a receipt photo read at mean
 * confidence 26, upside down; cropped to the paper, 83 and upright).
 * Its sizes and levels are settings.read.background, each with its reason.
 */
import type { EngineSettings } from '../settings.js';
import { half, medianOfSorted, WHITE } from '../units.js';
import { greyPercentile, type GreyRaster } from './grey-raster.js';

/**
 * A copy of `r` with the dark surface around the paper painted white, or `r`
 * itself when no such frame surrounds the page. The surface is traced from
 * the image's dark edge cells, growing over neighbours that differ only a
 * little; the paper's bright edge stops it, so ink on the paper is never
 * reached. `edgeMargin` cells more are whitened all around, so no dark sliver at the
 * paper's edge is left to pass for a ruling line.
 */
export function whitenBackground(r: GreyRaster, settings: EngineSettings): GreyRaster {
  const s = settings.read.background;
  const cell = s.cell;
  const cw = Math.floor(r.width / cell);
  const ch = Math.floor(r.height / cell);
  if (cw < s.minCells || ch < s.minCells) return r;
  const cells = cellMeans(r, cw, ch, cell);
  const paper = percentile(cells, settings.read.ink.paperPercentile);
  const dark = paper - s.darkerThanPaper;
  const edge: number[] = [];
  for (let x = 0; x < cw; x++) edge.push(x, (ch - 1) * cw + x);
  for (let y = 1; y < ch - 1; y++) edge.push(y * cw, y * cw + cw - 1);
  const seeds = edge.filter((i) => cells[i] < dark);
  if (seeds.length < edge.length * s.frameShare) return r;
  // Only cells close to the surface's own level are surface: where the paper's edge is slanted, cells holding more
  // and more paper line up in small steps, and the trace must not creep along them onto the dimly lit part of the
  // page; the cells the edge cuts through are covered by the margin whitened around the surface.
  const limit = Math.min(dark, median(seeds.map((i) => cells[i])) + s.surfaceSpread);

  const surface = new Uint8Array(cw * ch);
  const stack = seeds.filter((i) => cells[i] < limit);
  for (const i of stack) surface[i] = 1;
  while (stack.length > 0) {
    const i = stack.pop()!;
    const x = i % cw;
    const grow = (j: number) => {
      if (surface[j] || cells[j] >= limit || Math.abs(cells[j] - cells[i]) > s.smoothStep) return;
      surface[j] = 1;
      stack.push(j);
    };
    if (x > 0) grow(i - 1);
    if (x < cw - 1) grow(i + 1);
    if (i >= cw) grow(i - cw);
    if (i < cw * (ch - 1)) grow(i + cw);
  }

  const data = r.data.slice();
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      if (!nearSurface(surface, cw, ch, cx, cy, s.edgeMargin)) continue;
      // The last cells of a row or column also cover the pixels the cell grid leaves over.
      const x1 = cx === cw - 1 ? r.width : (cx + 1) * cell;
      const y1 = cy === ch - 1 ? r.height : (cy + 1) * cell;
      for (let y = cy * cell; y < y1; y++) data.fill(WHITE, y * r.width + cx * cell, y * r.width + x1);
    }
  }
  return { ...r, data };
}

/** Mean grey of each cell×cell cell. */
function cellMeans(r: GreyRaster, cw: number, ch: number, cell: number): Float32Array {
  const sums = new Float32Array(cw * ch);
  for (let y = 0; y < ch * cell; y++) {
    const row = y * r.width;
    const cellRow = Math.floor(y / cell) * cw;
    for (let x = 0; x < cw * cell; x++) sums[cellRow + Math.floor(x / cell)] += r.data[row + x];
  }
  for (let i = 0; i < sums.length; i++) sums[i] /= cell * cell;
  return sums;
}

function median(values: number[]): number {
  return medianOfSorted([...values].sort((a, b) => a - b));
}

function percentile(values: Float32Array, q: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/**
 * Whether a flat scan's paper is grey (the paper's light, settings.read.ink.paperPercentile of its pixels, under
 * settings.read.ink.greyPaperBelow): a thermal receipt scanned dark. Such a page read as it is gave tesseract no
 * text at all (a SROIE receipt on paper at grey 140: no word), and its paper evened to white reads whole.
 */
export function isGreyPaper(r: GreyRaster, settings: EngineSettings): boolean {
  return greyPercentile(r.data, settings.read.ink.paperPercentile) < settings.read.ink.greyPaperBelow;
}

/** A surface cell or one within `margin` cells of one. */
function nearSurface(surface: Uint8Array, cw: number, ch: number, cx: number, cy: number, margin: number): boolean {
  for (let y = Math.max(0, cy - margin); y <= Math.min(ch - 1, cy + margin); y++) {
    for (let x = Math.max(0, cx - margin); x <= Math.min(cw - 1, cx + margin); x++) if (surface[y * cw + x]) return true;
  }
  return false;
}

/**
 * A copy of `r` with uneven light evened out: every pixel divided by the
 * paper's brightness around it (the brightest cell of its block and the
 * blocks around, interpolated between block centres). A photo lit from one
 * side has paper at 170 in its dark corner and 245 in its bright one, and
 * tesseract's single threshold per image turns the dark corner's paper into
 * ink (the first lines of such a receipt read as "A TEEN Leite TAE").
 */
export function evenLight(r: GreyRaster, settings: EngineSettings): GreyRaster {
  const { cell, lightBlock, pureWhite } = settings.read.background;
  const cw = Math.floor(r.width / cell);
  const ch = Math.floor(r.height / cell);
  const bw = Math.ceil(cw / lightBlock);
  const bh = Math.ceil(ch / lightBlock);
  if (bw <= 1 || bh <= 1) return r;
  const cells = cellMeans(r, cw, ch, cell);
  const brightest = new Float32Array(bw * bh);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const b = Math.floor(y / lightBlock) * bw + Math.floor(x / lightBlock);
      // Pure white is the surface whitened above (or a clean digital page): it says nothing about the paper's light.
      if (cells[y * cw + x] < pureWhite) brightest[b] = Math.max(brightest[b], cells[y * cw + x]);
    }
  }
  // The brightest of each block and its eight neighbours: a block inside a large dark box takes the paper around it.
  const paper = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let m = 0;
      for (let y = Math.max(0, by - 1); y <= Math.min(bh - 1, by + 1); y++) for (let x = Math.max(0, bx - 1); x <= Math.min(bw - 1, bx + 1); x++) m = Math.max(m, brightest[y * bw + x]);
      paper[by * bw + bx] = m > 0 ? m : WHITE;
    }
  }
  const block = cell * lightBlock;
  const data = new Uint8Array(r.data.length);
  for (let y = 0; y < r.height; y++) {
    const fy = Math.min(bh - 1, Math.max(0, (y - half(block)) / block));
    const y0 = Math.floor(fy);
    const y1 = Math.min(bh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < r.width; x++) {
      const fx = Math.min(bw - 1, Math.max(0, (x - half(block)) / block));
      const x0 = Math.floor(fx);
      const x1 = Math.min(bw - 1, x0 + 1);
      const tx = fx - x0;
      const level =
        (paper[y0 * bw + x0] * (1 - tx) + paper[y0 * bw + x1] * tx) * (1 - ty) + (paper[y1 * bw + x0] * (1 - tx) + paper[y1 * bw + x1] * tx) * ty;
      const i = y * r.width + x;
      data[i] = Math.min(WHITE, Math.round((r.data[i] * WHITE) / level));
    }
  }
  return { ...r, data };
}
