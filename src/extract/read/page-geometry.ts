/**
 * Text direction (rows vs columns) and small skew from a binarized raster, by
 * projection profiles: horizontal text lines concentrate the ink into sharp
 * peaks of the row projection. Shares and counts are settings.read.geometry.
 */
import type { EngineSettings } from '../settings.js';
import { FLOAT_SLACK, GREY_LEVELS, half, HISTOGRAM_LANES, medianOfSorted, QUARTER_TURNS, quarterTurns, toHundredths, toRadians, windowSide } from '../units.js';

export interface BinaryImage {
  width: number;
  height: number;
  /** 1 = ink. */
  bits: Uint8Array;
}

export function otsuThreshold(grey: Uint8Array): number {
  // An indexed loop into typed histograms: the iterator form took about 0.2 s on a 300 dpi page. HISTOGRAM_LANES
  // histograms filled in turn (pixel i counts in lane i mod lanes): neighbouring pixels of a page are mostly the
  // same grey, and with one histogram each count waited for the one before it.
  const lanes = new Uint32Array(HISTOGRAM_LANES * GREY_LEVELS);
  const lastLane = HISTOGRAM_LANES - 1;
  for (let i = 0; i < grey.length; i++) lanes[(i & lastLane) * GREY_LEVELS + grey[i]]++;
  const hist = new Uint32Array(GREY_LEVELS);
  for (let lane = 0; lane < HISTOGRAM_LANES; lane++) for (let v = 0; v < GREY_LEVELS; v++) hist[v] += lanes[lane * GREY_LEVELS + v];
  const total = grey.length;
  let sum = 0;
  for (let i = 0; i < GREY_LEVELS; i++) sum += i * hist[i];
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = half(GREY_LEVELS);
  for (let t = 0; t < GREY_LEVELS; t++) {
    wB += hist[t];
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t];
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

export function binarize(grey: Uint8Array, width: number, height: number, settings: EngineSettings): BinaryImage {
  const t = Math.min(otsuThreshold(grey), settings.read.ink.maxInkGrey);
  const bits = new Uint8Array(width * height);
  for (let i = 0; i < bits.length; i++) bits[i] = grey[i] <= t ? 1 : 0;
  return { width, height, bits };
}

/** Pixels of the 3×3 window a majority vote counts. */
const MAJORITY_WINDOW = windowSide(1) * windowSide(1);

/**
 * 3×3 majority vote (the binary counterpart of a 3×3 median): removes scan
 * grain specks and fills pinholes, at a fraction of a grey median's cost.
 */
export function majority3(img: BinaryImage): BinaryImage {
  const { width: w, height: h, bits } = img;
  const out = new Uint8Array(w * h);
  const column = new Uint8Array(w);
  for (let y = 0; y < h; y++) {
    // Ink in each column over rows y-1..y+1.
    for (let x = 0; x < w; x++) column[x] = (y > 0 ? bits[(y - 1) * w + x] : 0) + bits[y * w + x] + (y < h - 1 ? bits[(y + 1) * w + x] : 0);
    for (let x = 0; x < w; x++) {
      const sum = (x > 0 ? column[x - 1] : 0) + column[x] + (x < w - 1 ? column[x + 1] : 0);
      out[y * w + x] = sum > half(MAJORITY_WINDOW) ? 1 : 0;
    }
  }
  return { width: w, height: h, bits: out };
}

/** Rotates a binary image by a multiple of 90° clockwise. */
export function rotateQuarter(img: BinaryImage, quarters: number): BinaryImage {
  const q = quarterTurns(quarters);
  if (q === 0) return img;
  const { width: w, height: h, bits } = img;
  const odd = (q & 1) === 1;
  const nw = odd ? h : w;
  const nh = odd ? w : h;
  const out = new Uint8Array(nw * nh);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let nx: number;
      let ny: number;
      if (q === 1) {
        nx = h - 1 - y;
        ny = x;
      } else if (q === half(QUARTER_TURNS)) {
        nx = w - 1 - x;
        ny = h - 1 - y;
      } else {
        nx = y;
        ny = w - 1 - x;
      }
      out[ny * nw + nx] = bits[y * w + x];
    }
  }
  return { width: nw, height: nh, bits: out };
}

