/**
 * Accuracy and speed of the built-in `layout` engine. Prints one JSON object:
 * cell-level precision/recall/F1 per dataset (expected headers given as
 * fields, and inferred columns), ms/page p50/p95 for text-layer pages and for
 * OCR pages, and the `tesseract` CLI timed on the same OCR images; business
 * documents (bench/lib/business: line-item cell F1 with snake_case names and
 * document-field accuracy per kind × language, digital and scanned, and the
 * confidence calibration table) and the real kie-dev documents.
 *
 *   npm run bench:extract [-- --scans N --digital N --timing N --skip-icdar]
 *     [--sections icdar,generated,timing,business,kie,textpage,cli] [--split dev|test]
 *     [--kinds invoice,receipt,...] [--langs en,de,...] [--per-pair N]
 *     [--datasets DIR] [--json]
 *
 * `--scans N`: scanned documents per kind × language in the business section
 * (default 1) and scanned pages of the generated section (default 6).
 * `--timing N`: OCR pages timed against the tesseract CLI per language and on
 * the report set (default 8; 0 skips the comparison).
 * `textpage`: an icdar2013-dev text-layer page opened, read and extracted, next to
 * pdfplumber and camelot stream on the same pages (bench/lib/text-page.ts);
 * `cli`: `docrows --help` and `docrows extract` as whole processes next to a
 * pdfplumber one-liner (bench/lib/cli-start.ts).
 * `--json`: the JSON alone, on one line; otherwise it is pretty-printed and a
 * kind × language table goes to stderr.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { createLayoutEngine } from '../src/extract/layout/index.js';
import { defaultOcrWorkers, localLanguageDataPath } from '../src/extract/ocr/tesseract-pool.js';
import type { EnginePage } from '../src/extract/types.js';
import { generateDigitalSet, type GeneratedDoc } from '../test/fixtures/extract/documents.js';
import { randomScanOptions, scanPdf } from '../test/fixtures/extract/scans.js';
import { f1 } from '../test/extract/helpers/cell-score.js';
import { digitalPage, runGenerated } from '../test/extract/helpers/generated-eval.js';
import { runIcdar } from '../test/extract/helpers/icdar-eval.js';
import { runBusinessBench } from './lib/business/bench.js';
import { generateBusinessDoc, KINDS, LANGS, splitSeeds, type BusinessKind, type Lang, type Split } from './lib/business/index.js';
import { ingestPages, randomScanOptions as randomBusinessScan, scanImage } from './lib/business/scan.js';
import { OCR_MODELS } from '../src/extract/ocr/page-language.js';
import { calibration } from './lib/business/evaluate.js';
import { runKieDev, summarizeKie } from './lib/kie-dev.js';
import { percentiles } from './lib/percentiles.js';
import { ensureTesseractCli } from './lib/peers.js';
import { textPageComparison } from './lib/text-page.js';
import { cliStartComparison } from './lib/cli-start.js';

const run = promisify(execFile);

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

function listArg(name: string): string[] | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1].split(',').map((x) => x.trim()).filter(Boolean) : undefined;
}

/** The shared datasets folder: `--datasets`, else beside the checkout (main) or beside the worktrees folder. */
function datasetsDir(): string {
  const given = listArg('datasets')?.[0];
  if (given) return resolve(given);
  return [resolve('../shared/datasets'), resolve('../../shared/datasets')].find((d) => existsSync(d)) ?? resolve('../shared/datasets');
}

/** The engine's own model files (src/extract/ocr/tesseract-pool.ts, localLanguageDataPath) unpacked into a tessdata folder the CLI can read with --tessdata-dir. */
async function unpackModels(dir: string, models: string[]): Promise<string> {
  const modelDir = join(dir, 'tessdata');
  await mkdir(modelDir, { recursive: true });
  for (const m of models) await writeFile(join(modelDir, `${m}.traineddata`), gunzipSync(await readFile(join(localLanguageDataPath(m), `${m}.traineddata.gz`))));
  return modelDir;
}

type LayoutEngine = ReturnType<typeof createLayoutEngine>;

/** A CLI setting: environment (OMP_THREAD_LIMIT) and arguments (models). */
interface CliRun {
  env: Record<string, string>;
  args: string[];
}

/** The engine as `docrows extract` runs it (defaultOcrWorkers() threads) and as a server engine thread runs it (one). */
async function timingEngines(warmImages: Uint8Array[]): Promise<{ default: LayoutEngine; one: LayoutEngine }> {
  const engines = { default: createLayoutEngine(), one: createLayoutEngine({ ocrWorkers: 1 }) };
  // Warm: every model the pages need is started before the clock runs.
  for (const e of Object.values(engines)) for (const image of warmImages) await e.extract({ image, textLayer: null }, { fields: [], globalFormatRequirement: '', quality: 'fast' });
  return engines;
}

