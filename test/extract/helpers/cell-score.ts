/**
 * Cell-level scoring: a predicted cell is correct when the same text appears
 * in the aligned column of the ground truth (multiset per column, so row order
 * errors cost nothing but split or merged cells do). Text is compared after
 * collapsing whitespace, and as numbers where both sides parse as numbers.
 */

export interface CellCounts {
  tp: number;
  predicted: number;
  expected: number;
}

export function cellKey(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  const numeric = t.replace(/[,\s]/g, '');
  if (/^[-+]?\d+(\.\d+)?%?$/.test(numeric)) return `n:${Number(numeric.replace('%', ''))}${numeric.endsWith('%') ? '%' : ''}`;
  return `t:${t}`;
}

function bag(values: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const v of values) {
    if (!v.trim()) continue;
    const k = cellKey(v);
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

export function overlap(a: string[], b: string[]): number {
  const ba = bag(a);
  const bb = bag(b);
  let n = 0;
  for (const [k, v] of ba) n += Math.min(v, bb.get(k) ?? 0);
  return n;
}

const filledCount = (values: string[]) => values.filter((v) => v.trim()).length;

/** Scores predicted columns against expected ones with a given column alignment (expected index per predicted column, -1 = none). */
export function scoreAligned(predicted: string[][], expected: string[][], alignment: number[]): CellCounts {
  let tp = 0;
  alignment.forEach((e, p) => {
    if (e >= 0) tp += overlap(predicted[p], expected[e]);
  });
  return {
    tp,
    predicted: predicted.reduce((n, col) => n + filledCount(col), 0),
    expected: expected.reduce((n, col) => n + filledCount(col), 0),
  };
}

/** Aligns predicted to expected columns one-to-one by greatest content overlap. */
export function alignColumns(predicted: string[][], expected: string[][]): number[] {
  const pairs: Array<[number, number, number]> = [];
  predicted.forEach((p, i) => expected.forEach((e, j) => {
    const o = overlap(p, e);
    if (o > 0) pairs.push([o, i, j]);
  }));
  pairs.sort((a, b) => b[0] - a[0]);
  const alignment = predicted.map(() => -1);
  const used = new Set<number>();
  for (const [, i, j] of pairs) {
    if (alignment[i] >= 0 || used.has(j)) continue;
    alignment[i] = j;
    used.add(j);
  }
  return alignment;
}

/**
 * Inferred columns of several answers (pages) gathered under the expected
 * column each aligns with ({@link alignColumns}, per answer). Columns that
 * align with none are left out: a truth may list only some of the printed
 * columns, and the named request is asked for those alone.
 */
export function gatherInferred(answers: string[][][], expected: string[][]): string[][] {
  const out = expected.map((): string[] => []);
  for (const columns of answers) {
    alignColumns(columns, expected).forEach((e, p) => {
      if (e >= 0) out[e].push(...columns[p]);
    });
  }
  return out;
}

export function f1(c: CellCounts): { precision: number; recall: number; f1: number } {
  const precision = c.predicted ? c.tp / c.predicted : 0;
  const recall = c.expected ? c.tp / c.expected : 0;
  const f = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  const r = (v: number) => Math.round(v * 1000) / 1000;
  return { precision: r(precision), recall: r(recall), f1: r(f) };
}

export function addCounts(a: CellCounts, b: CellCounts): CellCounts {
  return { tp: a.tp + b.tp, predicted: a.predicted + b.predicted, expected: a.expected + b.expected };
}
