/**
 * The whole pipeline on the real server process: upload 200 single-page text
 * PDFs → process → all_done → results, with 1 and 2 embedded workers, while a
 * probe measures GET /batches/{name} latency; then a 2,000-row xlsx export
 * (time and the server's peak RSS). Prints JSON, with the peers on the same
 * PDF in the same run: pdfplumber (and camelot where it installs) reading
 * every copy's words and tables, in as many processes as the server has workers.
 * Targets (2 cores, SQLite): ≥ 20 text pages/s end to end; API p99 < 50 ms during processing;
 * uploads keep up with processing: upload pages/s ÷ processing pages/s ≥ 0.8.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectDb } from '../src/db/connect.js';
import { textPdf } from '../test/fixtures/ingest/pdf-fixtures.js';
import { ensurePythonPeer, timePythonProcesses, type PythonPeer } from './lib/peers.js';
import { createBenchAccount, percentile, startBenchServer, type BenchServer } from './lib/server.js';

const DOCS = Number(process.env.BENCH_DOCS ?? 200);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 2000);
/** Two clients upload at once (issue 29: uploads keep up with processing from 2 clients). */
const UPLOAD_CONCURRENCY = 2;

function auth(apiKey: string) {
  return { authorization: `Bearer ${apiKey}` };
}

async function uploadAll(base: string, apiKey: string, batch: string, pdf: Buffer): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < DOCS) {
      const i = next++;
      const form = new FormData();
      form.set('batch_name', batch);
      form.set('file', new Blob([pdf], { type: 'application/pdf' }), `doc-${i}.pdf`);
      const res = await fetch(`${base}/api/v1/documents`, { method: 'POST', headers: auth(apiKey), body: form });
      if (res.status !== 200) throw new Error(`upload ${i}: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: UPLOAD_CONCURRENCY }, worker));
}

/** Polls GET /batches/{name} back to back, timing each call, until all_done. */
async function probeUntilDone(base: string, apiKey: string, batch: string): Promise<number[]> {
  const latencies: number[] = [];
  for (;;) {
    const t = performance.now();
    const res = await fetch(`${base}/api/v1/batches/${batch}`, { headers: auth(apiKey) });
    const body = (await res.json()) as { all_done: boolean };
    latencies.push(performance.now() - t);
    if (body.all_done) return latencies;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function pipelineRun(workers: number, pdf: Buffer) {
  const server = await startBenchServer({ DOCROWS_WORKERS: String(workers) });
  try {
    const { apiKey } = await createBenchAccount(server.baseUrl);
    const base = server.baseUrl;
    // Warm-up: one document end to end, so thread start-up and JIT are not in the figures.
    await uploadAll(base, apiKey, 'warmup', pdf).catch(() => undefined);
    await fetch(`${base}/api/v1/batches/warmup/process`, { method: 'POST', headers: { ...auth(apiKey), 'content-type': 'application/json' }, body: '{}' });
    await probeUntilDone(base, apiKey, 'warmup');

    const t0 = performance.now();
    await uploadAll(base, apiKey, 'run', pdf);
    const tUploaded = performance.now();
    const res = await fetch(`${base}/api/v1/batches/run/process`, {
      method: 'POST', headers: { ...auth(apiKey), 'content-type': 'application/json' }, body: JSON.stringify({ fields: ['Item', 'Qty', 'Price', 'Total'] }),
    });
    if (res.status !== 200) throw new Error(`process: ${res.status} ${await res.text()}`);
    const tQueued = performance.now();
    const latencies = (await probeUntilDone(base, apiKey, 'run')).sort((a, b) => a - b);
    const tDone = performance.now();
    const results = (await (await fetch(`${base}/api/v1/batches/run/results`, { headers: auth(apiKey) })).json()) as { documents: Array<{ status: string }> };
    const tEnd = performance.now();
    return {
      workers,
      documents: DOCS,
      succeeded: results.documents.filter((d) => d.status === 'succeeded').length,
      end_to_end_s: +((tEnd - t0) / 1000).toFixed(2),
      pages_per_s_end_to_end: +(DOCS / ((tEnd - t0) / 1000)).toFixed(1),
      upload_s: +((tUploaded - t0) / 1000).toFixed(2),
      pages_per_s_upload: +(DOCS / ((tUploaded - t0) / 1000)).toFixed(1),
      upload_over_processing: +((tDone - tQueued) / (tUploaded - t0)).toFixed(2),
      processing_s: +((tDone - tQueued) / 1000).toFixed(2),
      pages_per_s_processing: +(DOCS / ((tDone - tQueued) / 1000)).toFixed(1),
      batch_status_probe: {
        requests: latencies.length,
        p50_ms: +percentile(latencies, 50).toFixed(1),
        p99_ms: +percentile(latencies, 99).toFixed(1),
        max_ms: +latencies[latencies.length - 1].toFixed(1),
      },
    };
  } finally {
    await server.stop();
  }
}

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** 2,000 succeeded one-row documents written straight into the server's database, then one export. */
async function exportRun() {
  const server: BenchServer = await startBenchServer({ DOCROWS_WORKERS: '0' });
  try {
    const { accountId, apiKey } = await createBenchAccount(server.baseUrl);
    const handle = await connectDb(`sqlite://${path.join(server.dataDir, 'docrows.sqlite')}`);
    const now = new Date().toISOString();
    const batch = await handle.db.insertInto('batches').values({ account_id: accountId, name: 'export', source: 'api', created_at: now }).returning('id').executeTakeFirstOrThrow();
    const fields = ['Item', 'Qty', 'Price', 'Total', 'Description'];
    for (let i = 0; i < EXPORT_ROWS; i += 200) {
      const ids = Array.from({ length: Math.min(200, EXPORT_ROWS - i) }, (_, j) => `doc_BENCH${String(i + j).padStart(21, '0')}`);
      await handle.db.insertInto('uploads').values(ids.map((id) => ({
        id, account_id: accountId, batch_id: batch.id, filename: `${id}.pdf`, kind: 'pdf', form: 'paged', page_count: 1,
        template_id: null, source: 'api', original_key: null, byte_size: 1, created_at: now,
      }))).execute();
      await handle.db.insertInto('documents').values(ids.map((id, j) => ({
        id: `${id}_p1`, account_id: accountId, batch_id: batch.id, upload_id: id, page_number: 1, filename: `${id}.pdf`, status: 'succeeded',
        template_id: null, image_key: null, thumb_key: null, text_layer_key: null, width: 1700, height: 2200, request: null, quality: 'fast',
        charged_amount: 1, charged_tier: 'standard', attempts: 1, failure_code: null, failure_message: null, wave: 1,
        result: JSON.stringify({ fields, rows: [Object.fromEntries(fields.map((f) => [f, { value: `${f} value ${i + j} `.repeat(3), box: null }]))] }),
        created_at: now, started_at: now, completed_at: now, purged_at: null,
      }))).execute();
    }
    await handle.close();
    const pid = server.child.pid!;
    const baseline = rssKb(pid);
    let peak = baseline;
    const sampler = setInterval(() => { peak = Math.max(peak, rssKb(pid)); }, 5);
    const t0 = performance.now();
    const res = await fetch(`${server.baseUrl}/api/v1/batches/export/export`, { headers: auth(apiKey) });
    const bytes = (await res.arrayBuffer()).byteLength;
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    return {
      rows: EXPORT_ROWS,
      status: res.status,
      bytes,
      seconds: +seconds.toFixed(2),
      server_rss_before_mb: +(baseline / 1024).toFixed(1),
      server_rss_peak_mb: +(peak / 1024).toFixed(1),
    };
  } finally {
    await server.stop();
  }
}