/** One page, each engine then each CLI setting back to back, so load from elsewhere hits both alike. */
async function timePage(
  image: Uint8Array,
  file: string,
  engines: { default: LayoutEngine; one: LayoutEngine },
  cliRuns: Record<string, CliRun>,
  ours: Record<'default' | 'one', number[]>,
  theirs: Record<string, number[]>,
): Promise<void> {
  await writeFile(file, image);
  for (const k of ['default', 'one'] as const) {
    const t0 = performance.now();
    await engines[k].extract({ image, textLayer: null }, { fields: [], globalFormatRequirement: '', quality: 'fast' });
    ours[k].push(performance.now() - t0);
  }
  for (const [name, c] of Object.entries(cliRuns)) {
    const t = performance.now();
    await run('tesseract', [file, '-', '--psm', '3', ...c.args], { env: { ...process.env, ...c.env }, maxBuffer: 1 << 24 });
    (theirs[name] ??= []).push(performance.now() - t);
  }
}

const ratio = (a: { p50: number }, b: { p50: number }) => Math.round((a.p50 / b.p50) * 100) / 100;

/** Speed: 300 dpi scans, the engine (fast, whole extract, cold cache per page) against the tesseract CLI on the same JPEGs. */
async function timeAgainstCli(docs: GeneratedDoc[], timingCount: number): Promise<Record<string, unknown>> {
  const peer = ensureTesseractCli();
  const dir = await mkdtemp(join(tmpdir(), 'docrows-bench-'));
  const workers = defaultOcrWorkers();
  const ours: Record<'default' | 'one', number[]> = { default: [], one: [] };
  const theirs: Record<string, number[]> = {};
  try {
    // Our model for the CLI: the same best_int LSTM file, unpacked.
    const modelDir = await unpackModels(dir, ['eng']);
    const engines = await timingEngines([await scanPdf(docs[0].pdf, { ...randomScanOptions(1), dpi: 150 }, 1)]);
    const cliRuns: Record<string, CliRun> = peer.available
      ? { one: { env: { OMP_THREAD_LIMIT: '1' }, args: [] }, default: { env: {}, args: [] }, ourModel: { env: { OMP_THREAD_LIMIT: '1' }, args: ['--tessdata-dir', modelDir] } }
      : {};
    for (let i = 0; i < timingCount; i++) {
      const image = await scanPdf(docs[i % docs.length].pdf, { ...randomScanOptions(200 + i), dpi: 300 }, 50 + i);
      await timePage(image, join(dir, `page-${i}.jpg`), engines, cliRuns, ours, theirs);
    }
    await Promise.all(Object.values(engines).map((e) => e.close?.()));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const p = { engine: percentiles(ours.default), engineOne: percentiles(ours.one), cliOne: percentiles(theirs.one ?? []), cliDefault: percentiles(theirs.default ?? []), cliOurModel: percentiles(theirs.ourModel ?? []) };
  return {
    engine_fast: { ...p.engine, ocr_threads: workers, note: 'createLayoutEngine() / docrows extract: the page is recognized in horizontal bands, one per OCR thread, concurrently' },
    engine_fast_one_ocr_thread: { ...p.engineOne, ocr_threads: 1, note: 'as a server engine thread runs it (src/jobs/engine-thread.ts: ocrWorkers 1; throughput comes from several engine threads)' },
    tesseract_cli: peer.available
      ? {
          version: peer.version,
          psm3_fast_model_1_thread: { ...p.cliOne, threads: 1, model: 'Debian tessdata_fast eng (OMP_THREAD_LIMIT=1)' },
          psm3_fast_model_default_threads: { ...p.cliDefault, threads: `OpenMP default (${cpus().length} cores)`, model: 'Debian tessdata_fast eng' },
          psm3_our_model_1_thread: { ...p.cliOurModel, threads: 1, model: '@tesseract.js-data/eng 4.0.0_best_int (--tessdata-dir)' },
        }
      : { skipped: true, reason: peer.note },
    ratio_p50: peer.available ? ratio(p.engine, p.cliOne) : null,
    ratios_p50: peer.available
      ? {
          engine_vs_cli_1_thread: ratio(p.engine, p.cliOne),
          engine_vs_cli_default_threads: ratio(p.engine, p.cliDefault),
          engine_vs_cli_our_model_1_thread: ratio(p.engine, p.cliOurModel),
          engine_one_ocr_thread_vs_cli_1_thread: ratio(p.engineOne, p.cliOne),
        }
      : null,
  };
}

/**
 * The same comparison per language on generated business invoices scanned at
 * 300 dpi (bench/lib/business). The engine reads the top third of a page
 * with English to tell its language and a page in another language whole with
 * its own model (src/extract/ocr/language-reading.ts), so the CLI reads the
 * same pages with the same two models, `-l <model>+eng` (Debian's
 * tessdata_fast, and the engine's own files: English best_int, the other
 * languages the same tessdata_fast models), and with the page's model alone.
 */
async function timeLanguagesAgainstCli(langs: Lang[], timingCount: number): Promise<Record<string, unknown>> {
  const models = langs.map((l) => OCR_MODELS[l]);
  const peer = ensureTesseractCli(['eng', ...models]);
  const dir = await mkdtemp(join(tmpdir(), 'docrows-bench-'));
  const out: Record<string, unknown> = { version: peer.available ? peer.version : { skipped: true, reason: peer.note } };
  try {
    const modelDir = await unpackModels(dir, [...new Set(['eng', ...models])]);
    const seeds = splitSeeds('dev', timingCount);
    const scanned = async (lang: Lang, seed: number) => {
      const doc = await generateBusinessDoc({ seed, kind: 'invoice', lang });
      const [page] = await ingestPages(doc.pdf);
      return scanImage(page.image, { ...randomBusinessScan(seed), kind: 'flatbed', dpi: 300, keystone: 0 }, seed);
    };
    for (const lang of langs) {
      const model = lang === 'en' ? 'eng' : `${OCR_MODELS[lang]}+eng`;
      const engines = await timingEngines([await scanned(lang, seeds[0] + 10_000)]);
      const cliRuns: Record<string, CliRun> = peer.available
        ? {
            [model]: { env: { OMP_THREAD_LIMIT: '1' }, args: ['-l', model] },
            // As installed and run by hand: OpenMP's default threads (on 2 cores they slow tesseract down).
            [`${model} default threads`]: { env: {}, args: ['-l', model] },
            [`${model} our models`]: { env: { OMP_THREAD_LIMIT: '1' }, args: ['-l', model, '--tessdata-dir', modelDir] },
            ...(lang === 'en' ? {} : { [OCR_MODELS[lang]]: { env: { OMP_THREAD_LIMIT: '1' }, args: ['-l', OCR_MODELS[lang]] } }),
          }
        : {};
      const ours: Record<'default' | 'one', number[]> = { default: [], one: [] };
      const theirs: Record<string, number[]> = {};
      for (const seed of seeds) await timePage(await scanned(lang, seed), join(dir, `${lang}-${seed}.jpg`), engines, cliRuns, ours, theirs);
      await Promise.all(Object.values(engines).map((e) => e.close?.()));
      const cli = Object.fromEntries(Object.entries(theirs).map(([k, v]) => [k, percentiles(v)]));
      const [engine, engineOne] = [percentiles(ours.default), percentiles(ours.one)];
      out[lang] = {
        engine_fast: { ...engine, ocr_threads: defaultOcrWorkers() },
        engine_fast_one_ocr_thread: engineOne,
        tesseract_cli: { ...cli, note: '1 thread (OMP_THREAD_LIMIT=1) unless named default threads' },
        ratios_p50: peer.available
          ? {
              engine_vs_cli: ratio(engine, cli[model]),
              engine_vs_cli_default_threads: ratio(engine, cli[`${model} default threads`]),
              engine_one_ocr_thread_vs_cli: ratio(engineOne, cli[model]),
              engine_vs_cli_our_models: ratio(engine, cli[`${model} our models`]),
              ...(lang === 'en' ? {} : { engine_vs_cli_page_model_alone: ratio(engine, cli[OCR_MODELS[lang]]) }),
            }
          : null,
      };
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return out;
}

async function main(): Promise<void> {
  const digitalCount = arg('digital', 30);
  const scanCount = arg('scans', 6);
  // Eight pages a figure: a p50 of four moved by 10–15% between runs of the same code (docs/measurements.md, sixth round).
  const timingCount = arg('timing', 8);
  const sections = new Set(listArg('sections') ?? ['icdar', 'generated', 'timing', 'business', 'kie', 'textpage', 'cli']);
  const skipIcdar = process.argv.includes('--skip-icdar') || !sections.has('icdar');
  const datasetRoot = datasetsDir();
  // The engine as `docrows extract` and createLayoutEngine() run it: defaultOcrWorkers() OCR threads.
  const engine = createLayoutEngine();
  const out: Record<string, unknown> = { machine: { cpus: cpus().length, load_average_1m: loadavg()[0] } };
  const datasets: Record<string, unknown> = {};
  out.datasets = datasets;

  if (!skipIcdar) {
    const icdar = await runIcdar(engine, join(datasetRoot, 'icdar2013-dev'));
    datasets['icdar2013-dev'] = {
      tables: icdar.tables.length,
      given_fields: f1(icdar.givenPerRequest),
      given_fields_per_table: f1(icdar.given),
      inferred_columns: f1(icdar.inferred),
      given_fields_in_region: f1(icdar.givenInRegion),
      protocol:
        'given_fields: expected header names as fields on the whole page (the engine must also find the table), one request per page and header set, scored against the rows of every ground-truth table of that page with those headers; given_fields_per_table: the same request scored against each table alone (rows of same-header neighbours count as wrong); inferred_columns: no fields, words inside the ground-truth table region; given_fields_in_region: fields given, words inside the region; cells matched per aligned column',
    };
    out.text_layer_ms_per_page = { engine: percentiles(icdar.engineMs), pdf_text_layer_read: percentiles(icdar.textLayerMs) };
  }

  if (sections.has('textpage')) out.text_layer_page_opened = await textPageComparison(engine, join(datasetRoot, 'icdar2013-dev'));
  if (sections.has('cli')) out.cli_whole_process = await cliStartComparison();

  if (sections.has('business')) {
    const split = (listArg('split')?.[0] ?? 'test') as Split;
    const business = await runBusinessBench(engine, {
      split,
      perPair: arg('per-pair', 2),
      scansPerPair: arg('scans', 1),
      kinds: (listArg('kinds') ?? KINDS) as BusinessKind[],
      langs: (listArg('langs') ?? LANGS) as Lang[],
    });
    datasets[`business-${split}`] = business.json;
    if (!process.argv.includes('--json')) process.stderr.write(business.table);
  }

  if (sections.has('kie')) {
    const kie = await runKieDev(engine, join(datasetRoot, 'kie-dev'));
    datasets['kie-dev'] = {
      ...summarizeKie(kie),
      calibration: calibration(kie.confidence),
      ms_per_page: percentiles(kie.ms),
      protocol: 'the fields each case lists, requested by their snake_case names; dates with format requirement YYYY-MM-DD (SROIE dates as printed), amounts as a plain number; text compared after whitespace collapse and case folding, amounts as numbers; line items: cell F1 per given column',
    };
  }

  if (sections.has('generated')) await runGeneratedSections(engine, out, datasets, digitalCount, scanCount, sections.has('timing') ? timingCount : 0);
  else if (sections.has('timing') && timingCount > 0) await timeSections(out, await generateDigitalSet(Math.max(1, timingCount), 1), timingCount);
  out.load_average_1m_after = loadavg()[0];
  await engine.close?.();
  process.stdout.write(process.argv.includes('--json') ? `${JSON.stringify(out)}\n` : `${JSON.stringify(out, null, 2)}\n`);
}

/** The invoice/statement/price-list set of test/fixtures: digital and scanned cell F1, and the OCR speed comparison. */
async function runGeneratedSections(engine: ReturnType<typeof createLayoutEngine>, out: Record<string, unknown>, datasets: Record<string, unknown>, digitalCount: number, scanCount: number, timingCount: number): Promise<void> {
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
    scans[quality] = {
      given_fields: f1(r.given),
      inferred_columns: f1(r.inferred),
      ms_per_page: percentiles(r.ms),
      // Page by page, so a mode that wins overall but loses one page badly shows.
      given_f1_per_page: r.perDoc.map((d) => f1(d.given).f1),
    };
  }
  datasets['generated-scans'] = scans;

  // `--timing 0` skips the speed comparison (and the tesseract CLI it needs).
  if (timingCount > 0) await timeSections(out, docs, timingCount);
}

/** The English comparison on the generated set, then the per-language one on business invoices (`--langs`). */
async function timeSections(out: Record<string, unknown>, docs: GeneratedDoc[], timingCount: number): Promise<void> {
  out.ocr_ms_per_page_300dpi = await timeAgainstCli(docs, timingCount);
  out.ocr_ms_per_page_300dpi_by_language = await timeLanguagesAgainstCli((listArg('langs') ?? LANGS) as Lang[], timingCount);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
