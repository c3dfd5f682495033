/**
 * The engine on the real receipts and invoices of the kie-dev set. The set
 * lives outside the repository and is read at run time, never copied (some
 * files are licensed for research use only). Its truth normalizes dates to ISO and amounts to plain
 * decimals, so the bench asks as an integrator would: `YYYY-MM-DD` on dates
 * (SROIE dates stay as printed, as its labels do) and a plain number on
 * amounts, then compares dates and text exactly (case and spacing aside) and
 * amounts as numbers.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addCounts, f1, scoreAligned, type CellCounts } from '../../test/extract/helpers/cell-score.js';
import { isImageRegion, type Engine, type EnginePage, type FieldSpec } from '../../src/extract/types.js';
import type { ConfidencePoint } from './business/evaluate.js';
import { ingestPages } from './business/scan.js';

interface KieCase {
  id: string;
  source: string;
  lang: string;
  kind: 'fields' | 'table';
  modality: 'image' | 'pdf';
  file: string;
  header: string[];
  fields: Record<string, string>;
  rows: string[][];
}

const AMOUNT = /^(total|amount_before_tax|tax_amount|total_amount|quantity|unit_price|line_total)$/;
const DATE = /(^|_)date$/;
const PLAIN_NUMBER = 'number with a dot as decimal separator, no thousands separator';

function requirementFor(name: string, source: string): string {
  if (AMOUNT.test(name)) return PLAIN_NUMBER;
  if (DATE.test(name) && source !== 'sroie') return 'YYYY-MM-DD';
  return '';
}

function sameValue(name: string, expected: string, got: string): boolean {
  if (AMOUNT.test(name)) {
    const n = Number(got.replace(/[^\d.-]/g, ''));
    return got.trim() !== '' && Number.isFinite(n) && Math.abs(n - Number(expected)) < 0.005;
  }
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  return norm(got) === norm(expected);
}

export interface KieRun {
  fields: { right: number; total: number };
  lines: CellCounts;
  bySource: Record<string, { right: number; total: number }>;
  wrong: Array<{ id: string; field: string; expected: string; got: string }>;
  confidence: ConfidencePoint[];
  ms: number[];
}

async function pagesOf(dir: string, c: KieCase): Promise<EnginePage[]> {
  const bytes = await readFile(join(dir, c.file));
  if (c.modality === 'image') return [{ image: bytes, textLayer: null }];
  return ingestPages(bytes);
}

export async function runKieDev(engine: Engine, dir: string): Promise<KieRun> {
  const { cases } = JSON.parse(await readFile(join(dir, 'cases.json'), 'utf8')) as { cases: KieCase[] };
  const run: KieRun = { fields: { right: 0, total: 0 }, lines: { tp: 0, predicted: 0, expected: 0 }, bySource: {}, wrong: [], confidence: [], ms: [] };
  for (const c of cases) {
    const pages = await pagesOf(dir, c);
    const names = c.kind === 'fields' ? Object.keys(c.fields) : c.header;
    const fields: FieldSpec[] = names.map((name) => ({ name, formatRequirement: requirementFor(name, c.source) }));
    const rows: Array<Record<string, { value: string; confidence?: number }>> = [];
    for (const page of pages) {
      const t0 = performance.now();
      const res = await engine.extract(page, { fields, globalFormatRequirement: '', quality: 'fast' });
      run.ms.push(performance.now() - t0);
      if (!res.ok) continue;
      for (const row of res.rows) {
        rows.push(Object.fromEntries(names.map((n) => {
          const cell = row[n];
          return [n, cell && !isImageRegion(cell) ? { value: cell.value ?? '', confidence: cell.confidence } : { value: '' }];
        })));
      }
    }
    if (c.kind === 'fields') {
      const src = (run.bySource[c.source] ??= { right: 0, total: 0 });
      for (const n of names) {
        const got = rows.map((r) => r[n]).find((v) => v.value.trim());
        const right = got !== undefined && sameValue(n, c.fields[n], got.value);
        run.fields.total++;
        src.total++;
        if (right) {
          run.fields.right++;
          src.right++;
        } else run.wrong.push({ id: c.id, field: n, expected: c.fields[n], got: got?.value ?? '' });
        if (got?.confidence !== undefined) run.confidence.push({ confidence: got.confidence, right });
      }
    } else {
      const expected = c.header.map((_, k) => c.rows.map((r) => r[k] ?? ''));
      const predicted = c.header.map((n) => rows.map((r) => r[n].value));
      run.lines = addCounts(run.lines, scoreAligned(predicted, expected, c.header.map((_, k) => k)));
    }
  }
  return run;
}

export function summarizeKie(run: KieRun) {
  const acc = (x: { right: number; total: number }) => ({ ...x, accuracy: x.total ? Math.round((x.right / x.total) * 1000) / 1000 : 0 });
  return {
    fields: acc(run.fields),
    line_items: f1(run.lines),
    by_source: Object.fromEntries(Object.entries(run.bySource).map(([k, v]) => [k, acc(v)])),
  };
}
