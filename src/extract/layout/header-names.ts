import type { Table } from './table.js';
import { lineToCells } from './table-rows.js';

/**
 * Column names for a header depth: texts of the lowest `depth` header lines
 * above each column, top to bottom. A heading spanning several columns
 * (centred over them) names each of them; when the lowest line repeats a run
 * of sub-headings ("no. | Rate | CI" once per group), a heading over part of
 * one run names the whole run.
 */
export function headerNames(table: Table, depth: number): string[] {
  const columns = table.separators.length + 1;
  const parts: string[][] = Array.from({ length: columns }, () => []);
  const lines = table.headerLines.slice(Math.max(0, table.headerLines.length - depth));
  const lowest = lines[lines.length - 1];
  const groups = lowest ? repeatedGroups(lineToCells(lowest, table.separators).map((c) => c.text.toLowerCase())) : [];
  for (const line of lines) {
    const cells = lineToCells(line, table.separators);
    const spans = line.segments.map((seg) => {
      const spanned = spannedColumns(table, seg.box.x1, seg.box.x2);
      const group = line === lowest ? undefined : groups.find((g) => spanned.every((c) => g.includes(c)));
      return group ?? spanned;
    });
    line.segments.forEach((seg, k) => {
      if (spans[k].length > 1) for (const c of spans[k]) parts[c].push(seg.text);
    });
    cells.forEach((cell, c) => {
      const inSpan = line.segments.some((s, k) => spans[k].length > 1 && s.words.some((w) => cell.words.includes(w)));
      if (cell.text && !inSpan) parts[c].push(cell.text);
    });
  }
  return parts.map((p) => p.join(' ').replace(/\s+/g, ' ').trim());
}

/**
 * Column groups where the names repeat a run of two or more after up to two
 * stub columns: "(yrs) | no. | rate | no. | rate" gives [[1, 2], [3, 4]].
 */
function repeatedGroups(names: string[]): number[][] {
  for (let offset = 0; offset <= 2; offset++) {
    const n = names.length - offset;
    for (let p = 2; p <= n / 2; p++) {
      const run = names.slice(offset, offset + p);
      if (n % p !== 0 || run.some((t) => !t) || new Set(run).size < p) continue;
      if (!names.slice(offset).every((t, i) => t === run[i % p])) continue;
      return Array.from({ length: n / p }, (_, g) => Array.from({ length: p }, (_, i) => offset + g * p + i));
    }
  }
  return [];
}

function spannedColumns(table: Table, x1: number, x2: number): number[] {
  const edges = [table.box.x1 - 1, ...table.separators, table.box.x2 + 1];
  const out: number[] = [];
  for (let c = 0; c + 1 < edges.length; c++) {
    const lo = Math.max(edges[c], x1);
    const hi = Math.min(edges[c + 1], x2);
    if (hi - lo > 0 && (hi - lo) / Math.max(1e-6, x2 - x1) > 0.15) out.push(c);
  }
  return out;
}
