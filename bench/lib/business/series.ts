/**
 * The series section of `npm run bench:extract`: layout memory measured as a
 * client meets it. Each series is eight or more documents of one sender (the
 * same layout and client request, other values: bench/lib/business, option
 * `series`), one a kind with the languages taking turns, digital (PDF) and
 * scanned (a JPEG). Through a real `docrows serve` on loopback:
 * 1. every document is read cold (two batches a series: the document fields,
 *    the line items, as evaluate.ts asks);
 * 2. the first page of the first document of each batch is corrected through
 *    the HTTP API with the document's truth, and the learning waited for;
 * 3. the rest are read again (`reprocess: true`); fields and line F1 of
 *    documents 2.. before and after.
 * Real series too: each sender of kie-dev and kie-dev-more with two
 * documents or more of one task (fields, line items), its first document
 * corrected from the case's truth, the rest read again (`kie digital`: the
 * invoices' PDFs, `kie scanned`: receipt photos and scans).
 * Beside each set's figures, the calibration table of documents 2.. before
 * and after (evaluate.ts's bins: share right per confidence bin over the
 * fields and line cells that carry a confidence; issue 26: on scans, values
 * at 0.9 or more right at least 97% of the time).
 * Lone documents of other senders are read before any correction and again
 * after all: `others_unchanged` counts those whose answer (values and
 * confidence) is the same to the last digit.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DocrowsClient } from '../../../src/client/index.js';
import { pageImage, type Engine } from '../../../src/extract/types.js';
import { addCounts, f1, scoreAligned, type CellCounts } from '../../../test/extract/helpers/cell-score.js';
import { parseMetrics } from '../../../test/scale/metrics-text.js';
import { requirementFor, sameValue, type KieCase } from '../kie-dev.js';
import { BENCH_ADMIN_TOKEN, createBenchAccount, startBenchServer, startInProcessBenchServer } from '../server.js';
import { realSender, realSplit, splitSeeds, type Split } from '../splits.js';
import { calibration, calibrationChecks, cellRightness, normalizeValue, type Calibration, type ConfidencePoint } from './evaluate.js';
import { generateBusinessDoc, type BusinessDoc, type BusinessKind, type Lang, type RequestedField } from './index.js';
import { ingestPages, randomScanOptions, scanImage } from './scan.js';

export interface SeriesBenchOptions {
  splits: readonly Split[];
  /** Documents a series (at least 8). */
  length: number;
  kinds: readonly BusinessKind[];
  langs: readonly Lang[];
  /** A series of every kind in every language of `langs`, not one language a kind taking turns. */
  everyLanguage?: boolean;
  modalities: readonly Modality[];
  /** Generated series, and the real senders of kie-dev and kie-dev-more that repeat. */
  sets: ReadonlyArray<'generated' | 'kie'>;
  /** Where kie-dev and kie-dev-more lie. */
  datasetRoot: string;
  /** The split's series seeds from this one on (default 1): fresh series of the tuning split beside the standard ones. */
  seedStart?: number;
  /** Scans read from saved OCR words (`--ocr-cache`): the service then runs in this process on this engine. */
  engine?: Engine;
}

type Modality = 'digital' | 'scanned';

interface Score {
  fieldsRight: number;
  fieldsTotal: number;
  /** [key, expected, got] of the wrong fields. */
  wrong: Array<[string, string, string]>;
  lines: CellCounts;
  /** Each returned value with a confidence, right or wrong: the calibration table's points. */
  confidence: ConfidencePoint[];
}

type Cell = { value: unknown; confidence?: number | null } | null;
type Rows = Array<Record<string, Cell>>;

const valueOf = (c: Cell): string => (c && typeof c === 'object' && 'value' in c && c.value !== null && c.value !== undefined ? String(c.value) : '');
const confidenceOf = (c: Cell): number | undefined => (c && typeof c === 'object' && typeof c.confidence === 'number' ? c.confidence : undefined);
const NO_LINES = { tp: 0, predicted: 0, expected: 0 };

