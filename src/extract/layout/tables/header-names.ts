import type { Table } from './table.js';
import type { Line } from '../lines/lines.js';
import type { Box, Word } from '../../types.js';
import { columnAt } from './table-columns.js';
import { lineToCells } from './table-rows.js';
import type { EngineSettings } from '../../settings.js';
import { half, middle, MIN_EXTENT } from '../../units.js';
import { classifyLabel } from '../../concepts/index.js';
import { textOf } from '../lines/word-text.js';

/**
 * Column names for a header depth: texts of the lowest `depth` header lines
 * above each column, top to bottom. A heading spanning several columns
 * (centred over them) names each of them; when the lowest line repeats a run
 * of sub-headings ("no. | Rate | CI" once per group), a heading over part of
 * one run names the whole run.
 */
export function headerNames(table: Table, depth: number, settings: EngineSettings): string[] {
  const t = settings.tables;
  const columns = table.separators.length + 1;
  const parts: string[][] = Array.from({ length: columns }, () => []);
  // A stack's lower lines label a record's lower lines (stacked-records.ts); its top line heads every column.
  const stack = table.stack;
  const heads = stack ? stack.lines.slice(0, 1) : table.headerLines;
  const lines = heads.slice(Math.max(0, heads.length - depth));
  const lowest = lines[lines.length - 1];
  const groups = lowest ? repeatedGroups(lineToCells(lowest, table.separators).map((c) => c.text.toLowerCase()), t.maxStubColumns, t.minRepeatColumns) : [];
  lines.forEach((line, at) => {
    const cells = lineToCells(line, table.separators);
    // Columns headed again on a lower line: a segment over them may be a heading spanning sub-headings.
    const subHeaded = new Set(lines.slice(at + 1).flatMap((l) => l.words.map((w) => columnAt(table.separators, middle(w.box.x1, w.box.x2)))));
    const centres = line.segments.map((seg) => columnAt(table.separators, middle(seg.box.x1, seg.box.x2)));
    // The columns each segment's whole text names; [] when its words go to their own columns.
    const spread = line.segments.map((seg, k) => {
      const reached = spannedColumns(table, seg.box.x1, seg.box.x2, t.spanShare);
      // A column another head of this line stands over is that head's ("Cajas | Peso neto (kg)", the wide head reaching left).
      const own = reached.filter((c) => !centres.some((x, j) => j !== k && x === c));
      const spanned = own.length ? own : reached;
      // Unless sub-headings stand under each of its columns, a segment splitting cleanly is heads set tight ("Cod. art.
      // Descrizione"); the lower line may be the wrapped units of some of them ("Caixas P. líquido Peso bruto" over "kg | (kg)").
      if (!spanned.every((c) => subHeaded.has(c)) && splitsAtSeparators(table, seg.words, spanned, settings)) return [];
      // A short head packed after a long one ("Descrizione articolo Qtà" over a till's count) reaches too little of
      // its column to span it: its words still go to their own columns when each part names a concept the whole does not.
      const centred = [...new Set(seg.words.map((w) => columnAt(table.separators, middle(w.box.x1, w.box.x2))))];
      if (spanned.length <= 1 && centred.length > 1 && partsName(table, seg.words, centred, settings)) return [];
      const group = line === lowest ? undefined : groups.find((g) => spanned.every((c) => g.includes(c)));
      return group ?? spanned;
    });
    // Heads set off their columns: as many heads as columns, in order, name them in order rather than two over one.
    const spans = headsInOrder(line, centres, spread, columns) ? spread.map((_, k) => [k]) : spread;
    line.segments.forEach((seg, k) => {
      for (const c of spans[k]) parts[c].push(seg.text);
    });
    cells.forEach((cell, c) => {
      const inSpan = line.segments.some((s, k) => spans[k].length > 0 && s.words.some((w) => cell.words.includes(w)));
      if (cell.text && !inSpan) parts[c].push(cell.text);
    });
  });
  const names = parts.map((p) => p.join(' ').replace(/\s+/g, ' ').trim());
  return stack ? [...names, ...stack.heads.map((h) => h.name)] : names;
}

/**
 * True when a head line's separate heads, as many as the columns, stand off
 * their columns (left-shifted heads over right-aligned figures: "Godziny
 * Stawka" | "Stawka Kwota" | "Kwota"): read by their spans, some column
 * takes two heads; the k-th head, left to right, its centre over column
 * `centres[k]`, stands no further than one column from the k-th column, so
 * the heads name the columns in order.
 */
