/**
 * Two measurements. By default, the model engine on the real server process: 100 text pages through one
 * `docrows serve` with one embedded worker, against a scripted chat-completions
 * server that answers every request after 2 s (a slow model), beside the
 * layout engine on the same pages in the same run. Prints JSON.
 * Target: the 100 model pages finish in under 15 s (network concurrency,
 * DOCROWS_OPENAI_CONCURRENCY, bounds it, not the CPU cores).
 *
 * With `--accuracy` (`npm run bench:model -- --accuracy [--docs N]`), your own
 * model server from the DOCROWS_OPENAI_* settings and the layout engine read
 * the same generated documents (rendered as ingestion renders them) and the
 * same cell scores as `bench:extract` are printed side by side.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEngineConfig } from '../src/config-engines.js';
import { createLayoutEngine, createOpenAiEngine, createPageViewer, ModelClient } from '../src/extract/index.js';
import type { Engine, EnginePage } from '../src/extract/types.js';
import { ingestFile } from '../src/ingest/ingest.js';
import { f1 } from '../test/extract/helpers/cell-score.js';
import { runGenerated } from '../test/extract/helpers/generated-eval.js';
import { generateDigitalSet } from '../test/fixtures/extract/documents.js';
import { textPdf } from '../test/fixtures/ingest/pdf-fixtures.js';
import { startModelServer, textPdfRows } from '../test/openai/helpers/model-server.js';
import { createBenchAccount, startBenchServer, BENCH_ADMIN_TOKEN } from './lib/server.js';

const PAGES = Number(process.env.BENCH_PAGES ?? 100);
const MODEL_DELAY_MS = Number(process.env.BENCH_MODEL_DELAY_MS ?? 2000);
const CONCURRENCY = process.env.BENCH_OPENAI_CONCURRENCY ?? '64';
const ROWS = 6;
/** The service takes at most 50 pages per upload. */
const PAGES_PER_FILE = 50;

const auth = (apiKey: string) => ({ authorization: `Bearer ${apiKey}` });

async function run(engineEnv: Record<string, string>, pdfs: Buffer[]) {
  const server = await startBenchServer({ DOCROWS_WORKERS: '1', ...engineEnv });
  try {
    const { accountId, apiKey } = await createBenchAccount(server.baseUrl);
    for (const [i, pdf] of pdfs.entries()) {
      const form = new FormData();
      form.set('batch_name', 'run');
      form.set('file', new Blob([pdf], { type: 'application/pdf' }), `pages-${i}.pdf`);
      const up = await fetch(`${server.baseUrl}/api/v1/documents`, { method: 'POST', headers: auth(apiKey), body: form });
      if (up.status !== 200) throw new Error(`upload: ${up.status} ${await up.text()}`);
    }
    const t0 = performance.now();
    const res = await fetch(`${server.baseUrl}/api/v1/batches/run/process`, {
      method: 'POST', headers: { ...auth(apiKey), 'content-type': 'application/json' }, body: JSON.stringify({ fields: ['Item', 'Qty', 'Total'] }),
    });
    if (res.status !== 200) throw new Error(`process: ${res.status} ${await res.text()}`);
    for (;;) {
      const body = (await (await fetch(`${server.baseUrl}/api/v1/batches/run`, { headers: auth(apiKey) })).json()) as { all_done: boolean };
      if (body.all_done) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (performance.now() - t0) / 1000;
    const results = (await (await fetch(`${server.baseUrl}/api/v1/batches/run/results`, { headers: auth(apiKey) })).json()) as { documents: Array<{ status: string }> };
    const usage = (await (await fetch(`${server.baseUrl}/admin/v1/accounts/${accountId}/batches/run/engine-usage`, { headers: auth(BENCH_ADMIN_TOKEN) })).json()) as { totals: Record<string, number> };
    return {
      pages: PAGES,
      succeeded: results.documents.filter((d) => d.status === 'succeeded').length,
      processing_s: +seconds.toFixed(2),
      pages_per_s: +(PAGES / seconds).toFixed(1),
      tokens_in: usage.totals.tokens_in,
      tokens_out: usage.totals.tokens_out,
      requests: usage.totals.requests,
    };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const pdfs = await Promise.all(Array.from({ length: Math.ceil(PAGES / PAGES_PER_FILE) }, (_, i) =>
    textPdf({ pages: Math.min(PAGES_PER_FILE, PAGES - i * PAGES_PER_FILE), rows: ROWS })));
  const model = await startModelServer((req) => ({ delayMs: MODEL_DELAY_MS, content: { rows: textPdfRows(req.page, ROWS) } }));
  try {
    const openai = await run({
      DOCROWS_ENGINE: 'openai', DOCROWS_OPENAI_BASE_URL: model.url, DOCROWS_OPENAI_MODEL: 'scripted-2s', DOCROWS_OPENAI_CONCURRENCY: CONCURRENCY,
    }, pdfs);
    const layout = await run({ DOCROWS_ENGINE: 'layout' }, pdfs);
    process.stdout.write(`${JSON.stringify({
      bench: 'model',
      worker_processes: 1,
      embedded_workers: 1,
      model_latency_ms: MODEL_DELAY_MS,
      openai_concurrency: Number(CONCURRENCY),
      target_s: 15,
      openai: { ...openai, meets_target: openai.processing_s < 15 && openai.succeeded === PAGES },
      layout,
    })}\n`);
  } finally {
    await model.close();
  }
}

/** Generated documents rendered by the ingestion code (page JPEG + text layer), so a vision model sees the real page. */
async function renderedPages(count: number) {
  const docs = await generateDigitalSet(count, 1);
  const dir = await mkdtemp(join(tmpdir(), 'docrows-bench-model-'));
  try {
    const pages: EnginePage[] = [];
    for (const doc of docs) {
      const file = join(dir, `${doc.id}.pdf`);
      await writeFile(file, doc.pdf);
      const page = (await ingestFile(file, { passwords: [], maxPages: 1 })).pages[0];
      pages.push({ image: page.jpeg, textLayer: page.textLayer });
    }
    return { docs, pages };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function accuracy(count: number): Promise<void> {
  const { openai } = loadEngineConfig(process.env, 'openai');
  const { docs, pages } = await renderedPages(count);
  const client = new ModelClient(openai, (_level, data, message) => process.stderr.write(`${message} ${JSON.stringify(data)}\n`));
  const viewer = createPageViewer();
  const layout = createLayoutEngine();
  const model = createOpenAiEngine({ config: openai, model: openai.models.standard!, client, views: viewer });
  const score = async (engine: Engine) => {
    const run = await runGenerated(engine, docs, pages, 'fast');
    return { given_fields: f1(run.given), inferred_columns: f1(run.inferred), ms_per_request_p50: Math.round(run.ms.sort((a, b) => a - b)[run.ms.length >> 1]) };
  };
  try {
    const results = { layout: await score(layout), openai: { model: openai.models.standard, ...await score(model) } };
    process.stdout.write(`${JSON.stringify({ bench: 'model-accuracy', dataset: 'generated-digital', documents: docs.length, ...results })}\n`);
  } finally {
    await client.close();
    await viewer.close();
    await layout.close?.();
  }
}

const args = process.argv.slice(2);
if (args.includes('--accuracy')) await accuracy(Number(args[args.indexOf('--docs') + 1] ?? 0) || 20);
else await main();