/** Fields as evaluate.ts scores them: the first non-empty value over the rows, with its confidence for the calibration. */
function scoreFields(doc: BusinessDoc, rows: Rows): Omit<Score, 'lines'> {
  let right = 0;
  const wrong: Score['wrong'] = [];
  const confidence: ConfidencePoint[] = [];
  for (const f of doc.request.fields) {
    const cell = rows.map((r) => r[f.name] ?? null).find((c) => valueOf(c).trim() !== '') ?? null;
    const got = valueOf(cell);
    const isRight = normalizeValue(f.key, got) === normalizeValue(f.key, doc.fields[f.key]);
    if (isRight) right++;
    else wrong.push([f.key, doc.fields[f.key], got]);
    const c = confidenceOf(cell);
    if (cell && c !== undefined) confidence.push({ confidence: c, right: isRight });
  }
  return { fieldsRight: right, fieldsTotal: doc.request.fields.length, wrong, confidence };
}

/** Line F1 per requested column, and each returned cell with a confidence, right or wrong (evaluate.ts's `cellRightness`). */
function scoreLines(doc: BusinessDoc, rows: Rows): Pick<Score, 'lines' | 'confidence'> {
  const fields = doc.request.lines;
  const predicted = fields.map((f) => rows.map((r) => normalizeValue(f.key, valueOf(r[f.name] ?? null))));
  const expected = fields.map((f) => doc.lines.map((row) => normalizeValue(f.key, row[f.key] ?? '')));
  const confidence = fields.flatMap((f, i) => cellRightness(rows.map((r) => ({ confidence: confidenceOf(r[f.name] ?? null) })), predicted[i], expected[i]));
  return { lines: scoreAligned(predicted, expected, fields.map((_, i) => i)), confidence };
}

/** Fields accuracy and line F1; null where there is nothing to score (a set of fields-only series has no lines). */
function summary(scores: Score[]) {
  const right = scores.reduce((n, s) => n + s.fieldsRight, 0);
  const total = scores.reduce((n, s) => n + s.fieldsTotal, 0);
  const lines = scores.reduce((acc, s) => addCounts(acc, s.lines), { tp: 0, predicted: 0, expected: 0 });
  return {
    documents: scores.length,
    fields: { right, total, accuracy: total ? Math.round((right / total) * 1000) / 1000 : null },
    line_items: lines.expected || lines.predicted ? f1(lines) : null,
  };
}

/** The calibration table of documents 2.. (fields and line cells together, evaluate.ts's bins) and its checks. */
function calibrated(scores: Score[]) {
  const table = calibration(scores.flatMap((s) => s.confidence));
  return { table, checks: calibrationChecks(table) };
}

/** The calibration table's lines of the text table: share right (values) per confidence bin, before → after. */
function calibrationRows(before: Calibration, after: Calibration): string {
  const bin = (t: Calibration, name: string) => (t[name].values ? `${shown(t[name].share_right)} (${t[name].values})` : '–');
  return `${' '.repeat(29)}calibration, share right (values) before → after: ${Object.keys(after).map((name) => `${name} ${bin(before, name)} → ${bin(after, name)}`).join(';  ')}\n`;
}

/** A figure of the table: a dash where nothing was scored. */
const shown = (x: number | null | undefined): string => (x === null || x === undefined ? '–' : String(x));

/** One batch of a series: the names asked (with their format), what a person sets on a document and how its rows score. */
interface SeriesBatch {
  suffix: 'f' | 'l';
  fields: Array<{ name: string; format_requirement: string }>;
  /** The document's truth as rows of the requested names: what the correction sends. */
  truth: (doc: number) => Array<Record<string, string>>;
  score: (doc: number, rows: Rows) => Score;
}

interface SeriesRun {
  name: string;
  set: 'generated' | 'kie';
  modality: Modality;
  /** What the JSON names the series by. */
  label: Record<string, string>;
  files: Array<{ content: Buffer; filename: string }>;
  batches: SeriesBatch[];
  /** Page ids of each document per batch (a long table flows over a second page). */
  ids: Partial<Record<'f' | 'l', string[][]>>;
}

/** A generated series: the document fields batch and the line items batch, asked by name as evaluate.ts asks. */
async function generatedRun(name: string, docs: BusinessDoc[], modality: Modality, kind: BusinessKind, lang: Lang): Promise<SeriesRun> {
  const asked = (fs: RequestedField[]) => fs.map((f) => ({ name: f.name, format_requirement: '' }));
  const request = docs[0].request;
  return {
    name, set: 'generated', modality, label: { kind, lang, modality },
    files: await Promise.all(docs.map((d) => fileOf(d, modality))),
    batches: [
      {
        suffix: 'f', fields: asked(request.fields),
        truth: (i) => [Object.fromEntries(request.fields.map((f) => [f.name, docs[i].fields[f.key]]))],
        score: (i, rows) => ({ ...scoreFields(docs[i], rows), lines: NO_LINES }),
      },
      {
        suffix: 'l', fields: asked(request.lines),
        truth: (i) => docs[i].lines.map((row) => Object.fromEntries(request.lines.map((f) => [f.name, row[f.key] ?? '']))),
        score: (i, rows) => ({ fieldsRight: 0, fieldsTotal: 0, wrong: [], ...scoreLines(docs[i], rows) }),
      },
    ],
    ids: {},
  };
}

