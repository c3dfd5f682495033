/**
 * Runs an engine over generated business documents the way a client would
 * (all pages, the requested names in the document's naming style) and scores
 * the answers against the truth:
 * - document fields: one request with every document-level name; a field is
 *   right when the first non-empty value over the pages' rows equals the
 *   truth after whitespace collapse, case folding and, for amounts, dropping
 *   a currency mark (numbers compared as printed, not parsed);
 * - line items: one request with the line columns; rows of all pages
 *   together, cell F1 per requested column (test/extract/helpers/cell-score.ts);
 *   beside it the same table with no fields (columns inferred), each page's
 *   columns aligned to the truth's by content, cells of columns that align
 *   with none left out (`gatherInferred`): naming the columns must never
 *   give a worse table than inferring them;
 * - confidence: each returned value with a confidence, right or wrong, for
 *   the calibration table.
 */
import { addCounts, cellKey, f1, gatherInferred, scoreAligned, type CellCounts } from '../../../test/extract/helpers/cell-score.js';
import { isImageRegion, type Engine, type EnginePage, type ExtractResult, type Quality } from '../../../src/extract/types.js';
import type { BusinessDoc, RequestedField } from './types.js';

/** A currency mark around an amount (`€ 12,50`, `12,50 EUR`, `$12.50`, `12,50 zł`). */
const CURRENCY = /^(?:[€$£]|zł|EUR|USD|GBP|CHF|PLN)\s*|\s*(?:[€$£]|zł|EUR|USD|GBP|CHF|PLN)$/gi;

/** Field keys whose values are amounts (compared without a currency mark). */
const MONEY_KEYS = /(amount|total|subtotal|balance|pay|price|discount|shipping|deductions|debit|credit|rate)$|^(amount_|line_total|unit_price|rate)/;

export function normalizeValue(key: string, value: string): string {
  let v = value.replace(/\s+/g, ' ').trim().toLowerCase();
  if (MONEY_KEYS.test(key) && key !== 'tax_rate') v = v.replace(CURRENCY, '').trim();
  return v.replace(/\s+%$/, '%');
}

export interface ConfidencePoint {
  confidence: number;
  right: boolean;
}

export interface DocScore {
  id: string;
  fieldsRight: number;
  fieldsTotal: number;
  /** Field key -> [expected, got] for the wrong ones (for reading failures). */
  wrong: Record<string, [string, string]>;
  lines: CellCounts;
  /** The line table asked with no fields (columns inferred). */
  inferredLines: CellCounts;
  /** The document request came back as at most one row per page. */
  oneRow: boolean;
  confidence: ConfidencePoint[];
  ms: number[];
  failed: string[];
  pages: number;
}

interface Cell {
  value: string;
  confidence?: number;
}

function resultRows(res: ExtractResult, names: string[]): Array<Array<Cell>> {
  if (!res.ok) return [];
  return res.rows.map((row) =>
    names.map((n) => {
      const c = row[n];
      if (!c || isImageRegion(c)) return { value: '' };
      return { value: c.value ?? '', confidence: c.confidence };
    }),
  );
}

async function timed(engine: Engine, page: EnginePage, fields: RequestedField[], quality: Quality, ms: number[]): Promise<ExtractResult> {
  const t0 = performance.now();
  const res = await engine.extract(page, { fields: fields.map((f) => ({ name: f.name, formatRequirement: '' })), globalFormatRequirement: '', quality });
  ms.push(performance.now() - t0);
  return res;
}

export async function scoreDocument(engine: Engine, doc: BusinessDoc, pages: EnginePage[], quality: Quality): Promise<DocScore> {
  const score: DocScore = { id: doc.id, fieldsRight: 0, fieldsTotal: 0, wrong: {}, lines: { tp: 0, predicted: 0, expected: 0 }, inferredLines: { tp: 0, predicted: 0, expected: 0 }, oneRow: true, confidence: [], ms: [], failed: [], pages: pages.length };

  // Document fields: the first non-empty value over pages and rows.
  const fields = doc.request.fields;
  const names = fields.map((f) => f.name);
  const found: Array<Cell | undefined> = fields.map(() => undefined);
  for (const page of pages) {
    const res = await timed(engine, page, fields, quality, score.ms);
    if (!res.ok) score.failed.push(res.failure.code);
    const rows = resultRows(res, names);
    if (rows.length > 1) score.oneRow = false;
    for (const row of rows) row.forEach((c, i) => (found[i] ??= c.value.trim() ? c : undefined));
  }
  fields.forEach((f, i) => {
    const expected = doc.fields[f.key];
    const got = found[i];
    const right = got !== undefined && normalizeValue(f.key, got.value) === normalizeValue(f.key, expected);
    score.fieldsTotal++;
    if (right) score.fieldsRight++;
    else score.wrong[f.key] = [expected, got?.value ?? ''];
    if (got?.confidence !== undefined) score.confidence.push({ confidence: got.confidence, right });
  });

  // Line items: every page's rows, scored per requested column.
  const lineFields = doc.request.lines;
  const lineNames = lineFields.map((f) => f.name);
  const columns: Cell[][] = lineFields.map(() => []);
  for (const page of pages) {
    const res = await timed(engine, page, lineFields, quality, score.ms);
    if (!res.ok) score.failed.push(res.failure.code);
    for (const row of resultRows(res, lineNames)) row.forEach((c, i) => columns[i].push(c));
  }
  const expected = lineFields.map((f) => doc.lines.map((row) => normalizeValue(f.key, row[f.key] ?? '')));
  const predicted = columns.map((col, i) => col.map((c) => normalizeValue(lineFields[i].key, c.value)));
  score.lines = scoreAligned(predicted, expected, lineFields.map((_, i) => i));
  columns.forEach((col, i) => score.confidence.push(...cellRightness(col, predicted[i], expected[i])));

  // The same table with no fields: the engine's own columns.
  const answers: string[][][] = [];
  for (const page of pages) {
    const res = await engine.extract(page, { fields: [], globalFormatRequirement: '', quality });
    if (res.ok) answers.push(res.fields.map((n) => resultRows(res, [n]).map(([c]) => normalizeValue('line_total', c.value))));
  }
  score.inferredLines = scoreAligned(gatherInferred(answers, expected), expected, expected.map((_, i) => i));
  return score;
}

