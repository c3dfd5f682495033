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
 * Lone documents of other senders are read before any correction and again
 * after all: `others_unchanged` counts those whose answer (values and
 * confidence) is the same to the last digit.
 */
import { DocrowsClient } from '../../../src/client/index.js';
import { addCounts, f1, scoreAligned, type CellCounts } from '../../../test/extract/helpers/cell-score.js';
import { createBenchAccount, startBenchServer } from '../server.js';
import { splitSeeds, type Split } from '../splits.js';
import { normalizeValue } from './evaluate.js';
import { generateBusinessDoc, type BusinessDoc, type BusinessKind, type Lang, type RequestedField } from './index.js';
import { ingestPages, randomScanOptions, scanImage } from './scan.js';
import { pageImage } from '../../../src/extract/types.js';

export interface SeriesBenchOptions {
  splits: readonly Split[];
  /** Documents a series (at least 8). */
  length: number;
  kinds: readonly BusinessKind[];
  langs: readonly Lang[];
  modalities: readonly Modality[];
}

type Modality = 'digital' | 'scanned';

interface Score {
  fieldsRight: number;
  fieldsTotal: number;
  /** [key, expected, got] of the wrong fields. */
  wrong: Array<[string, string, string]>;
  lines: CellCounts;
}

type Cell = { value: unknown; confidence?: number | null } | null;
type Rows = Array<Record<string, Cell>>;

const valueOf = (c: Cell): string => (c && typeof c === 'object' && 'value' in c && c.value !== null && c.value !== undefined ? String(c.value) : '');

function scoreFields(doc: BusinessDoc, rows: Rows): Pick<Score, 'fieldsRight' | 'fieldsTotal' | 'wrong'> {
  let right = 0;
  const wrong: Score['wrong'] = [];
  for (const f of doc.request.fields) {
    const got = rows.map((r) => valueOf(r[f.name] ?? null)).find((v) => v.trim() !== '') ?? '';
    if (normalizeValue(f.key, got) === normalizeValue(f.key, doc.fields[f.key])) right++;
    else wrong.push([f.key, doc.fields[f.key], got]);
  }
  return { fieldsRight: right, fieldsTotal: doc.request.fields.length, wrong };
}

function scoreLines(doc: BusinessDoc, rows: Rows): CellCounts {
  const fields = doc.request.lines;
  const predicted = fields.map((f) => rows.map((r) => normalizeValue(f.key, valueOf(r[f.name] ?? null))));
  const expected = fields.map((f) => doc.lines.map((row) => normalizeValue(f.key, row[f.key] ?? '')));
  return scoreAligned(predicted, expected, fields.map((_, i) => i));
}

function summary(scores: Score[]) {
  const right = scores.reduce((n, s) => n + s.fieldsRight, 0);
  const total = scores.reduce((n, s) => n + s.fieldsTotal, 0);
  return {
    documents: scores.length,
    fields: { right, total, accuracy: total ? Math.round((right / total) * 1000) / 1000 : null },
    line_items: f1(scores.reduce((acc, s) => addCounts(acc, s.lines), { tp: 0, predicted: 0, expected: 0 })),
  };
}

/** What a person sends to correct a document: its truth, as rows of the requested names. */
function truthRows(doc: BusinessDoc, which: 'fields' | 'lines'): Array<Record<string, string>> {
  if (which === 'fields') return [Object.fromEntries(doc.request.fields.map((f) => [f.name, doc.fields[f.key]]))];
  return doc.lines.map((row) => Object.fromEntries(doc.request.lines.map((f) => [f.name, row[f.key] ?? ''])));
}

/** The file a client uploads: the PDF, or a scan of its page. */
async function fileOf(doc: BusinessDoc, modality: Modality): Promise<{ content: Buffer; filename: string }> {
  if (modality === 'digital') return { content: doc.pdf, filename: `${doc.id}.pdf` };
  const [page] = await ingestPages(doc.pdf);
  return { content: await scanImage(pageImage(page), randomScanOptions(doc.seed), doc.seed), filename: `${doc.id}.jpg` };
}

