/**
 * The engine on the real receipts and invoices of the kie-dev and
 * kie-dev-more sets (same format, their README.md in the datasets folder).
 * The sets live outside the repository and are read at run time, never
 * copied (some files are licensed for research use only). Their truth
 * normalizes dates to ISO and amounts to plain decimals, so the bench asks as
 * an integrator would: `YYYY-MM-DD` on dates (SROIE dates stay as printed, as
 * its labels do) and a plain number on amounts, then compares dates and text
 * exactly (case and spacing aside) and amounts as numbers.
 *
 * Every case carries its split (bench/lib/splits.ts, by sender). On scanned
 * pages the `tesseract` CLI can be timed on the same file right after the
 * engine, so both see the same load.
 */
import sharp from 'sharp';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { readEmbeddedInvoice } from '../../src/einvoice/index.js';
import { addCounts, f1, gatherInferred, scoreAligned, type CellCounts } from '../../test/extract/helpers/cell-score.js';
import { isImageRegion, type Engine, type EnginePage, type ExtractedCell, type FieldSpec } from '../../src/extract/types.js';
import { calibration, calibrationChecks, type ConfidencePoint } from './business/evaluate.js';
import { ingestPages } from './business/scan.js';
import { percentiles } from './percentiles.js';
import { realSplit, type Split } from './splits.js';

export interface KieCase {
  id: string;
  source: string;
  doc: string;
  lang: string;
  kind: 'fields' | 'table';
  modality: 'image' | 'pdf';
  file: string;
  header: string[];
  fields: Record<string, string>;
  rows: string[][];
  /** Where the line truth comes from: the set's printed truth, or the XML of the hybrid's original PDF (`--hybrid-originals`). */
  truth?: 'printed' | 'xml';
}

const AMOUNT = /^(total|amount_before_tax|tax_amount|total_amount|quantity|unit_price|line_total)$/;
const DATE = /(^|_)date$/;
const PLAIN_NUMBER = 'number with a dot as decimal separator, no thousands separator';

export function requirementFor(name: string, source: string): string {
  if (AMOUNT.test(name)) return PLAIN_NUMBER;
  if (DATE.test(name) && source !== 'sroie') return 'YYYY-MM-DD';
  return '';
}

export function sameValue(name: string, expected: string, got: string): boolean {
  if (AMOUNT.test(name)) {
    const n = Number(got.replace(/[^\d.-]/g, ''));
    return got.trim() !== '' && Number.isFinite(n) && Math.abs(n - Number(expected)) < 0.005;
  }
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  return norm(got) === norm(expected);
}

/** A peer's wall milliseconds on a file and the CPU milliseconds (user + system) its process took. */
export interface PeerTime {
  ms: number;
  cpuMs: number;
}

/** One case's outcome. */
export interface KieResult {
  id: string;
  source: string;
  split: Split;
  modality: 'image' | 'pdf';
  lang: string;
  fields: { right: number; total: number };
  /** Field name -> right or wrong (for per-field accuracy). */
  byField: Record<string, boolean>;
  /** Field name -> the value read and its confidence, beside the truth (for --show-wrong on tuning cases). */
  values: Record<string, { got: string; expected: string; confidence?: number }>;
  /** Where the line truth came from (table cases). */
  truth?: 'printed' | 'xml';
  lines: CellCounts;
  /** The same table asked with no fields (columns inferred), cells of columns aligned to the truth's. */
  inferredLines: CellCounts;
  confidence: ConfidencePoint[];
  /** Engine ms per page. */
  ms: number[];
  /**
   * Engine CPU ms per page: the process's, every thread of it (the Tesseract workers
   * are worker threads of this process), so a page read on two cores counts both.
   */
  cpuMs: number[];
  /** The peer's wall and CPU ms on the same file, per setting (scanned pages, when timed). */
  peer?: Record<string, PeerTime>;
}

export interface KieOptions {
  splits: readonly Split[];
  /** At most this many cases per source and split (quick runs); all when absent. */
  perSource?: number;
  /** Only these sources (`sroie`, `receipts-de`, `zugferd`, `facturx`); all when absent. */
  sources?: readonly string[];
  /** Called after each case: cases done, cases to do. */
  progress?: (done: number, total: number) => void;
  /** Times a peer on the scan file right after the engine: setting name -> wall and CPU ms. */
  peer?: (file: string, lang: string) => Promise<Record<string, PeerTime>>;
  /**
   * A folder of the hybrid invoices' original PDFs, each saved as `<doc>.pdf`
   * (the file `repo_name`, `commit` and `pdf` of cases.json name, with its
   * XML): their XML lines become line truth for the set's page of that
   * document, which carries no XML (line items printed on the page, asked
   * with the lines' four names and with none).
   */
  hybridOriginals?: string;
}