/** Which returned cells of one column are right (each expected cell matches one returned cell at most). */
export function cellRightness(cells: Array<{ confidence?: number }>, predicted: string[], expected: string[]): ConfidencePoint[] {
  const left = new Map<string, number>();
  for (const e of expected) if (e.trim()) left.set(cellKey(e), (left.get(cellKey(e)) ?? 0) + 1);
  const out: ConfidencePoint[] = [];
  predicted.forEach((p, i) => {
    if (!p.trim()) return;
    const k = cellKey(p);
    const n = left.get(k) ?? 0;
    if (n > 0) left.set(k, n - 1);
    if (cells[i].confidence !== undefined) out.push({ confidence: cells[i].confidence!, right: n > 0 });
  });
  return out;
}

export interface Summary {
  documents: number;
  line_items: { precision: number; recall: number; f1: number };
  /** The same tables with no fields (columns inferred). */
  line_items_inferred: { precision: number; recall: number; f1: number };
  fields: { right: number; total: number; accuracy: number };
  one_row_share: number;
}

export function summarize(scores: DocScore[]): Summary {
  const lines = scores.reduce((acc, s) => addCounts(acc, s.lines), { tp: 0, predicted: 0, expected: 0 });
  const right = scores.reduce((n, s) => n + s.fieldsRight, 0);
  const total = scores.reduce((n, s) => n + s.fieldsTotal, 0);
  const r3 = (v: number) => Math.round(v * 1000) / 1000;
  return {
    documents: scores.length,
    line_items: f1(lines),
    line_items_inferred: f1(scores.reduce((acc, s) => addCounts(acc, s.inferredLines), { tp: 0, predicted: 0, expected: 0 })),
    fields: { right, total, accuracy: total ? r3(right / total) : 0 },
    one_row_share: scores.length ? r3(scores.filter((s) => s.oneRow).length / scores.length) : 0,
  };
}

/** Confidence bins of the calibration table: [low, high) and the name it prints. */
const BINS: Array<[string, number, number]> = [
  ['<0.5', 0, 0.5],
  ['0.5-0.7', 0.5, 0.7],
  ['0.7-0.9', 0.7, 0.9],
  ['0.9-0.97', 0.9, 0.97],
  ['>=0.97', 0.97, Infinity],
  // The promise a client reads: values at 0.9 or more are right at least 97% of the time.
  ['>=0.9', 0.9, Infinity],
];

export type Calibration = Record<string, { values: number; right: number; share_right: number | null }>;

/** Share right per confidence bin: low confidence must mean wrong far more often than high. */
export function calibration(points: ConfidencePoint[]): Calibration {
  return Object.fromEntries(
    BINS.map(([name, lo, hi]) => {
      const ps = points.filter((p) => p.confidence >= lo && p.confidence < hi);
      const right = ps.filter((p) => p.right).length;
      return [name, { values: ps.length, right, share_right: ps.length ? Math.round((right / ps.length) * 1000) / 1000 : null }];
    }),
  );
}

/** The bins a surer value must be right more often across: the three under 0.9, then the promise's. */
const RISING_BINS = ['<0.5', '0.5-0.7', '0.7-0.9', '>=0.9'];

/**
 * What a reviewer needs of a calibration table besides its bins: whether the
 * share right never falls bin by bin (a 0.7 value right more often than a
 * 0.5 one; empty bins skipped), the shares it was judged on, the first bin
 * where it falls, and how many values reach 0.9 (a table that puts nothing at
 * 0.9 keeps its promise and is of no use).
 */
export function calibrationChecks(table: Calibration): { rising: boolean; first_fall: string | null; shares: number[]; at_0_9: number; values: number; coverage: number | null } {
  const filled = RISING_BINS.filter((b) => table[b].share_right !== null);
  const shares = filled.map((b) => table[b].share_right!);
  const fall = filled.find((_, i) => i > 0 && shares[i] < shares[i - 1]) ?? null;
  const values = BINS.filter(([name]) => name !== '>=0.9').reduce((n, [name]) => n + table[name].values, 0);
  const at = table['>=0.9'].values;
  return { rising: fall === null, first_fall: fall, shares, at_0_9: at, values, coverage: values ? Math.round((at / values) * 1000) / 1000 : null };
}