class Reader {
  constructor(private readonly client: DocrowsClient) {}

  /** Uploads documents into two batches (`<name>-f`, `<name>-l`); returns each document's page ids per batch. */
  async upload(name: string, docs: BusinessDoc[], modality: Modality): Promise<{ f: string[][]; l: string[][] }> {
    const out = { f: [] as string[][], l: [] as string[][] };
    for (const doc of docs) {
      const { content, filename } = await fileOf(doc, modality);
      for (const b of ['f', 'l'] as const) {
        const up = await this.client.upload(content, { batchName: `${name}-${b}`, filename });
        out[b].push(up.documentIds);
      }
    }
    return out;
  }

  async process(name: string, request: BusinessDoc['request'], reprocess = false): Promise<void> {
    const names = (fs: RequestedField[]) => fs.map((f) => f.name);
    await this.client.process(`${name}-f`, { fields: names(request.fields), reprocess });
    await this.client.process(`${name}-l`, { fields: names(request.lines), reprocess });
  }

  async wait(names: string[]): Promise<void> {
    for (const n of names) for (const b of ['f', 'l']) await this.client.waitForBatch(`${n}-${b}`, { intervalMs: 250, timeoutMs: 3_600_000 });
  }

  /** Every document's rows of one batch, by document id, values with their confidence. */
  async rows(batch: string): Promise<Map<string, Rows>> {
    const res = await this.client.results(batch, { include: 'confidence' });
    return new Map(res.documents.map((d) => [d.document_id, (d.line_items ?? []) as Rows]));
  }
}

interface SeriesRun {
  name: string;
  docs: BusinessDoc[];
  /** Page ids of each document (a long table flows over a second page). */
  ids: { f: string[][]; l: string[][] };
  modality: Modality;
  kind: BusinessKind;
  lang: Lang;
}

