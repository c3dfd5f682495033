/**
 * Accuracy and speed of the built-in `layout` engine. Prints one JSON object:
 * cell-level precision/recall/F1 per dataset (expected headers given as
 * fields, and inferred columns), ms/page p50/p95 for text-layer pages and for
 * OCR pages, and the `tesseract` CLI timed on the same OCR images.
 *
 *   npm run bench:extract [-- --scans N --digital N --timing N --skip-icdar]
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createLayoutEngine } from '../src/extract/layout/index.js';
import type { EnginePage } from '../src/extract/types.js';
import { generateDigitalSet } from '../test/fixtures/extract/documents.js';
import { randomScanOptions, scanPdf } from '../test/fixtures/extract/scans.js';
import { f1 } from '../test/extract/helpers/cell-score.js';
import { digitalPage, runGenerated } from '../test/extract/helpers/generated-eval.js';
import { runIcdar } from '../test/extract/helpers/icdar-eval.js';

const run = promisify(execFile);

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

function percentiles(ms: number[]): { p50: number; p95: number; n: number } {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN);
  return { p50: Math.round(at(0.5) * 10) / 10, p95: Math.round(at(0.95) * 10) / 10, n: s.length };
}

/** The peer: Debian's tesseract CLI. Installed on demand when apt is usable; otherwise reported as skipped. */
function ensureTesseractCli(): { available: boolean; version?: string; note?: string } {
  const probe = () => spawnSync('tesseract', ['--version'], { encoding: 'utf8' });
  let p = probe();
  if (p.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'ignore' });
    spawnSync('apt-get', ['install', '-y', 'tesseract-ocr'], { stdio: 'ignore' });
    p = probe();
  }
  if (p.status !== 0) return { available: false, note: 'tesseract CLI not installed and apt-get install tesseract-ocr failed' };
  return { available: true, version: `${p.stdout}${p.stderr}`.split('\n')[0].trim() };
}

async function main(): Promise<void> {
  const digitalCount = arg('digital', 30);
  const scanCount = arg('scans', 6);
  const timingCount = arg('timing', 4);
  const skipIcdar = process.argv.includes('--skip-icdar');
  // One OCR worker: the speed target is per core, and the peer runs single-threaded below.
  const engine = createLayoutEngine({ ocrWorkers: 1 });
  const out: Record<string, unknown> = { machine: { cpus: (await import('node:os')).cpus().length, load_average_1m: (await import('node:os')).loadavg()[0] } };
  const datasets: Record<string, unknown> = {};
  out.datasets = datasets;

  if (!skipIcdar) {
    const icdar = await runIcdar(engine, resolve('../shared/datasets/icdar2013-dev'));
    datasets['icdar2013-dev'] = {
      tables: icdar.tables.length,
      given_fields: f1(icdar.given),
      inferred_columns: f1(icdar.inferred),
      given_fields_in_region: f1(icdar.givenInRegion),
      protocol:
        'given_fields: expected header names as fields on the whole page (the engine must also find the table); inferred_columns: no fields, words inside the ground-truth table region; given_fields_in_region: fields given, words inside the region; cells matched per aligned column',
    };
    out.text_layer_ms_per_page = { engine: percentiles(icdar.engineMs), pdf_text_layer_read: percentiles(icdar.textLayerMs) };
  }

  const docs = await generateDigitalSet(digitalCount, 1);
  const digitalPages: EnginePage[] = [];
  for (const d of docs) digitalPages.push(await digitalPage(d));
  const digital = await runGenerated(engine, docs, digitalPages, 'fast');
  datasets['generated-digital'] = { documents: docs.length, given_fields: f1(digital.given), inferred_columns: f1(digital.inferred) };
  out.generated_text_layer_ms_per_page = percentiles(digital.ms);

  const scanDocs = docs.slice(0, scanCount);
  const scanPages: EnginePage[] = [];
  const scanSettings = [];
  for (let i = 0; i < scanDocs.length; i++) {
    const o = randomScanOptions(100 + i);
    scanSettings.push(o);
    scanPages.push({ image: await scanPdf(scanDocs[i].pdf, o, i), textLayer: null });
  }
  const scans: Record<string, unknown> = { documents: scanDocs.length, dpi: scanSettings.map((o) => o.dpi) };
  for (const quality of ['fast', 'high'] as const) {
    const r = await runGenerated(engine, scanDocs, scanPages, quality);
    scans[quality] = { given_fields: f1(r.given), inferred_columns: f1(r.inferred), ms_per_page: percentiles(r.ms) };
  }
  datasets['generated-scans'] = scans;

  // Speed: 300 dpi scans, engine (fast, cold cache per page) against the tesseract CLI alone on the same JPEGs.
  const peer = ensureTesseractCli();
  const dir = await mkdtemp(join(tmpdir(), 'docrows-bench-'));
  const ours: number[] = [];
  const theirs: number[] = [];
  try {
    const timingEngine = createLayoutEngine({ ocrWorkers: 1 });
    const warm = await scanPdf(docs[0].pdf, { ...randomScanOptions(1), dpi: 150 }, 1);
    await timingEngine.extract({ image: warm, textLayer: null }, { fields: [], globalFormatRequirement: '', quality: 'fast' });
    for (let i = 0; i < timingCount; i++) {
      const image = await scanPdf(docs[i % docs.length].pdf, { ...randomScanOptions(200 + i), dpi: 300 }, 50 + i);
      const file = join(dir, `page-${i}.jpg`);
      await writeFile(file, image);
      const t0 = performance.now();
      await timingEngine.extract({ image, textLayer: null }, { fields: [], globalFormatRequirement: '', quality: 'fast' });
      ours.push(performance.now() - t0);
      if (peer.available) {
        const t1 = performance.now();
        await run('tesseract', [file, '-', '--psm', '3'], { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, maxBuffer: 1 << 24 });
        theirs.push(performance.now() - t1);
      }
    }
    await timingEngine.close?.();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const oursP = percentiles(ours);
  const theirsP = percentiles(theirs);
  out.ocr_ms_per_page_300dpi = {
    engine_fast: oursP,
    tesseract_cli: peer.available ? { ...theirsP, version: peer.version, threads: 1 } : { skipped: true, reason: peer.note },
    ratio_p50: peer.available ? Math.round((oursP.p50 / theirsP.p50) * 100) / 100 : null,
  };
  await engine.close?.();
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
