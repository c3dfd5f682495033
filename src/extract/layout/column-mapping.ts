import { looksLikeDate, looksLikeNumber, type ValueKind } from '../format/index.js';
import { matchScore } from './field-match.js';
import { headerNames, tableCellCount, type Table } from './table-detect.js';

export interface FieldRequest {
  name: string;
  kind: ValueKind | undefined;
}

export interface TableChoice {
  table: Table;
  depth: number;
  names: string[];
  /** Column index per requested field (-1: not a column of this table). */
  columnOf: number[];
  score: number;
}

const MIN_COLUMN_SCORE = 0.5;

/** Share of a column's filled body cells that read as dates / numbers. */
function columnProfile(table: Table, col: number): { dates: number; numbers: number } {
  let dates = 0;
  let numbers = 0;
  let filled = 0;
  for (const r of table.rows) {
    const t = r.cells[col]?.text ?? '';
    if (!t) continue;
    filled++;
    if (looksLikeDate(t)) dates++;
    else if (looksLikeNumber(t)) numbers++;
  }
  return filled ? { dates: dates / filled, numbers: numbers / filled } : { dates: 0, numbers: 0 };
}

/** Format evidence: a field wanting a date prefers a column of dates, a numeric field a column of numbers. */
function evidence(kind: ValueKind | undefined, p: { dates: number; numbers: number }): number {
  if (kind === 'date') return p.dates >= 0.5 ? 0.15 : -0.25;
  if (kind === 'number' || kind === 'percent') return p.numbers >= 0.5 ? 0.08 : p.dates >= 0.5 ? -0.25 : -0.05;
  return 0;
}

/** One-to-one assignment, best pairs first (fields × columns are small). */
function assign(scores: number[][]): { columnOf: number[]; total: number } {
  const pairs: Array<[number, number, number]> = [];
  scores.forEach((row, f) => row.forEach((s, c) => s >= MIN_COLUMN_SCORE && pairs.push([s, f, c])));
  pairs.sort((a, b) => b[0] - a[0] || a[2] - b[2]);
  const columnOf = scores.map(() => -1);
  const taken = new Set<number>();
  let total = 0;
  for (const [s, f, c] of pairs) {
    if (columnOf[f] >= 0 || taken.has(c)) continue;
    columnOf[f] = c;
    taken.add(c);
    total += s;
  }
  return { columnOf, total };
}

/**
 * Picks the table and header depth whose column names best match the
 * requested fields, and maps each field to a column. Header depth matters for
 * multi-row headers: "Price" alone or "Unit price (EUR)" over two lines.
 */
export function chooseTableForFields(tables: Table[], fields: FieldRequest[]): TableChoice | null {
  let best: TableChoice | null = null;
  for (const table of tables) {
    const columns = table.separators.length + 1;
    const profiles = Array.from({ length: columns }, (_, c) => columnProfile(table, c));
    const maxDepth = Math.max(1, table.headerLines.length);
    for (let depth = 1; depth <= maxDepth; depth++) {
      const names = headerNames(table, depth);
      const scores = fields.map((f) => names.map((n, c) => (n ? matchScore(f.name, n) + evidence(f.kind, profiles[c]) : 0)));
      const { columnOf, total } = assign(scores);
      if (total <= 0) continue;
      const score = total + Math.min(tableCellCount(table), 500) * 1e-5;
      if (!best || score > best.score + 1e-9) best = { table, depth, names, columnOf, score };
    }
  }
  return best;
}

/** The page's main table for inferred columns: the one with the most filled cells and a header. */
export function chooseMainTable(tables: Table[]): Table | null {
  let best: Table | null = null;
  let bestScore = 0;
  for (const t of tables) {
    const score = tableCellCount(t) * (t.headerLines.length > 0 ? 1 : 0.5);
    if (score > bestScore) {
      best = t;
      bestScore = score;
    }
  }
  return best;
}

/** Clean, unique column names from header text; unnamed columns get "Column N". */
export function cleanColumnNames(raw: string[]): string[] {
  const used = new Map<string, number>();
  return raw.map((r, i) => {
    let name = r.replace(/\s+/g, ' ').replace(/[:：]$/, '').trim();
    if (!name) name = `Column ${i + 1}`;
    const key = name.toLowerCase();
    const n = (used.get(key) ?? 0) + 1;
    used.set(key, n);
    return n > 1 ? `${name} ${n}` : name;
  });
}
