import type { OcrWord } from './tesseract-pool.js';

/** Words of two readings cover the same ink when their boxes overlap, vertically by half the smaller height. */
function sameInk(p: OcrWord, q: OcrWord): boolean {
  const ox = Math.min(p.x1, q.x1) - Math.max(p.x0, q.x0);
  const oy = Math.min(p.y1, q.y1) - Math.max(p.y0, q.y0);
  return ox > 0 && oy > 0.5 * Math.min(p.y1 - p.y0, q.y1 - q.y0);
}

/** Confidence a word needs when only one of the readings saw it (the other read nothing there). */
const LONE_WORD_CONFIDENCE = 50;

/**
 * Merges two readings of one page (boxes in the same pixel frame) word by
 * word: words covering the same ink form a group (one reading may split what
 * the other reads as one word: "3 9.75" / "39.75"), and each group comes from
 * the reading with the higher mean confidence there, `a` on a tie. Words only
 * one reading saw are kept when confident, so a run of cells one reading
 * dropped is filled from the other. The result keeps `a`'s reading order.
 */
export function mergeReadings(a: OcrWord[], b: OcrWord[]): OcrWord[] {
  const all = [...a, ...b];
  const parent = all.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i])));
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) if (sameInk(a[i], b[j])) parent[root(i)] = root(a.length + j);
  }
  const groups = new Map<number, { a: OcrWord[]; b: OcrWord[] }>();
  all.forEach((w, i) => {
    const g = groups.get(root(i)) ?? { a: [], b: [] };
    (i < a.length ? g.a : g.b).push(w);
    groups.set(root(i), g);
  });
  const chosen = (id: number): OcrWord[] => {
    const g = groups.get(id)!;
    if (g.a.length === 0 || g.b.length === 0) return [...g.a, ...g.b].filter((w) => w.confidence >= LONE_WORD_CONFIDENCE);
    return mean(g.b) > mean(g.a) ? g.b : g.a;
  };
  // Reading order matters downstream, so words come in `a`'s order; a group only `b` saw follows the group of
  // the word `b` read just before it.
  const after = new Map<number, number[]>();
  for (let j = 0; j < b.length; j++) {
    const id = root(a.length + j);
    if (groups.get(id)!.a.length > 0 || (j > 0 && root(a.length + j - 1) === id)) continue;
    const anchor = j > 0 ? root(a.length + j - 1) : -1;
    after.set(anchor, [...(after.get(anchor) ?? []), id]);
  }
  const out: OcrWord[] = [];
  const done = new Set<number>();
  const emit = (id: number) => {
    if (done.has(id)) return;
    done.add(id);
    if (id >= 0) out.push(...chosen(id));
    for (const next of after.get(id) ?? []) emit(next);
  };
  emit(-1);
  for (let i = 0; i < a.length; i++) emit(root(i));
  return out;
}

function mean(words: OcrWord[]): number {
  return words.reduce((n, w) => n + w.confidence, 0) / words.length;
}

/** Word boxes of a reading of a scaled copy, in the frame of the original. */
export function scaleWords(words: OcrWord[], sx: number, sy: number): OcrWord[] {
  return words.map((w) => ({ ...w, x0: w.x0 * sx, y0: w.y0 * sy, x1: w.x1 * sx, y1: w.y1 * sy }));
}
