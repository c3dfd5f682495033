import type { Box, Word } from '../../types.js';
import { BOX_PRECISION, middle } from '../../units.js';

/** Whether a word's middle lies inside `b`: the word is read as part of what `b` holds. */
export function middleInside(w: Word, b: Box): boolean {
  const [x, y] = [middle(w.box.x1, w.box.x2), middle(w.box.y1, w.box.y2)];
  return x >= b.x1 && x <= b.x2 && y >= b.y1 && y <= b.y2;
}

export function unionBoxes(boxes: Box[]): Box {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const b of boxes) {
    if (b.x1 < x1) x1 = b.x1;
    if (b.y1 < y1) y1 = b.y1;
    if (b.x2 > x2) x2 = b.x2;
    if (b.y2 > y2) y2 = b.y2;
  }
  return { x1, y1, x2, y2 };
}

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length & 1 ? s[mid] : middle(s[mid - 1], s[mid]);
}

export function overlap1d(a1: number, a2: number, b1: number, b2: number): number {
  return Math.max(0, Math.min(a2, b2) - Math.max(a1, b1));
}

/** A coordinate rounded to BOX_PRECISION, so results are stable across runs and compact in JSON. */
export function roundCoordinate(v: number): number {
  return Math.round(v * BOX_PRECISION) / BOX_PRECISION;
}

/** Rounds box coordinates (roundCoordinate). */
export function roundBox(b: Box): Box {
  const r = roundCoordinate;
  return { x1: r(b.x1), y1: r(b.y1), x2: r(b.x2), y2: r(b.y2) };
}