/**
 * The real senders with two documents or more of one task (kie-dev and
 * kie-dev-more, bench/lib/kie-dev.ts), in a split: one series each, the
 * cases in the sets' order, asked as the kie section asks (dates ISO, amounts
 * plain numbers), the correction copied from the case's truth.
 */
async function kieRuns(datasetRoot: string, split: Split): Promise<SeriesRun[]> {
  const sets = ['kie-dev', 'kie-dev-more'].filter((s) => existsSync(join(datasetRoot, s, 'cases.json')));
  const cases: Array<KieCase & { dir: string }> = [];
  for (const s of sets) {
    const { cases: cs } = JSON.parse(await readFile(join(datasetRoot, s, 'cases.json'), 'utf8')) as { cases: KieCase[] };
    cases.push(...cs.map((c) => ({ ...c, dir: join(datasetRoot, s) })));
  }
  const groups = new Map<string, typeof cases>();
  for (const c of cases) {
    if (realSplit(c, cases) !== split) continue;
    const key = `${realSender(c, cases)}|${c.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const runs: SeriesRun[] = [];
  for (const [key, cs] of groups) {
    if (cs.length < 2) continue;
    const [sender, kind] = key.split('|');
    const names = kind === 'fields' ? Object.keys(cs[0].fields) : cs[0].header;
    const name = `kie-${sender.replace(/[^a-z0-9]+/gi, '-')}-${kind}`.toLowerCase();
    const batch: SeriesBatch = kind === 'fields'
      ? {
          suffix: 'f', fields: names.map((n) => ({ name: n, format_requirement: requirementFor(n, cs[0].source) })),
          truth: (i) => [Object.fromEntries(names.map((n) => [n, cs[i].fields[n] ?? '']))],
          score: (i, rows) => {
            let right = 0;
            const confidence: ConfidencePoint[] = [];
            const asked = Object.keys(cs[i].fields);
            for (const n of asked) {
              const cell = rows.map((r) => r[n] ?? null).find((c) => valueOf(c).trim() !== '') ?? null;
              const isRight = cell !== null && sameValue(n, cs[i].fields[n], valueOf(cell));
              if (isRight) right++;
              const c = confidenceOf(cell);
              if (cell && c !== undefined) confidence.push({ confidence: c, right: isRight });
            }
            return { fieldsRight: right, fieldsTotal: asked.length, wrong: [], lines: NO_LINES, confidence };
          },
        }
      : {
          suffix: 'l', fields: names.map((n) => ({ name: n, format_requirement: requirementFor(n, cs[0].source) })),
          truth: (i) => cs[i].rows.map((r) => Object.fromEntries(names.map((n, k) => [n, r[k] ?? '']))),
          score: (i, rows) => {
            const predicted = names.map((n) => rows.map((r) => valueOf(r[n] ?? null)));
            const expected = names.map((_, k) => cs[i].rows.map((r) => r[k] ?? ''));
            const confidence = names.flatMap((n, k) => cellRightness(rows.map((r) => ({ confidence: confidenceOf(r[n] ?? null) })), predicted[k], expected[k]));
            return { fieldsRight: 0, fieldsTotal: 0, wrong: [], lines: scoreAligned(predicted, expected, names.map((_, k) => k)), confidence };
          },
        };
    runs.push({
      name, set: 'kie', modality: cs[0].modality === 'image' ? 'scanned' : 'digital', label: { sender, task: kind, cases: cs.map((c) => c.id).join(' ') },
      files: await Promise.all(cs.map(async (c) => ({ content: await readFile(join(c.dir, c.file)), filename: c.file }))),
      batches: [batch],
      ids: {},
    });
  }
  return runs;
}

/** The file a client uploads: the PDF, or a scan of its page. */
async function fileOf(doc: BusinessDoc, modality: Modality): Promise<{ content: Buffer; filename: string }> {
  if (modality === 'digital') return { content: doc.pdf, filename: `${doc.id}.pdf` };
  const [page] = await ingestPages(doc.pdf);
  return { content: await scanImage(pageImage(page), randomScanOptions(doc.seed), doc.seed), filename: `${doc.id}.jpg` };
}

class Reader {
  constructor(private readonly client: DocrowsClient) {}

  /** Uploads a run's documents, one batch a task (`<name>-f`, `<name>-l`); keeps each document's page ids per batch. */
  async upload(run: SeriesRun): Promise<SeriesRun> {
    for (const b of run.batches) {
      const ids: string[][] = [];
      for (const { content, filename } of run.files) ids.push((await this.client.upload(content, { batchName: `${run.name}-${b.suffix}`, filename })).documentIds);
      run.ids[b.suffix] = ids;
    }
    return run;
  }

  async process(run: SeriesRun, reprocess = false): Promise<void> {
    for (const b of run.batches) await this.client.process(`${run.name}-${b.suffix}`, { fields: b.fields, reprocess });
  }

  async wait(runs: SeriesRun[]): Promise<void> {
    for (const r of runs) for (const b of r.batches) await this.client.waitForBatch(`${r.name}-${b.suffix}`, { intervalMs: 250, timeoutMs: 3_600_000 });
  }

  /** Every document's rows of each batch of a run, by batch and document id, values with their confidence. */
  async rows(run: SeriesRun): Promise<Map<string, Map<string, Rows>>> {
    const out = new Map<string, Map<string, Rows>>();
    for (const b of run.batches) {
      const res = await this.client.results(`${run.name}-${b.suffix}`, { include: 'confidence' });
      out.set(b.suffix, new Map(res.documents.map((d) => [d.document_id, (d.line_items ?? []) as Rows])));
    }
    return out;
  }
}

/**
 * Learning jobs waiting or running on the service (its `/metrics`, `docrows_queue_depth`): none once every
 * correction has been learned from, or found to teach nothing (a correction whose values the page's words do not
 * print starts no memory, so the memories' count alone never reaches the corrections').
 */
async function learningQueued(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` } });
  if (!res.ok) throw new Error(`metrics: ${res.status}`);
  const learning = parseMetrics(await res.text()).filter((m) => m.name === 'docrows_queue_depth' && m.labels.kind === 'layout_memory.learn');
  return learning.reduce((n, m) => n + m.value, 0);
}