function headsInOrder(line: Line, centres: number[], spans: number[][], columns: number): boolean {
  const segs = line.segments;
  if (segs.length !== columns || columns <= 1 || spans.some((s) => !s.length)) return false;
  if (segs.some((s, k) => k > 0 && s.box.x1 < segs[k - 1].box.x2)) return false;
  const taken = Array.from({ length: columns }, () => 0);
  for (const s of spans) for (const c of s) taken[c]++;
  if (!taken.some((n) => n > 1)) return false;
  // Set off to the left of figures standing right, a head names its own column or the next: read in order, a head moves
  // right, never left off the column it stands over ("Beschreibung" over the articles beside a bare article-number column).
  return centres.every((c, k) => k >= c && k - c <= 1);
}

/**
 * Column groups where the names repeat a run of `least` or more after up to
 * `stubs` stub columns: "(yrs) | no. | rate | no. | rate" gives [[1, 2], [3, 4]].
 */
function repeatedGroups(names: string[], stubs: number, least: number): number[][] {
  for (let offset = 0; offset <= stubs; offset++) {
    const n = names.length - offset;
    for (let p = least; p <= half(n); p++) {
      const run = names.slice(offset, offset + p);
      if (n % p !== 0 || run.some((t) => !t) || new Set(run).size < p) continue;
      if (!names.slice(offset).every((t, i) => t === run[i % p])) continue;
      return Array.from({ length: n / p }, (_, g) => Array.from({ length: p }, (_, i) => offset + g * p + i));
    }
  }
  return [];
}

/**
 * True when a segment is column heads set closer than a cell gap ("Cod. art.
 * Descrizione", "Boekingsdatum Valutadatum"), not one heading over several
 * columns: its words, by their centres, fall into every column it spans, and
 * each column's part starts where most of the column's cells start or ends
 * where they end (within `headAlign`) (a centred heading's halves line up with nothing), and no
 * part after the first starts in lower case. Parts that each name a concept
 * the whole names none of ("MwSt-% Nettowert" over rate and amount) are heads
 * however they line up.
 */
function splitsAtSeparators(table: Table, words: Word[], spanned: number[], settings: EngineSettings): boolean {
  const { headAlign } = settings.tables;
  if (spanned.length <= 1) return false;
  if (partsName(table, words, spanned, settings)) return true;
  const partOf = (c: number) => words.filter((w) => columnAt(table.separators, middle(w.box.x1, w.box.x2)) === c);
  return spanned.every((c) => {
    const part = partOf(c);
    const cells = table.rows.flatMap((r) => (r.cells[c]?.box ? [r.cells[c].box!] : []));
    // A part starting in lower case continues the heading before it ("Fused | aluminum oxide").
    if (!part.length || !cells.length || (c !== spanned[0] && /^\p{Ll}/u.test(part[0].text))) return false;
    const x1 = part[0].box.x1;
    const x2 = part[part.length - 1].box.x2;
    const aligned = (edge: (b: Box) => number, x: number) => cells.filter((b) => Math.abs(edge(b) - x) <= headAlign).length > half(cells.length);
    return aligned((b) => b.x1, x1) || aligned((b) => b.x2, x2);
  });
}

/** The words over each of `columns` (by their centres) name a concept each, and all of them together none. */
function partsName(table: Table, words: Word[], columns: number[], settings: EngineSettings): boolean {
  const names = (ws: Word[]) => ws.length > 0 && classifyLabel(textOf(ws), settings).size > 0;
  return !names(words) && columns.every((c) => names(words.filter((w) => columnAt(table.separators, middle(w.box.x1, w.box.x2)) === c)));
}

/** The columns at least `share` of [x1, x2] lies over. */
function spannedColumns(table: Table, x1: number, x2: number, share: number): number[] {
  const edges = [table.box.x1 - 1, ...table.separators, table.box.x2 + 1];
  const out: number[] = [];
  for (let c = 0; c + 1 < edges.length; c++) {
    const lo = Math.max(edges[c], x1);
    const hi = Math.min(edges[c + 1], x2);
    if (hi - lo > 0 && (hi - lo) / Math.max(MIN_EXTENT, x2 - x1) > share) out.push(c);
  }
  return out;
}
