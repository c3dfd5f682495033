/**
 * Bbox pass cost per document for a 40-row page. Prints JSON with p50/p95 ms:
 * - `locate`: the pass itself in process (index the page words, locate all 40×3 values);
 * - `job_text_layer`: end to end on the real server (`docrows serve`, 2 embedded
 *   workers): POST /documents/{id}/bbox until GET shows the job succeeded, on an
 *   uploaded and processed 40-row PDF (durable row-group jobs, ledger, polling);
 * - `job_ocr`: the same on a scanned page without a text layer (OCR once per job).
 * BENCH_BBOX_JOBS (default 30) and BENCH_BBOX_OCR_JOBS (default 2) set the sample sizes.
 */
import { indexPage, locateRow } from '../src/core/bbox/index.js';
import { generatePage, PAGE_H, PAGE_W } from '../test/helpers/bbox-page.js';
import { bboxPdf } from '../test/helpers/bbox-pdf.js';
import { createBenchAccount, percentile, startBenchServer } from './lib/server.js';

const JOBS = Number(process.env.BENCH_BBOX_JOBS ?? 30);
const OCR_JOBS = Number(process.env.BENCH_BBOX_OCR_JOBS ?? 2);
const LOCATE_DOCS = 200;

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const r = (v: number) => Math.round(v * 100) / 100;
  return { n: sorted.length, p50_ms: r(percentile(sorted, 50)), p95_ms: r(percentile(sorted, 95)), max_ms: r(sorted[sorted.length - 1] ?? NaN) };
}

function benchLocate() {
  const pages = Array.from({ length: LOCATE_DOCS }, (_, i) => generatePage(40, { seed: i + 1 }));
  const samples: number[] = [];
  for (const [i, page] of pages.entries()) {
    const t0 = performance.now();
    const index = indexPage(page.textLayer.words, PAGE_W / PAGE_H);
    for (const row of page.result.rows) locateRow(row, index);
    // The first pages warm the JIT up; they are not part of the figures.
    if (i >= 20) samples.push(performance.now() - t0);
  }
  return summary(samples);
}

interface Client {
  baseUrl: string;
  apiKey: string;
}

async function call(c: Client, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${c.baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${c.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Uploads one file into its own batch, processes it with the given fields and waits until it succeeded. */
async function processedDocument(c: Client, file: Buffer, filename: string, type: string, fields: string[]): Promise<string> {
  const form = new FormData();
  form.append('batch_name', `bench_${filename.replace(/\W/g, '_')}`);
  form.append('file', new Blob([file], { type }), filename);
  const res = await fetch(`${c.baseUrl}/api/v1/documents`, { method: 'POST', headers: { authorization: `Bearer ${c.apiKey}` }, body: form });
  const uploaded = (await res.json()) as { document_id: string | string[]; batch_name: string };
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(uploaded)}`);
  const id = Array.isArray(uploaded.document_id) ? uploaded.document_id[0] : uploaded.document_id;
  const processed = await call(c, 'POST', `/batches/${uploaded.batch_name}/process`, { fields });
  if (processed.status !== 200) throw new Error(`process failed: ${JSON.stringify(processed.json)}`);
  await until(async () => (await call(c, 'GET', `/documents/${id}`)).json.status === 'succeeded', 'extraction');
  return id;
}

/** Sequential bbox jobs on one document: each sample is trigger → succeeded as a client sees it. */
async function benchJobs(c: Client, documentId: string, jobs: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < jobs; i++) {
    const t0 = performance.now();
    const started = await call(c, 'POST', `/documents/${documentId}/bbox`);
    if (started.status !== 202) throw new Error(`bbox trigger failed: ${JSON.stringify(started.json)}`);
    let status = '';
    await until(async () => {
      status = String((await call(c, 'GET', `/documents/${documentId}/bbox`)).json.status);
      return ['succeeded', 'failed', 'canceled'].includes(status);
    }, 'bbox job');
    if (status !== 'succeeded') throw new Error(`bbox job ended ${status}`);
    samples.push(performance.now() - t0);
  }
  return samples;
}

async function main(): Promise<void> {
  const locate = benchLocate();
  const server = await startBenchServer({ DOCROWS_WORKERS: '2' });
  // A bench stopped from outside (timeout, Ctrl-C) must not leave its server running.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => { server.child.kill('SIGTERM'); process.exit(130); });
  }
  try {
    const client: Client = { baseUrl: server.baseUrl, ...(await createBenchAccount(server.baseUrl)) };
    const table = await bboxPdf(40);
    const pdfDoc = await processedDocument(client, table.pdf, 'table-40.pdf', 'application/pdf', table.fields);
    const rowsFound = Object.keys((await call(client, 'GET', `/documents/${pdfDoc}`)).json.line_items as object).length;
    await benchJobs(client, pdfDoc, 3); // warm-up
    const textLayer = summary(await benchJobs(client, pdfDoc, JOBS));
    let ocr: ReturnType<typeof summary> | null = null;
    if (OCR_JOBS > 0) {
      const scan = generatePage(40, { seed: 42 });
      const scanDoc = await processedDocument(client, scan.jpeg, 'scan-40.jpg', 'image/jpeg', scan.result.fields.slice(0, 4));
      ocr = summary(await benchJobs(client, scanDoc, OCR_JOBS));
    }
    const dialect = process.env.DOCROWS_DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite';
    process.stdout.write(`${JSON.stringify({
      bench: 'bbox', dialect, rows_per_page: 40, extracted_rows: rowsFound, workers: 2,
      locate, job_text_layer: textLayer, job_ocr: ocr,
    }, null, 2)}\n`);
  } finally {
    await server.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
