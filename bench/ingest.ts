/**
 * Ingestion benchmark (issue 3). Prints one JSON object:
 * (a) upload latency p50/p99 of a 1-page and a 50-page text PDF through the real server;
 * (b) pages/s rendered by the ingest process pool at PAGE_RENDER_DPI, next to pdftoppm (poppler)
 *     rendering the same pages at the same dpi and JPEG quality in the same run;
 * (c) peak RSS of the server's whole process tree (the server and its ingest children,
 *     summed at each sample) while four 50-page uploads run at once.
 * The server is the compiled `docrows serve` in its own process (as `npm start` runs it)
 * with DOCROWS_WORKERS=0 (API only) so extraction workers do not add noise.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGE_RENDER_DPI } from '../src/extract/types.js';
import { ingestPdf, splitRanges } from '../src/ingest/pdf.js';
import { IngestProcessPool } from '../src/ingest/ingest-process-pool.js';
import { textPdf } from '../test/fixtures/ingest/pdf-fixtures.js';
import { peakTreeRss } from './lib/process-tree.js';
import { createBenchAccount, percentile, startBenchServer } from './lib/server.js';

const run = promisify(execFile);
const RUNS_1 = Number(process.env.BENCH_RUNS_1 ?? 20);
const RUNS_50 = Number(process.env.BENCH_RUNS_50 ?? 6);
const RENDER_RUNS = 3;
/** Same quality as src/ingest/jpeg.ts, so both renderers encode the same JPEG. */
const JPEG_QUALITY = 85;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x: number, d = 1): number => Number(x.toFixed(d));

async function uploadOnce(baseUrl: string, apiKey: string, pdf: Buffer): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'bench.pdf');
  const start = performance.now();
  const res = await fetch(`${baseUrl}/api/v1/documents`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` }, body: form });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${body}`);
  return performance.now() - start;
}

async function latency(baseUrl: string, apiKey: string, pdf: Buffer, runs: number, warmup: number) {
  for (let i = 0; i < warmup; i++) await uploadOnce(baseUrl, apiKey, pdf);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await uploadOnce(baseUrl, apiKey, pdf));
  times.sort((a, b) => a - b);
  return { runs, p50_ms: round(percentile(times, 50)), p99_ms: round(percentile(times, 99)) };
}

function assertPdftoppm(): void {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
  } catch {
    throw new Error('pdftoppm (poppler-utils) is needed as the reference renderer: apt-get install poppler-utils');
  }
}

async function renderComparison(path: string, pages: number) {
  const pool = new IngestProcessPool(2);
  const dir = mkdtempSync(join(tmpdir(), 'docrows-bench-ppm-'));
  try {
    const renderOurs = () => ingestPdf(path, { passwords: [], maxPages: 50, processPool: pool });
    await renderOurs(); // boots the worker threads
    const ours: number[] = [];
    const poppler: number[] = [];
    const popplerSplit: number[] = [];
    const pdftoppm = (range: [number, number], prefix: string) => run('pdftoppm', [
      '-r', String(PAGE_RENDER_DPI), '-jpeg', '-jpegopt', `quality=${JPEG_QUALITY}`, '-f', String(range[0]), '-l', String(range[1]), path, join(dir, prefix),
    ]);
    for (let i = 0; i < RENDER_RUNS; i++) {
      let t = performance.now();
      await renderOurs();
      ours.push(performance.now() - t);
      t = performance.now();
      await pdftoppm([1, pages], 'p');
      poppler.push(performance.now() - t);
      // pdftoppm has no threads of its own: the same cores as ours, as two processes on half the pages each.
      t = performance.now();
      await Promise.all(splitRanges(pages, pool.size).map((range, k) => pdftoppm(range, `s${k}`)));
      popplerSplit.push(performance.now() - t);
    }
    const oursMs = median(ours);
    const popplerMs = median(poppler);
    const popplerSplitMs = median(popplerSplit);
    return {
      pages,
      dpi: PAGE_RENDER_DPI,
      docrows: { threads: pool.size, ms: round(oursMs), pages_per_s: round((pages * 1000) / oursMs), renderer: 'PDFium (wasm) pixels and text layer', includes: 'render + page JPEG + thumbnail + text layer' },
      pdftoppm: { processes: 1, ms: round(popplerMs), pages_per_s: round((pages * 1000) / popplerMs), includes: 'render + page JPEG' },
      pdftoppm_same_cores: { processes: pool.size, ms: round(popplerSplitMs), pages_per_s: round((pages * 1000) / popplerSplitMs), includes: 'render + page JPEG' },
      ratio_vs_pdftoppm: round(oursMs / popplerMs, 2),
      ratio_vs_pdftoppm_same_cores: round(oursMs / popplerSplitMs, 2),
    };
  } finally {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  assertPdftoppm();
  const dir = mkdtempSync(join(tmpdir(), 'docrows-bench-ingest-'));
  const onePage = await textPdf({ pages: 1 });
  const fiftyPages = await textPdf({ pages: 50 });
  const fiftyPath = join(dir, 'fifty.pdf');
  writeFileSync(fiftyPath, fiftyPages);

  const server = await startBenchServer({ DOCROWS_WORKERS: '0' });
  try {
    const { apiKey } = await createBenchAccount(server.baseUrl, { max_batch_size: 1_000_000, max_queued_documents: 1_000_000 });
    const upload1 = await latency(server.baseUrl, apiKey, onePage, RUNS_1, 3);
    const upload50 = await latency(server.baseUrl, apiKey, fiftyPages, RUNS_50, 1);
    let concurrentMs = 0;
    const peak = await peakTreeRss(server.child.pid!, async () => {
      const t = performance.now();
      await Promise.all(Array.from({ length: 4 }, () => uploadOnce(server.baseUrl, apiKey, fiftyPages)));
      concurrentMs = performance.now() - t;
    });
    const render = await renderComparison(fiftyPath, 50);
    console.log(JSON.stringify({
      bench: 'ingest',
      cores: (await import('node:os')).availableParallelism(),
      upload_latency: { pdf_1_page: upload1, pdf_50_pages: upload50 },
      render,
      concurrent_50_page_uploads: {
        uploads: 4,
        wall_ms: round(concurrentMs),
        peak_rss_mb: peak.tree_mb,
        peak_rss_server_process_mb: peak.server_mb,
        processes: peak.processes,
        measured: 'sum of VmRSS over the server and every process under it, sampled every 10 ms',
        server: 'compiled docrows serve, DOCROWS_WORKERS=0',
      },
      load_average_1m: round((await import('node:os')).loadavg()[0], 2),
      targets: {
        pdf_50_upload_p50_ms_max: 3000,
        render_ratio_vs_pdftoppm_max: 1.5,
        peak_rss_mb_max: 500,
      },
    }, null, 2));
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