export async function runSeriesBench(o: SeriesBenchOptions): Promise<{ json: Record<string, unknown>; table: string }> {
  const server = await startBenchServer({ DOCROWS_WORKERS: '2' });
  const json: Record<string, unknown> = {};
  let table = '\nseries (layout memory): fields accuracy / line F1 of documents 2.., before → after one correction\n';
  try {
    for (const split of o.splits) {
      const { apiKey } = await createBenchAccount(server.baseUrl);
      const client = new DocrowsClient({ baseUrl: server.baseUrl, apiKey });
      const reader = new Reader(client);
      // One series a kind, in a language that takes turns; the series seed of the split, the values from 1 up.
      const seeds = splitSeeds(split, o.kinds.length, 1);
      const runs: SeriesRun[] = [];
      for (const [k, kind] of o.kinds.entries()) {
        const lang = o.langs[(k + (split === 'tuning' ? 0 : 3)) % o.langs.length];
        const docs = await Promise.all(Array.from({ length: o.length }, (_, i) => generateBusinessDoc({ seed: 1000 + i, kind, lang, series: seeds[k] })));
        for (const modality of o.modalities) {
          const name = `${kind}-${lang}-${modality}`.replace(/_/g, '-');
          runs.push({ name, docs, ids: await reader.upload(name, docs, modality), modality, kind, lang });
        }
      }
      // Other senders: a lone document of each kind, never corrected.
      const others: SeriesRun[] = [];
      for (const [k, kind] of o.kinds.entries()) {
        const lang = o.langs[(k + 1) % o.langs.length];
        const doc = await generateBusinessDoc({ seed: seeds[k] + 7919, kind, lang });
        const name = `other-${kind}`.replace(/_/g, '-');
        others.push({ name, docs: [doc], ids: await reader.upload(name, [doc], 'digital'), modality: 'digital', kind, lang });
      }
      for (const run of others) await reader.process(run.name, run.docs[0].request);
      await reader.wait(others.map((r) => r.name));
      const answers = async (runs: SeriesRun[]) => Promise.all(runs.map(async (r) => JSON.stringify([[...(await reader.rows(`${r.name}-f`))], [...(await reader.rows(`${r.name}-l`))]])));
      const othersBefore = await answers(others);
      // 1. Cold.
      for (const run of runs) await reader.process(run.name, run.docs[0].request);
      await reader.wait(runs.map((r) => r.name));
      const before = new Map<string, { f: Map<string, Rows>; l: Map<string, Rows> }>();
      for (const run of runs) before.set(run.name, { f: await reader.rows(`${run.name}-f`), l: await reader.rows(`${run.name}-l`) });
      // 2. The first document of each batch corrected with its truth; the learning waited for.
      for (const run of runs) {
        await client.correctLineItems(run.ids.f[0][0], truthRows(run.docs[0], 'fields'));
        await client.correctLineItems(run.ids.l[0][0], truthRows(run.docs[0], 'lines'));
      }
      const expected = runs.length * 2;
      const deadline = Date.now() + 600_000;
      let learned = 0;
      while (Date.now() < deadline) {
        learned = 0;
        for await (const m of client.iterateLayoutMemories({ limit: 100 })) learned += m.documents;
        if (learned >= expected) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
      // 3. The rest again, with the memory.
      for (const run of [...runs, ...others]) await reader.process(run.name, run.docs[0].request, true);
      await reader.wait([...runs, ...others].map((r) => r.name));
      const result: Record<string, unknown> = {};
      const byModality: Record<string, { before: Score[]; after: Score[] }> = {};
      for (const run of runs) {
        const after = { f: await reader.rows(`${run.name}-f`), l: await reader.rows(`${run.name}-l`) };
        const cold = before.get(run.name)!;
        // A document's rows: those of its pages in order.
        const rowsOf = (m: Map<string, Rows>, pages: string[]) => pages.flatMap((id) => m.get(id) ?? []);
        const scored = (m: { f: Map<string, Rows>; l: Map<string, Rows> }) => run.docs.slice(1).map((doc, i) => ({
          ...scoreFields(doc, rowsOf(m.f, run.ids.f[i + 1])),
          lines: scoreLines(doc, rowsOf(m.l, run.ids.l[i + 1])),
        }));
        const [b, a] = [scored(cold), scored(after)];
        // Wrong fields with examples on the tuning split only (bench/lib/splits.ts: held-out is never read case by case).
        const examples = (xs: Score[]) => (split === 'tuning' ? xs.flatMap((x) => x.wrong).slice(0, 6) : undefined);
        result[run.name] = { kind: run.kind, lang: run.lang, modality: run.modality, before: { ...summary(b), wrong: examples(b) }, after: { ...summary(a), wrong: examples(a) } };
        const g = (byModality[run.modality] ??= { before: [], after: [] });
        g.before.push(...b);
        g.after.push(...a);
      }
      // Other senders read again after every memory exists: the same answer to the last digit.
      const othersAfter = await answers(others);
      const unchanged = othersAfter.filter((a, i) => a === othersBefore[i]).length;
      const overall = Object.fromEntries(Object.entries(byModality).map(([m, g]) => [m, { before: summary(g.before), after: summary(g.after) }]));
      json[split] = { series_length: o.length, corrections_learned: learned, corrections: expected, overall, others_unchanged: { unchanged, documents: others.length }, series: result };
      for (const [m, g] of Object.entries(overall)) {
        table += `  ${split.padEnd(8)} ${m.padEnd(8)} fields ${g.before.fields.accuracy} → ${g.after.fields.accuracy}   lines F1 ${g.before.line_items.f1} → ${g.after.line_items.f1}\n`;
      }
      table += `  ${split.padEnd(8)} other senders unchanged: ${unchanged}/${others.length}; corrections learned ${learned}/${expected}\n`;
    }
  } finally {
    await server.stop();
  }
  return { json, table };
}
