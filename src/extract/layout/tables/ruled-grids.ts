import type { Rule, Word } from '../../types.js';
import type { EngineSettings } from '../../settings.js';
import { half, middle } from '../../units.js';
import { cropLine, type Line } from '../lines/lines.js';
import { overlap1d } from '../lines/geometry.js';
import type { Table } from './table.js';

/**
 * Whether a horizontal rule runs through the middle of a word over most of its length: a stroke of the letters a
 * scan found as a rule (settings.tables.strokeBand), whose runs would cut a table's rows between two words.
 */
function throughWord(r: Rule, words: Word[], settings: EngineSettings): boolean {
  const { strokeBand, strokeOverWord } = settings.tables;
  return words.some((w) => {
    const inset = (w.box.y2 - w.box.y1) * strokeBand;
    return r.y1 > w.box.y1 + inset && r.y1 < w.box.y2 - inset && overlap1d(r.x1, r.x2, w.box.x1, w.box.x2) >= (r.x2 - r.x1) * strokeOverWord;
  });
}

/** Whether a horizontal rule lies within the height of a word it runs under or over (a stroke, an underline). */
function onWords(r: Rule, words: Word[]): boolean {
  return words.some((w) => r.y1 >= w.box.y1 && r.y1 <= w.box.y2 && r.x2 > w.box.x1 && r.x1 < w.box.x2);
}

/**
 * Ruled grids set side by side (tables, a framed chart) read as one block when
 * their rows line up. Where the horizontal rules fall into separate runs
 * across the page, each holding rows of its own, every run is a table: its
 * lines are cropped to it and read again. Returns the table's lines when
 * there is one run.
 */
export function splitRuledGrids(table: Table, rules: Rule[], settings: EngineSettings): Line[][] {
  const { ruleStraightness, gridReach, gridJoin, gridRowDecimals, minGridRows } = settings.tables;
  const { x1, x2, y1, y2 } = table.box;
  const words = table.lines.flatMap((l) => l.words);
  const horizontal = rules.filter((r) => Math.abs(r.y2 - r.y1) < ruleStraightness && r.y1 >= y1 - gridReach && r.y1 <= y2 + gridReach && !throughWord(r, words, settings));
  const all: Array<{ a: number; b: number; ys: Set<string>; onWords: number; rules: number }> = [];
  for (const r of horizontal.sort((p, q) => p.x1 - q.x1)) {
    const run = all[all.length - 1];
    const onWord = onWords(r, words) ? 1 : 0;
    if (run && r.x1 <= run.b + gridJoin) {
      run.b = Math.max(run.b, r.x2);
      run.ys.add(r.y1.toFixed(gridRowDecimals));
      run.onWords += onWord;
      run.rules++;
    } else all.push({ a: r.x1, b: r.x2, ys: new Set([r.y1.toFixed(gridRowDecimals)]), onWords: onWord, rules: 1 });
  }
  // A run reaching into the table counts with all its rules (a chart frame with the bars drawn beyond the labels). A
  // run most of whose rules lie on words, not between lines, frames no grid: a scan's strokes along the foot of the
  // words (a photographed statement's descriptions and balances) that passed `throughWord`.
  const runs = all.filter((r) => r.b > x1 && r.a < x2 && r.onWords <= half(r.rules));
  const grids = runs.filter((r) => r.ys.size >= minGridRows);
  if (grids.length <= 1 || grids.length !== runs.length) return [table.lines];
  return grids.map((g, i) => {
    const left = i === 0 ? -Infinity : middle(grids[i - 1].b, g.a);
    const right = i === grids.length - 1 ? Infinity : middle(g.b, grids[i + 1].a);
    return table.lines.flatMap((l) => cropLine(l, left, right, settings) ?? []);
  });
}