const LINE_HEADER = ['description', 'quantity', 'unit_price', 'line_total'];

/**
 * A table case for a hybrid invoice whose set gives no line truth, from the
 * XML of its original PDF: description is the item's name (BT-153), quantity,
 * net price and net amount as the XML writes them. Lines with neither name
 * nor amount (a group heading) are left out.
 */
async function xmlTableCase(c: KieCase, originals: string): Promise<KieCase | null> {
  const file = join(originals, `${c.doc}.pdf`);
  if (!existsSync(file)) return null;
  const invoice = await readEmbeddedInvoice(await readFile(file));
  const lines = (invoice?.lines ?? []).filter((l) => l.name || l.netAmount);
  if (!lines.length) return null;
  const rows = lines.map((l) => [l.name ?? '', l.quantity ?? '', l.netPrice ?? '', l.netAmount ?? '']);
  return { ...c, id: c.id.replace(/-fields$/, '-xml-lines'), kind: 'table', header: LINE_HEADER, fields: {}, rows, truth: 'xml' };
}

async function pagesOf(dir: string, c: KieCase): Promise<EnginePage[]> {
  const bytes = await readFile(join(dir, c.file));
  if (c.modality === 'image') return [{ image: bytes, textLayer: null }];
  return ingestPages(bytes);
}

type Cell = { value: string; confidence?: number };

const cellText = (cell: ExtractedCell | undefined) => (cell && !isImageRegion(cell) ? cell.value ?? '' : '');

/**
 * An inferred cell as the truth writes amounts: the named request asks for a
 * plain number, an inferred column comes as printed (`1.234,50 €`), so a
 * printed amount is rewritten with a dot as the decimal mark, the page's
 * language telling a lone separator before three digits (`2,000`: German
 * and French decimal comma). Other text is kept.
 */