/**
 * Erases ruling lines (long horizontal and vertical ink runs): a table grid's
 * rules would otherwise pose as (or blur) text lines in the projections.
 */
export function withoutRuleRows(img: BinaryImage, settings: EngineSettings): BinaryImage {
  const { ruleRowWidthShare, ruleColumnHeightShare } = settings.read.geometry;
  const { width: w, height: h } = img;
  const bits = img.bits.slice();
  const eraseRuns = (count: number, length: number, index: (o: number, i: number) => number, minRun: number) => {
    for (let o = 0; o < count; o++) {
      let start = -1;
      for (let i = 0; i <= length; i++) {
        const ink = i < length && img.bits[index(o, i)] === 1;
        if (ink && start < 0) start = i;
        if (!ink && start >= 0) {
          if (i - start > minRun) for (let k = start; k < i; k++) bits[index(o, k)] = 0;
          start = -1;
        }
      }
    }
  };
  eraseRuns(h, w, (y, x) => y * w + x, w * ruleRowWidthShare);
  eraseRuns(w, h, (x, y) => y * w + x, h * ruleColumnHeightShare);
  return { ...img, bits };
}

export interface PageGeometry {
  /** Clockwise quarter turns (0 or 1) that make the text lines horizontal. Upright vs upside down is left to the recognizer. */
  quarters: number;
  /** Remaining skew once turned (see measureLines). */
  skew: number;
  /** False when the direction is in doubt (see detectPageGeometry): the recognizer should decide. */
  axisSure: boolean;
  /** The skew to apply if the other direction turns out right. */
  otherSkew: number;
}

/**
 * Text direction and skew. The direction whose (deskewed) projection
 * concentrates the ink into sharper lines, ruling lines left out, wins; it is
 * sure when clearly sharper (settings.read.geometry.clearlySharper), or when a second measure (which way neighbouring
 * ink counts change more sharply) agrees. Dense tables, whose columns look
 * like lines too, give close calls; the second measure is misled by a grid's
 * long vertical rules, rarely on the same pages.
 */
export function detectPageGeometry(img: BinaryImage, search: SkewSearch, settings: EngineSettings): PageGeometry {
  const { energyRatio, clearlySharper } = settings.read.geometry;
  const text = withoutRuleRows(img, settings);
  const asIs = measureLines(text, search, settings);
  const turned = measureLines(rotateQuarter(text, 1), search, settings);
  const quarters = asIs.sharpness >= turned.sharpness ? 0 : 1;
  const [best, other] = quarters === 0 ? [asIs, turned] : [turned, asIs];
  const rows = transitionEnergy(rowProfile(img)) / Math.max(1, img.height);
  const columns = transitionEnergy(columnProfile(img)) / Math.max(1, img.width);
  const byEnergy = rows >= columns * energyRatio ? 0 : 1;
  const margin = best.sharpness / Math.max(FLOAT_SLACK, other.sharpness);
  return { quarters, skew: best.skew, axisSure: margin >= clearlySharper || byEnergy === quarters, otherSkew: other.skew };
}

/** Sum of squared differences between neighbouring ink counts: high across text lines. */
function transitionEnergy(profile: Float64Array): number {
  let e = 0;
  for (let i = 1; i < profile.length; i++) e += (profile[i] - profile[i - 1]) * (profile[i] - profile[i - 1]);
  return e;
}

function rowProfile(img: BinaryImage): Float64Array {
  const p = new Float64Array(img.height);
  for (let y = 0; y < img.height; y++) {
    let n = 0;
    for (let x = 0; x < img.width; x++) n += img.bits[y * img.width + x];
    p[y] = n;
  }
  return p;
}

function columnProfile(img: BinaryImage): Float64Array {
  const p = new Float64Array(img.width);
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) p[x] += img.bits[y * img.width + x];
  return p;
}

