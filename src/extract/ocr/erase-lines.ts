import { otsuThreshold } from './page-geometry.js';

/**
 * Paints ruling lines white in a greyscale raster. Tesseract's page layout
 * analysis takes a boxed table for a picture and reads nothing inside it;
 * with the grid erased the cells read as ordinary text. A run of dark pixels
 * is a line when it is far longer than glyph strokes are on this page (the
 * 90th percentile of run lengths, since rules are few and strokes many).
 */
export function eraseRulingLines(grey: Uint8Array, width: number, height: number): void {
  const threshold = Math.min(otsuThreshold(grey), 200);
  const marks = new Uint8Array(width * height);
  const hIndex = (y: number, x: number) => y * width + x;
  const vIndex = (x: number, y: number) => y * width + x;
  const hRuns = runs(grey, threshold, height, width, hIndex);
  const vRuns = runs(grey, threshold, width, height, vIndex);
  const minH = Math.max(30, Math.round(width * 0.04), 4 * percentile(hRuns, 0.9));
  const minV = Math.max(30, Math.round(height * 0.02), 3 * percentile(vRuns, 0.9));
  markRuns(grey, threshold, height, width, hIndex, minH, marks);
  markRuns(grey, threshold, width, height, vIndex, minV, marks);
  // Anti-aliased edges of a line are lighter than the threshold; widen the erasure by a pixel.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!marks[y * width + x]) continue;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx >= 0 && xx < width && grey[yy * width + xx] < 235) grey[yy * width + xx] = 255;
        }
      }
    }
  }
}

/** Lengths of dark runs (≥ 3 px) along one direction; a sample is enough for the percentile. */
function runs(grey: Uint8Array, threshold: number, outer: number, inner: number, index: (o: number, i: number) => number): number[] {
  const out: number[] = [];
  const step = Math.max(1, Math.floor(outer / 400));
  for (let o = 0; o < outer; o += step) {
    let run = 0;
    for (let i = 0; i <= inner; i++) {
      if (i < inner && grey[index(o, i)] <= threshold) run++;
      else {
        if (run >= 3) out.push(run);
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

/** Marks runs at least `minRun` long, bridging one- and two-pixel breaks from scanning noise. */
function markRuns(grey: Uint8Array, threshold: number, outer: number, inner: number, index: (o: number, i: number) => number, minRun: number, marks: Uint8Array): void {
  for (let o = 0; o < outer; o++) {
    let start = -1;
    let gap = 0;
    for (let i = 0; i <= inner; i++) {
      const ink = i < inner && grey[index(o, i)] <= threshold;
      if (ink) {
        if (start < 0) start = i;
        gap = 0;
      } else if (start >= 0 && (++gap > 2 || i === inner)) {
        const end = i - gap;
        if (end - start + 1 >= minRun) for (let k = start; k <= end; k++) marks[index(o, k)] = 1;
        start = -1;
        gap = 0;
      }
    }
  }
}