export function plainAmount(text: string, lang: string): string {
  const t = text.replace(/\s*(?:€|EUR|\$|USD|£|GBP|CHF)\s*/gi, '').replace(/\s+/g, '').trim();
  const m = /^([-+]?)([\d.,']+)(-?)$/.exec(t);
  if (!m || !/^(\d{1,3}([.,']\d{3})*([.,]\d+)?|\d+([.,]\d+)?)$/.test(m[2])) return text;
  const digits = m[2];
  const last = Math.max(digits.lastIndexOf('.'), digits.lastIndexOf(','));
  const after = last >= 0 ? digits.length - last - 1 : 0;
  const decimalComma = lang === 'de' || lang === 'fr';
  const isDecimal = last >= 0 && (after !== 3 || /[.,].*[.,]/.test(digits) || (digits[last] === ',') === decimalComma);
  const whole = (isDecimal ? digits.slice(0, last) : digits).replace(/[.,']/g, '');
  const sign = m[1] === '-' || m[3] === '-' ? '-' : '';
  return `${sign}${whole}${isDecimal ? `.${digits.slice(last + 1)}` : ''}`;
}

async function runCase(engine: Engine, dir: string, c: KieCase, split: Split, o: KieOptions): Promise<KieResult> {
  const pages = await pagesOf(dir, c);
  const names = c.kind === 'fields' ? Object.keys(c.fields) : c.header;
  const fields: FieldSpec[] = names.map((name) => ({ name, formatRequirement: requirementFor(name, c.source) }));
  const out: KieResult = { id: c.id, source: c.source, split, ...(c.kind === 'table' ? { truth: c.truth ?? 'printed' } : {}), modality: c.modality, lang: c.lang, fields: { right: 0, total: 0 }, byField: {}, values: {}, lines: { tp: 0, predicted: 0, expected: 0 }, inferredLines: { tp: 0, predicted: 0, expected: 0 }, confidence: [], ms: [], cpuMs: [] };
  const rows: Array<Record<string, Cell>> = [];
  for (const page of pages) {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const res = await engine.extract(page, { fields, globalFormatRequirement: '', quality: 'fast' });
    out.ms.push(performance.now() - t0);
    const cpu = process.cpuUsage(cpu0);
    out.cpuMs.push((cpu.user + cpu.system) / MICROS_PER_MS);
    if (!res.ok) continue;
    for (const row of res.rows) {
      rows.push(Object.fromEntries(names.map((n) => {
        const cell = row[n];
        return [n, cell && !isImageRegion(cell) ? { value: cell.value ?? '', confidence: cell.confidence } : { value: '' }];
      })));
    }
  }
  if (c.modality === 'image' && o.peer) out.peer = await o.peer(join(dir, c.file), c.lang);
  if (c.kind === 'fields') {
    for (const n of names) {
      const got = rows.map((r) => r[n]).find((v) => v.value.trim());
      const right = got !== undefined && sameValue(n, c.fields[n], got.value);
      out.fields.total++;
      if (right) out.fields.right++;
      out.byField[n] = right;
      out.values[n] = { got: got?.value ?? '', expected: c.fields[n], confidence: got?.confidence };
      if (got?.confidence !== undefined) out.confidence.push({ confidence: got.confidence, right });
    }
  } else {
    const expected = c.header.map((_, k) => c.rows.map((r) => r[k] ?? ''));
    const predicted = c.header.map((n) => rows.map((r) => r[n].value));
    out.lines = scoreAligned(predicted, expected, c.header.map((_, k) => k));
    const answers: string[][][] = [];
    for (const page of pages) {
      const res = await engine.extract(page, { fields: [], globalFormatRequirement: '', quality: 'fast' });
      if (res.ok) answers.push(res.fields.map((n) => res.rows.map((r) => plainAmount(cellText(r[n]), c.lang))));
    }
    out.inferredLines = scoreAligned(gatherInferred(answers, expected), expected, c.header.map((_, k) => k));
  }
  return out;
}

/** The cases of one set in the given splits (at most `perSource` per source), scored. */
/**
 * Reads the top half of the set's first scan in another language than English once, untimed, and returns what that
 * cold read cost: it starts the OCR workers of both models it reads with (and the second reader), which a
 * service keeps from one page to the next, so the seconds a page after it are a warm engine's, as a user of a
 * running service meets them. The tesseract CLI loads its model in every process, and is timed so.
 */
export async function warmUp(engine: Engine, dir: string): Promise<{ file: string; wall_s: number; cpu_s: number } | null> {
  const { cases } = JSON.parse(await readFile(join(dir, 'cases.json'), 'utf8')) as { cases: KieCase[] };
  const c = cases.find((k) => k.modality === 'image' && k.lang !== 'en') ?? cases.find((k) => k.modality === 'image');
  if (!c) return null;
  // Its top half: other bytes than any timed page, so no reading the engine keeps of a page is met again.
  const bytes = await readFile(join(dir, c.file));
  const { width, height } = await sharp(bytes).metadata();
  const image = await sharp(bytes).extract({ left: 0, top: 0, width: width ?? 1, height: Math.ceil((height ?? 2) / 2) }).jpeg().toBuffer();
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await engine.extract({ image, textLayer: null }, { fields: [], globalFormatRequirement: '', quality: 'fast' });
  const cpu = process.cpuUsage(cpu0);
  return { file: c.file, wall_s: r3((performance.now() - t0) / MS_PER_S), cpu_s: r3((cpu.user + cpu.system) / MICROS_PER_MS / MS_PER_S) };
}

export async function runKie(engine: Engine, dir: string, o: KieOptions): Promise<KieResult[]> {
  const { cases } = JSON.parse(await readFile(join(dir, 'cases.json'), 'utf8')) as { cases: KieCase[] };
  const taken = new Map<string, number>();
  const chosen: Array<[KieCase, Split]> = [];
  const printedTables = new Set(cases.filter((c) => c.kind === 'table').map((c) => c.doc));
  for (const c of cases) {
    const split = realSplit(c, cases);
    if (!o.splits.includes(split) || (o.sources && !o.sources.includes(c.source))) continue;
    const key = `${split}/${c.source}`;
    if (o.perSource !== undefined && (taken.get(key) ?? 0) >= o.perSource) continue;
    taken.set(key, (taken.get(key) ?? 0) + 1);
    chosen.push([c, split]);
    const xml = o.hybridOriginals && c.kind === 'fields' && c.modality === 'pdf' && !printedTables.has(c.doc) ? await xmlTableCase(c, o.hybridOriginals) : null;
    if (xml) chosen.push([xml, split]);
  }
  const results: KieResult[] = [];
  for (const [c, split] of chosen) {
    results.push(await runCase(engine, dir, c, split, o));
    o.progress?.(results.length, chosen.length);
  }
  return results;
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;
const MS_PER_S = 1000;
const MICROS_PER_MS = 1000;
const accuracy = (right: number, total: number) => ({ right, total, accuracy: total ? r3(right / total) : 0 });

/** Field accuracy, line-item F1, per source and per field name, over some results. */
export function summarizeKie(results: KieResult[]) {
  const sum = (xs: KieResult[]) => accuracy(xs.reduce((n, x) => n + x.fields.right, 0), xs.reduce((n, x) => n + x.fields.total, 0));
  const sources = [...new Set(results.map((r) => r.source))].sort();
  const fieldNames = [...new Set(results.flatMap((r) => Object.keys(r.byField)))].sort();
  const tables = results.filter((r) => r.lines.expected > 0);
  const lineF1 = (xs: KieResult[], k: 'lines' | 'inferredLines') => f1(xs.reduce((acc, r) => addCounts(acc, r[k]), { tp: 0, predicted: 0, expected: 0 }));
  // Printed truth under the source's name, XML truth beside it (`facturx (xml)`).
  const lineSource = (r: KieResult) => (r.truth === 'xml' ? `${r.source} (xml)` : r.source);
  const lineSources = [...new Set(tables.map(lineSource))].sort();
  return {
    cases: results.length,
    fields: sum(results),
    ...(tables.length
      ? {
          line_items: lineF1(tables, 'lines'),
          line_items_inferred: lineF1(tables, 'inferredLines'),
          line_items_by_source: Object.fromEntries(lineSources.map((src) => {
            const xs = tables.filter((r) => lineSource(r) === src);
            return [src, { named: lineF1(xs, 'lines'), inferred: lineF1(xs, 'inferredLines') }];
          })),
        }
      : {}),
    by_source: Object.fromEntries(sources.map((s) => [s, sum(results.filter((r) => r.source === s))])),
    by_field: Object.fromEntries(fieldNames.map((f) => {
      const marks = results.flatMap((r) => (f in r.byField ? [r.byField[f]] : []));
      return [f, accuracy(marks.filter(Boolean).length, marks.length)];
    })),
    ms_per_page: percentiles(results.flatMap((r) => r.ms)),
  };
}

/** Share right per confidence bin, over the values read from scanned pages. */
export function scanCalibration(results: KieResult[]) {
  return calibration(results.filter((r) => r.modality === 'image').flatMap((r) => r.confidence));
}

/** Whether share right rises with confidence on those values, and how many reach 0.9 (calibrationChecks). */
export function scanCalibrationChecks(results: KieResult[]) {
  return calibrationChecks(scanCalibration(results));
}

/**
 * Seconds a scanned page: the engine (one `fast` extract with the case's
 * fields, as a client asks) against each peer setting on the same file, p50
 * and p95, with their ratios, in wall time and in CPU time. On a loaded
 * machine the CPU ratio is the steadier one: wall time depends on how many
 * cores each side gets (the engine reads on its OCR threads, the peer's
 * `cli_1_thread` on one).
 */
export function scanSpeed(results: KieResult[]) {
  const scans = results.filter((r) => r.modality === 'image');
  const engine = { wall: percentiles(scans.flatMap((r) => r.ms)), cpu: percentiles(scans.flatMap((r) => r.cpuMs)) };
  const settings = [...new Set(scans.flatMap((r) => Object.keys(r.peer ?? {})))];
  const timed = (s: string) => scans.flatMap((r) => (r.peer?.[s] ? [r.peer[s]] : []));
  const seconds = (p: { p50: number; p95: number }) => ({ p50_s: r3(p.p50 / MS_PER_S), p95_s: r3(p.p95 / MS_PER_S) });
  const figures = (e: typeof engine) => ({ n: e.wall.n, wall: seconds(e.wall), cpu: seconds(e.cpu) });
  const ratios = (p: typeof engine) => ({
    wall: { ratio_p50: r3(engine.wall.p50 / p.wall.p50), ratio_p95: r3(engine.wall.p95 / p.wall.p95) },
    cpu: { ratio_p50: r3(engine.cpu.p50 / p.cpu.p50), ratio_p95: r3(engine.cpu.p95 / p.cpu.p95) },
  });
  const peers = Object.fromEntries(settings.map((s) => {
    const p = { wall: percentiles(timed(s).map((t) => t.ms)), cpu: percentiles(timed(s).map((t) => t.cpuMs)) };
    return [s, { ...figures(p), ratios: ratios(p) }];
  }));
  // Each page's own seconds too, so the pages of several short runs (each under bench.lock's 10 minutes) can be pooled.
  const pages = scans.map((r) => ({
    id: r.id,
    source: r.source,
    split: r.split,
    wall_s: r3(r.ms.reduce((a, b) => a + b, 0) / MS_PER_S),
    cpu_s: r3(r.cpuMs.reduce((a, b) => a + b, 0) / MS_PER_S),
    peers: Object.fromEntries(Object.entries(r.peer ?? {}).map(([k, t]) => [k, { wall_s: r3(t.ms / MS_PER_S), cpu_s: r3(t.cpuMs / MS_PER_S) }])),
  }));
  return { engine: figures(engine), peers, pages };
}

/**
 * The wrong fields of the tuning cases, one line each (`case field: read
 * [confidence] | expected`). Held-out cases are never listed: rules are
 * changed looking at the tuning split only.
 */
export function wrongTuningValues(set: string, results: KieResult[]): string {
  const lines = results
    .filter((r) => r.split === 'tuning')
    .flatMap((r) => Object.entries(r.values)
      .filter(([n]) => !r.byField[n])
      .map(([n, v]) => `${set} ${r.id} ${n}: ${JSON.stringify(v.got)} [${v.confidence?.toFixed(2) ?? '-'}] | ${JSON.stringify(v.expected)}`));
  return lines.length ? `${lines.join('\n')}\n` : '';
}