export interface LineMeasure {
  /**
   * Skew angle in degrees: text lines follow y = y0 + x·tan(angle) in image
   * coordinates (y down), so positive means they descend to the right and a
   * counter-clockwise turn by the angle straightens them.
   */
  skew: number;
  /**
   * How concentrated the ink's row projection at that angle is: the sum of
   * squared row counts relative to the same ink spread evenly over its
   * extent (1 = no lines at all, higher = sharper lines).
   */
  sharpness: number;
}

/** The largest skew looked for and the step of the search, in degrees (settings.read.geometry.skewSearch). */
export interface SkewSearch {
  range: number;
  step: number;
}

/** Bins of a projection at any small angle: rows turned about the origin land within -width..2·height. */
function projectionBins(img: BinaryImage): Float64Array {
  return new Float64Array(img.height + img.height + img.width);
}

/** Searches the skew within ±range that gives the sharpest row projection (most ink in fewest rows). */
export function measureLines(img: BinaryImage, { range: maxDeg, step }: SkewSearch, settings: EngineSettings): LineMeasure {
  const { samplePixels, minPoints, refineSteps } = settings.read.geometry;
  const points: number[] = [];
  const stride = Math.max(1, Math.floor((img.width * img.height) / samplePixels));
  for (let i = 0; i < img.bits.length; i += stride) if (img.bits[i]) points.push(i);
  if (points.length < minPoints) return { skew: 0, sharpness: 1 };
  const project = (deg: number) => {
    const rad = toRadians(deg);
    const sin = Math.sin(rad);
    const cos = Math.cos(rad);
    const bins = projectionBins(img);
    const offset = img.width;
    for (const p of points) {
      const x = p % img.width;
      const y = (p - x) / img.width;
      const yr = Math.round(y * cos - x * sin) + offset;
      if (yr >= 0 && yr < bins.length) bins[yr]++;
    }
    return bins;
  };
  const score = (deg: number) => project(deg).reduce((s, v) => s + v * v, 0);
  let best = 0;
  let bestScore = score(0);
  for (let d = -maxDeg; d <= maxDeg + FLOAT_SLACK; d += step) {
    const s = score(d);
    if (s > bestScore) {
      bestScore = s;
      best = d;
    }
  }
  for (let d = best - step; d <= best + step + FLOAT_SLACK; d += step / refineSteps) {
    const s = score(d);
    if (s > bestScore) {
      bestScore = s;
      best = d;
    }
  }
  const bins = project(best);
  const first = bins.findIndex((v) => v > 0);
  const extent = bins.findLastIndex((v) => v > 0) - first + 1;
  return { skew: toHundredths(best), sharpness: (bestScore * extent) / (points.length * points.length) };
}

/**
 * Typical height in pixels of a text line's ink (ascenders to descenders):
 * the median run of the row projection at the page's skew, where text lines
 * stand out sharply. Rows with less than a tenth of a typical row's ink are
 * gaps (a descender or a speck between lines; settings.read.geometry.gapInkShare).
 * 0 when there are no lines.
 */
export function typicalLineHeight(img: BinaryImage, skew: number, settings: EngineSettings): number {
  const { gapInkShare, minLineRows } = settings.read.geometry;
  const rad = toRadians(skew);
  const [sin, cos] = [Math.sin(rad), Math.cos(rad)];
  const offset = img.width;
  const bins = projectionBins(img);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (!img.bits[y * img.width + x]) continue;
      const yr = Math.round(y * cos - x * sin) + offset;
      if (yr >= 0 && yr < bins.length) bins[yr]++;
    }
  }
  const inked = [...bins].filter((v) => v > 0).sort((a, b) => a - b);
  if (inked.length === 0) return 0;
  const floor = medianOfSorted(inked) * gapInkShare;
  const runs: number[] = [];
  let start = -1;
  for (let i = 0; i <= bins.length; i++) {
    const on = i < bins.length && bins[i] > floor;
    if (on && start < 0) start = i;
    if (!on && start >= 0) {
      runs.push(i - start);
      start = -1;
    }
  }
  // Runs of one or two rows are rules or specks, not text.
  const lines = runs.filter((h) => h >= minLineRows).sort((a, b) => a - b);
  return lines.length ? medianOfSorted(lines) : 0;
}