export async function runSeriesBench(o: SeriesBenchOptions): Promise<{ json: Record<string, unknown>; table: string }> {
  const server = o.engine ? await startInProcessBenchServer(o.engine, 2) : await startBenchServer({ DOCROWS_WORKERS: '2' });
  const json: Record<string, unknown> = {};
  let table = '\nseries (layout memory): fields accuracy / line F1 of documents 2.., before → after one correction\n';
  try {
    for (const split of o.splits) {
      const { apiKey } = await createBenchAccount(server.baseUrl);
      const client = new DocrowsClient({ baseUrl: server.baseUrl, apiKey });
      const reader = new Reader(client);
      // One series a kind, in a language that takes turns; the series seed of the split, the values from 1 up.
      const seeds = splitSeeds(split, o.kinds.length, o.seedStart ?? 1);
      const runs: SeriesRun[] = [];
      if (o.sets.includes('generated')) {
        for (const [k, kind] of o.kinds.entries()) {
          const langs = o.everyLanguage ? o.langs : [o.langs[(k + (split === 'tuning' ? 0 : 3)) % o.langs.length]];
          for (const lang of langs) {
            const docs = await Promise.all(Array.from({ length: o.length }, (_, i) => generateBusinessDoc({ seed: 1000 + i, kind, lang, series: seeds[k] })));
            for (const modality of o.modalities) {
              runs.push(await reader.upload(await generatedRun(`${kind}-${lang}-${modality}`.replace(/_/g, '-'), docs, modality, kind, lang)));
            }
          }
        }
      }
      if (o.sets.includes('kie')) for (const run of await kieRuns(o.datasetRoot, split)) if (o.modalities.includes(run.modality)) runs.push(await reader.upload(run));
      // Other senders: a lone document of each kind, never corrected.
      const others: SeriesRun[] = [];
      for (const [k, kind] of o.kinds.entries()) {
        const lang = o.langs[(k + 1) % o.langs.length];
        const doc = await generateBusinessDoc({ seed: seeds[k] + 7919, kind, lang });
        others.push(await reader.upload(await generatedRun(`other-${kind}`.replace(/_/g, '-'), [doc], 'digital', kind, lang)));
      }
      for (const run of others) await reader.process(run);
      await reader.wait(others);
      const answers = async (rs: SeriesRun[]) => Promise.all(rs.map(async (r) => JSON.stringify([...(await reader.rows(r))].map(([b, m]) => [b, [...m]]))));
      const othersBefore = await answers(others);
      // 1. Cold.
      for (const run of runs) await reader.process(run);
      await reader.wait(runs);
      const before = new Map<string, Map<string, Map<string, Rows>>>();
      for (const run of runs) before.set(run.name, await reader.rows(run));
      // 2. The first document of each batch corrected with its truth; the learning waited for.
      let expected = 0;
      for (const run of runs) {
        for (const b of run.batches) {
          await client.correctLineItems(run.ids[b.suffix]![0][0], b.truth(0));
          expected++;
        }
      }
      const deadline = Date.now() + 600_000;
      let learned = 0;
      while (Date.now() < deadline) {
        // Asked before the memories are counted, so a job that ends in between is counted too.
        const idle = await learningQueued(server.baseUrl) === 0;
        learned = 0;
        for await (const m of client.iterateLayoutMemories({ limit: 100 })) learned += m.documents;
        if (learned >= expected || idle) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
      // 3. The rest again, with the memory.
      for (const run of [...runs, ...others]) await reader.process(run, true);
      await reader.wait([...runs, ...others]);
      const result: Record<string, unknown> = {};
      const bySet: Record<string, { before: Score[]; after: Score[] }> = {};
      for (const run of runs) {
        const after = await reader.rows(run);
        const cold = before.get(run.name)!;
        // A document's rows: those of its pages in order.
        const scored = (m: Map<string, Map<string, Rows>>) => run.files.slice(1).map((_, k) => run.batches.map((b) => {
          const rows = run.ids[b.suffix]![k + 1].flatMap((id) => m.get(b.suffix)?.get(id) ?? []);
          return b.score(k + 1, rows);
        }).reduce((acc, s) => ({
          fieldsRight: acc.fieldsRight + s.fieldsRight, fieldsTotal: acc.fieldsTotal + s.fieldsTotal,
          wrong: [...acc.wrong, ...s.wrong], lines: addCounts(acc.lines, s.lines), confidence: [...acc.confidence, ...s.confidence],
        })));
        const [b, a] = [scored(cold), scored(after)];
        // Wrong fields with examples on the tuning split only (bench/lib/splits.ts: held-out is never read case by case).
        const examples = (xs: Score[]) => (split === 'tuning' ? xs.flatMap((x) => x.wrong).slice(0, 6) : undefined);
        if (split === 'tuning') result[run.name] = { ...run.label, before: { ...summary(b), wrong: examples(b) }, after: { ...summary(a), wrong: examples(a) } };
        const g = (bySet[`${run.set} ${run.modality}`] ??= { before: [], after: [] });
        g.before.push(...b);
        g.after.push(...a);
      }
      // Other senders read again after every memory exists: the same answer to the last digit.
      const othersAfter = await answers(others);
      const unchanged = othersAfter.filter((a, i) => a === othersBefore[i]).length;
      const overall = Object.fromEntries(Object.entries(bySet).map(([m, g]) => [m, { before: summary(g.before), after: summary(g.after), calibration: { before: calibrated(g.before), after: calibrated(g.after) } }]));
      json[split] = { series_length: o.length, corrections_learned: learned, corrections: expected, overall, others_unchanged: { unchanged, documents: others.length }, ...(split === 'tuning' ? { series: result } : {}) };
      for (const [m, g] of Object.entries(overall)) {
        table += `  ${split.padEnd(8)} ${m.padEnd(17)} fields ${shown(g.before.fields.accuracy)} → ${shown(g.after.fields.accuracy)}   lines F1 ${shown(g.before.line_items?.f1)} → ${shown(g.after.line_items?.f1)}   (${g.before.documents} documents)\n`;
        table += calibrationRows(g.calibration.before.table, g.calibration.after.table);
      }
      table += `  ${split.padEnd(8)} other senders unchanged: ${unchanged}/${others.length}; corrections learned ${learned}/${expected}\n`;
    }
  } finally {
    await server.stop();
  }
  return { json, table };
}