/** The same DOCS one-page PDFs read by a Python peer in `processes` processes (start-up included): pages/s. */
async function peerRun(peer: PythonPeer, pdf: Buffer, processes: number) {
  const status = ensurePythonPeer(peer);
  if (!status.available) return { skipped: true, reason: status.reason };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-bench-peer-'));
  try {
    const pages: Array<[string, number]> = Array.from({ length: DOCS }, (_, i) => {
      const file = path.join(dir, `doc-${i}.pdf`);
      fs.writeFileSync(file, pdf);
      return [file, 1];
    });
    const ms = await timePythonProcesses(peer, pages, processes);
    return { version: status.version, processes, seconds: +(ms / 1000).toFixed(2), pages_per_s: +(DOCS / (ms / 1000)).toFixed(1), reads: 'open, words, tables, close per file' };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const pdf = await textPdf({ pages: 1, rows: 6 });
  const one = await pipelineRun(1, pdf);
  const two = await pipelineRun(2, pdf);
  const peers = { pdfplumber: await peerRun('pdfplumber', pdf, 2), camelot: await peerRun('camelot', pdf, 2) };
  const xlsx = await exportRun();
  const peerRate = (p: Awaited<ReturnType<typeof peerRun>>) => (p.pages_per_s ? +(two.pages_per_s_end_to_end / p.pages_per_s).toFixed(2) : null);
  process.stdout.write(`${JSON.stringify({
    bench: 'pipeline',
    dialect: 'sqlite',
    runs: [one, two],
    peers,
    ratios: {
      upload_over_processing_2_workers: two.upload_over_processing,
      end_to_end_2_workers_over_pdfplumber_2_processes: peerRate(peers.pdfplumber),
      end_to_end_2_workers_over_camelot_2_processes: peerRate(peers.camelot),
    },
    export_xlsx: xlsx,
    load_average_1m: +os.loadavg()[0].toFixed(2),
    targets: { pages_per_s_end_to_end: 20, batch_status_p99_ms: 50, upload_over_processing_min: 0.8 },
  }, null, 2)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
