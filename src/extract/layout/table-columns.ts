import type { Rule } from '../types.js';
import type { Line } from './lines.js';

/** Column boundaries: `separators[i]` is the x between column i and i+1. */
export interface ColumnLayout {
  x1: number;
  x2: number;
  separators: number[];
}

const BINS = 2000;

/**
 * Finds column separators from whitespace: x positions that (almost) no body
 * segment covers. A few lines may cross a gap (a long row label, a wrapped
 * title), so a gap survives when at most `tolerance` lines cover it.
 */
export function findWhitespaceSeparators(bodyLines: Line[], x1: number, x2: number): number[] {
  const counts = new Uint16Array(BINS + 1);
  const toBin = (x: number) => Math.max(0, Math.min(BINS, Math.round(x * BINS)));
  for (const line of bodyLines) {
    for (const s of line.segments) {
      for (let b = toBin(s.box.x1); b <= toBin(s.box.x2); b++) counts[b]++;
    }
  }
  const tolerance = Math.floor(bodyLines.length * 0.06);
  const start = toBin(x1);
  const end = toBin(x2);
  const separators: number[] = [];
  let gapStart = -1;
  for (let b = start; b <= end; b++) {
    const isGap = counts[b] <= tolerance;
    if (isGap && gapStart < 0) gapStart = b;
    if ((!isGap || b === end) && gapStart >= 0) {
      const gapEnd = isGap ? b : b - 1;
      if (gapStart > start && gapEnd < end) separators.push(splitPoint(counts, gapStart, gapEnd) / BINS);
      gapStart = -1;
    }
  }
  return separators;
}

/** Inside a gap, cut where the fewest segments cross (the middle of the emptiest stretch). */
function splitPoint(counts: Uint16Array, from: number, to: number): number {
  let min = Infinity;
  for (let b = from; b <= to; b++) min = Math.min(min, counts[b]);
  let first = -1;
  let last = -1;
  for (let b = from; b <= to; b++) {
    if (counts[b] === min) {
      if (first < 0) first = b;
      last = b;
    }
  }
  return (first + last) / 2;
}

/** Vertical rules crossing most of the table's height are column borders. */
export function findRuledSeparators(rules: Rule[], x1: number, x2: number, y1: number, y2: number): number[] {
  const height = y2 - y1;
  const xs = rules
    .filter((r) => Math.abs(r.x2 - r.x1) < 0.002 && r.x1 > x1 + 0.004 && r.x1 < x2 - 0.004)
    .filter((r) => Math.min(r.y2, y2) - Math.max(r.y1, y1) >= height * 0.5)
    .map((r) => r.x1)
    .sort((a, b) => a - b);
  return clusterPositions(xs, 0.006);
}

/** Horizontal rules spanning most of the table's width, inside its vertical extent. */
export function findRowRules(rules: Rule[], x1: number, x2: number, y1: number, y2: number): number[] {
  const width = x2 - x1;
  const ys = rules
    .filter((r) => Math.abs(r.y2 - r.y1) < 0.002 && r.y1 > y1 && r.y1 < y2)
    .filter((r) => Math.min(r.x2, x2) - Math.max(r.x1, x1) >= width * 0.6)
    .map((r) => r.y1)
    .sort((a, b) => a - b);
  return clusterPositions(ys, 0.004);
}

export function clusterPositions(sorted: number[], tolerance: number): number[] {
  const out: number[] = [];
  let group: number[] = [];
  for (const v of sorted) {
    if (group.length && v - group[group.length - 1] > tolerance) {
      out.push(group.reduce((a, b) => a + b, 0) / group.length);
      group = [];
    }
    group.push(v);
  }
  if (group.length) out.push(group.reduce((a, b) => a + b, 0) / group.length);
  return out;
}

/** Index of the column containing x. */
export function columnAt(separators: number[], x: number): number {
  let i = 0;
  while (i < separators.length && x >= separators[i]) i++;
  return i;
}
