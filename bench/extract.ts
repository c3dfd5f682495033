/**
 * Accuracy and speed of the built-in `layout` engine. Prints one JSON object
 * and, on stderr, the headline figures with the tuning and held-out splits
 * side by side (bench/lib/splits.ts: generator seeds by hash, real documents
 * by sender). Sections:
 * - icdar: cell-level precision/recall/F1 on icdar2013-dev (expected headers
 *   given as fields, and inferred columns), per split;
 * - generated: the test/fixtures set, digital and scanned, per split;
 * - timing: ms/page of OCR pages against the `tesseract` CLI on the same
 *   images (English, then per language);
 * - business: bench/lib/business per split (line-item cell F1 and field
 *   accuracy per kind × language, digital and scanned, calibration);
 * - series: layout memory (bench/lib/business/series.ts): series of one
 *   sender's documents read cold, the first corrected through the HTTP API,
 *   the rest read again; fields and line F1 before and after, digital and
 *   scanned, and other senders' answers unchanged (one language a kind taking
 *   turns; `--series-every-language`: every kind in every language);
 * - kie: the real kie-dev and kie-dev-more documents per split and source,
 *   the calibration table on their scans and the seconds a scanned page
 *   against the tesseract CLI reading the same file with the same languages;
 * - textpage: an icdar2013-dev text-layer page opened, read and extracted, next
 *   to pdfplumber and camelot stream on the same pages (bench/lib/text-page.ts);
 * - cli: `docrows --help` and `docrows extract` as whole processes next to a
 *   pdfplumber one-liner on the same file (bench/lib/cli-start.ts).
 *
 *   npm run bench:extract [-- --split tuning|heldout|tuning,heldout] [--quick]
 *     [--sections icdar,generated,timing,business,series,kie,textpage,cli] [--scans N] [--digital N]
 *     [--timing N] [--kinds invoice,receipt,...] [--langs en,de,...]
 *     [--series-length N] [--series-every-language] [--modalities digital,scanned] [--series-sets generated,kie]
 *     [--scan-kinds flatbed,phone] [--seed-start N] [--settings JSON]
 *     [--per-pair N] [--per-source N] [--sources sroie,receipts-de,...] [--no-peer] [--peer-one-thread]
 *     [--ocr-cache DIR] [--show-wrong] [--datasets DIR] [--hybrid-originals DIR] [--json]
 *
 * `--quick --split tuning`: for tuning rules. icdar, business (one document per
 * kind × language, one scanned) and kie (at most `--per-source` cases, default
 * 8, per source and split; without --quick all unless given), no peer timing.
 * `--scans N`: scanned documents per kind × language in the business section
 * (default 1) and scanned pages of the generated section per split (default 6).
 * `--seed-start N`: the business section's documents from the split's seeds at N and after (default 1), so
 * more scans of the tuning split (`--seed-start 7 --scan-kinds phone`) add to the standard set's instead of repeating it;
 * the series section's series seeds so too (fresh series of one split).
 * `--timing N`: OCR pages timed against the tesseract CLI per language and on
 * the report set (default 8; 0 skips the comparison).
 * `--no-peer`: the real scans without the tesseract CLI beside them.
 * `--peer-one-thread`: the CLI at one thread only (the speed bar's peer), not
 *   also at OpenMP's default threads: on a loaded machine that second run took
 *   as long as the first, and a speed run under bench.lock has 10 minutes.
 * `--ocr-cache DIR` (e.g. `.cache/ocr`, gitignored): the OCR words of the real
 *   scans and of the business section's scans are read once and saved there,
 *   later runs re-run the rules on them (bench/lib/ocr-cache.ts; keyed by
 *   image, quality, reader settings and reader source); no peer timing then.
 *   The series section then runs the service in the bench's process on those
 *   words (the service's engine threads read a scan as the other sections'
 *   engine does); the service stores each page's words and its learning job
 *   learns from them, as it does in serve.
 * `--show-wrong`: each wrong field of the real sets' tuning cases, read and
 *   expected, on stderr (held-out cases are never listed).
 * `--hybrid-originals DIR`: the hybrid invoices' original PDFs, with their
 *   XML, saved as `<doc>.pdf` (cases.json names each one's repository, commit
 *   and path); the XML's lines are line truth for the set's page of the
 *   document (printed under `<source> (xml)`). Not in the repository: the
 *   sets' README asks that their documents stay outside it.
 * `--json`: the JSON alone, on one line; otherwise it is pretty-printed and the
 * tables go to stderr.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { createLayoutEngine } from '../src/extract/layout/index.js';
import { defaultOcrThreads } from '../src/extract/read/tesseract-pool.js';
import { pageImage, type EnginePage } from '../src/extract/types.js';
import { generateDigitalSet, type GeneratedDoc } from '../test/fixtures/extract/documents.js';
import { randomScanOptions, scanPdf } from '../test/fixtures/extract/scans.js';
import { f1 } from '../test/extract/helpers/cell-score.js';
import { digitalPage, runGenerated } from '../test/extract/helpers/generated-eval.js';
import { runIcdar } from '../test/extract/helpers/icdar-eval.js';
import { runBusinessBench } from './lib/business/bench.js';
import { runSeriesBench } from './lib/business/series.js';
import { generateBusinessDoc, KINDS, LANGS, type BusinessKind, type Lang } from './lib/business/index.js';
import { ingestPages, randomScanOptions as randomBusinessScan, scanImage, type ScanKind } from './lib/business/scan.js';
import { modelFolder, OCR_MODELS } from '../src/extract/lang/index.js';
import { runKie, scanCalibration, scanCalibrationChecks, scanSpeed, summarizeKie, warmUp, wrongTuningValues, type KieResult, type PeerTime } from './lib/kie-dev.js';
import { cachedReadingEngine, type CachedReadingEngine } from './lib/ocr-cache.js';
import { icdarSplit, parseSplits, seedSplit, splitSeeds, type Split } from './lib/splits.js';
import { listIcdarDocuments } from '../test/extract/helpers/icdar.js';
import { percentiles } from './lib/percentiles.js';
import { ensureTesseractCli } from './lib/peers.js';
import { textPageComparison } from './lib/text-page.js';
import { cliStartComparison } from './lib/cli-start.js';
import { DEFAULT_SETTINGS, type SettingsOverrides } from '../src/extract/settings.js';

const run = promisify(execFile);
const SECONDS_PER_MINUTE = 60;
const MS_PER_SECOND = 1000;

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

/** The engine's own model files (src/extract/lang/index.ts, modelFolder) unpacked into a tessdata folder the CLI can read with --tessdata-dir. */
async function unpackModels(dir: string, models: string[]): Promise<string> {
  const modelDir = join(dir, 'tessdata');
  await mkdir(modelDir, { recursive: true });
  for (const m of models) await writeFile(join(modelDir, `${m}.traineddata`), gunzipSync(await readFile(join(modelFolder(m), `${m}.traineddata.gz`))));
  return modelDir;
}

type LayoutEngine = ReturnType<typeof createLayoutEngine>;

/** A CLI setting: environment (OMP_THREAD_LIMIT) and arguments (models). */
interface CliRun {
  env: Record<string, string>;
  args: string[];
}

/** The engine as `docrows extract` runs it (defaultOcrThreads() threads) and as a server engine thread runs it (one). */
async function timingEngines(warmImages: Uint8Array[]): Promise<{ default: LayoutEngine; one: LayoutEngine }> {
  const engines = { default: createLayoutEngine(), one: createLayoutEngine({ ocrThreads: 1 }) };
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
  const ocrThreads = defaultOcrThreads(DEFAULT_SETTINGS);
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
    engine_fast: { ...p.engine, ocr_threads: ocrThreads, note: 'createLayoutEngine() / docrows extract: the page is recognized in horizontal bands, one per OCR thread, concurrently' },
    engine_fast_one_ocr_thread: { ...p.engineOne, ocr_threads: 1, note: 'one OCR thread (a machine of one core): the page read whole, not in bands' },
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
 * its own model (src/extract/read/language-reading.ts), so the CLI reads the
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
    const seeds = splitSeeds('tuning', timingCount);
    const scanned = async (lang: Lang, seed: number) => {
      const doc = await generateBusinessDoc({ seed, kind: 'invoice', lang });
      const [page] = await ingestPages(doc.pdf);
      return scanImage(pageImage(page), { ...randomBusinessScan(seed), kind: 'flatbed', dpi: 300, keystone: 0, shadow: 0 }, seed);
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
        engine_fast: { ...engine, ocr_threads: defaultOcrThreads(DEFAULT_SETTINGS) },
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

/** The CLI model argument for a page language: the engine reads every page with English and a page in another language with its model too (src/extract/read/language-reading.ts). */
const cliModel = (lang: string) => (lang === 'en' || !(lang in OCR_MODELS) ? 'eng' : `${OCR_MODELS[lang as Lang]}+eng`);

/**
 * The tesseract CLI on one scan file, one thread and OpenMP's default threads:
 * wall ms, and the CPU ms (user + system) bash's `times` reports for it.
 */
function scanPeer(): ((file: string, lang: string) => Promise<Record<string, PeerTime>>) | undefined {
  const peer = ensureTesseractCli(['eng', 'deu']);
  if (!peer.available) {
    process.stderr.write(`real-scan speed: no peer (${peer.note})\n`);
    return undefined;
  }
  const settings = [['cli_1_thread', { OMP_THREAD_LIMIT: '1' }], ['cli_default_threads', {}]] as const;
  const timed = process.argv.includes('--peer-one-thread') ? settings.slice(0, 1) : settings;
  return async (file, lang) => {
    const out: Record<string, PeerTime> = {};
    for (const [name, env] of timed) {
      const t = performance.now();
      const { stdout } = await run('bash', ['-c', 'tesseract "$1" - --psm 3 -l "$2" >/dev/null && times', 'peer', file, cliModel(lang)], { env: { ...process.env, ...env }, maxBuffer: 1 << 24 });
      out[name] = { ms: performance.now() - t, cpuMs: childCpuMs(stdout) };
    }
    return out;
  };
}

/** The children's user + system time of bash's `times` output (its second line, `0m2.310s 0m0.120s`), in ms. */
function childCpuMs(times: string): number {
  const line = times.trim().split('\n').at(-1) ?? '';
  const seconds = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * SECONDS_PER_MINUTE + Number(m[2]));
  return seconds.reduce((a, b) => a + b, 0) * MS_PER_SECOND;
}

const KIE_SETS = ['kie-dev', 'kie-dev-more'] as const;

/** The real sets per split and source, the calibration table and the seconds a page on their scans. */
async function runRealSets(layout: LayoutEngine, cached: CachedReadingEngine | null, root: string, splits: Split[], quick: boolean, datasets: Record<string, unknown>, out: Record<string, unknown>): Promise<void> {
  const engine = cached ?? layout;
  // Timing a page read from saved words against the CLI reading it would compare nothing.
  const peer = quick || cached || process.argv.includes('--no-peer') ? undefined : scanPeer();
  const all: KieResult[] = [];
  const cold = peer ? await warmUp(engine, join(root, KIE_SETS[0])) : null;
  for (const set of KIE_SETS) {
    const hybridOriginals = listArg('hybrid-originals')?.[0];
    const results = await runKie(engine, join(root, set), { splits, perSource: arg('per-source', quick ? 8 : Infinity), sources: listArg('sources'), peer, hybridOriginals: hybridOriginals && resolve(hybridOriginals), progress: (done, total) => process.stderr.write(`${set}: ${done}/${total} cases\r`) });
    all.push(...results);
    if (process.argv.includes('--show-wrong')) process.stderr.write(wrongTuningValues(set, results));
    datasets[set] = {
      ...bySplit(splits, (s) => summarizeKie(results.filter((r) => r.split === s))),
      protocol: 'the fields each case lists, requested by their snake_case names; dates with format requirement YYYY-MM-DD (SROIE dates as printed), amounts as a plain number; text compared after whitespace collapse and case folding, amounts as numbers; line items: cell F1 per given column, and line_items_inferred: the same table asked with no fields, columns aligned to the truth columns by content (cells of unaligned columns left out: the truth lists only some printed columns), printed amounts rewritten as plain numbers (bench/lib/kie-dev.ts, plainAmount); with --hybrid-originals, <source> (xml) scores the page of each hybrid invoice without printed line truth against the lines of the XML in its original PDF (name, quantity, net price, net amount). Split by sender (bench/lib/splits.ts)',
    };
  }
  out.real_scans = {
    calibration: bySplit(splits, (s) => scanCalibration(all.filter((r) => r.split === s))),
    calibration_checks: bySplit(splits, (s) => scanCalibrationChecks(all.filter((r) => r.split === s))),
    speed: { ...bySplit(splits, (s) => scanSpeed(all.filter((r) => r.split === s))), both: scanSpeed(all), by_source: bySource(all, scanSpeed), ocr_threads: defaultOcrThreads(DEFAULT_SETTINGS), cold_first_page: cold, load_average_1m_at_end: loadavg()[0] },
    protocol:
      'the scanned receipts (.jpg) of kie-dev and kie-dev-more: calibration = share right per confidence bin over the field values that carry a confidence; calibration_checks = whether the share right rises bin by bin (<0.5, 0.5-0.7, 0.7-0.9, >=0.9; empty bins skipped) and the values at 0.9 or more of all with a confidence (coverage); speed = one fast extract with the case\'s fields on a warm engine (cold_first_page: the untimed read before, which started its OCR workers), then the tesseract CLI (--psm 3, -l eng, or deu+eng on German pages: the models the engine reads them with) on the same file, 1 thread and default threads; wall seconds, and CPU seconds (the engine: its process, every thread, with its OCR threads named in ocr_threads; the CLI: user + system of its process), p50 and p95 and their ratios',
  };
}

/** A figure per source of the real scans (`sroie`, `receipts-de`): their pages differ in size, print and language. */
function bySource<T>(results: KieResult[], f: (r: KieResult[]) => T): Record<string, T> {
  const sources = [...new Set(results.filter((r) => r.modality === 'image').map((r) => r.source))].sort();
  return Object.fromEntries(sources.map((src) => [src, f(results.filter((r) => r.source === src))]));
}

function bySplit<T>(splits: Split[], f: (s: Split) => T): Partial<Record<Split, T>> {
  return Object.fromEntries(splits.map((s) => [s, f(s)]));
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const splits = parseSplits(listArg('split')?.join(','));
  const digitalCount = arg('digital', 30);
  const scanCount = arg('scans', quick ? 1 : 6);
  // Eight pages a figure: a p50 of four moved by 10–15% between runs of the same code (docs/measurements.md, sixth round).
  const timingCount = arg('timing', 8);
  const sections = new Set(listArg('sections') ?? (quick ? ['icdar', 'business', 'kie'] : ['icdar', 'generated', 'timing', 'business', 'series', 'kie', 'textpage', 'cli']));
  const skipIcdar = process.argv.includes('--skip-icdar') || !sections.has('icdar');
  const datasetRoot = datasetsDir();
  // The engine as `docrows extract` and createLayoutEngine() run it: defaultOcrThreads() OCR threads.
  // `--settings '{"read":{"pageQuad":{"maxAreaShare":0}}}'`: the engine with some settings changed (to measure one step against its absence).
  const settingsArg = process.argv.indexOf('--settings');
  const overrides = settingsArg >= 0 ? (JSON.parse(process.argv[settingsArg + 1]) as SettingsOverrides) : undefined;
  const engine = createLayoutEngine({ settings: overrides });
  const cacheDir = listArg('ocr-cache')?.[0];
  const cached = cacheDir ? await cachedReadingEngine(resolve(cacheDir), engine, overrides) : null;
  const out: Record<string, unknown> = { machine: { cpus: cpus().length, load_average_1m: loadavg()[0] }, splits, quick };
  const datasets: Record<string, unknown> = {};
  out.datasets = datasets;

  if (!skipIcdar) {
    const dir = join(datasetRoot, 'icdar2013-dev');
    const docs = await listIcdarDocuments(dir);
    const engineMs: number[] = [];
    const textLayerMs: number[] = [];
    const perSplit: Partial<Record<Split, unknown>> = {};
    for (const split of splits) {
      const icdar = await runIcdar(engine, dir, docs.filter((d) => icdarSplit(d) === split));
      engineMs.push(...icdar.engineMs);
      textLayerMs.push(...icdar.textLayerMs);
      perSplit[split] = {
        tables: icdar.tables.length,
        given_fields: f1(icdar.givenPerRequest),
        given_fields_per_table: f1(icdar.given),
        inferred_columns: f1(icdar.inferred),
        given_fields_in_region: f1(icdar.givenInRegion),
      };
    }
    datasets['icdar2013-dev'] = {
      ...perSplit,
      protocol:
        'given_fields: expected header names as fields on the whole page (the engine must also find the table), one request per page and header set, scored against the rows of every ground-truth table of that page with those headers; given_fields_per_table: the same request scored against each table alone (rows of same-header neighbours count as wrong); inferred_columns: no fields, words inside the ground-truth table region; given_fields_in_region: fields given, words inside the region; cells matched per aligned column. Split by document (bench/lib/splits.ts)',
    };
    out.text_layer_ms_per_page = { engine: percentiles(engineMs), pdf_text_layer_read: percentiles(textLayerMs) };
  }

  if (sections.has('textpage')) out.text_layer_page_opened = await textPageComparison(engine, join(datasetRoot, 'icdar2013-dev'));
  if (sections.has('cli')) out.cli_whole_process = await cliStartComparison();

  if (sections.has('business')) {
    const perSplit: Partial<Record<Split, unknown>> = {};
    for (const split of splits) {
      const business = await runBusinessBench(cached ?? engine, {
        split,
        perPair: arg('per-pair', quick ? 1 : 2),
        start: arg('seed-start', 1),
        scansPerPair: arg('scans', 1),
        kinds: (listArg('kinds') ?? KINDS) as BusinessKind[],
        langs: (listArg('langs') ?? LANGS) as Lang[],
        scanKinds: listArg('scan-kinds') as ScanKind[] | undefined,
        digital: (listArg('modalities') ?? ['digital']).includes('digital'),
      });
      perSplit[split] = business.json;
      if (!process.argv.includes('--json')) process.stderr.write(business.table);
    }
    datasets.business = perSplit;
  }

  if (sections.has('series')) {
    const series = await runSeriesBench({
      splits,
      length: Math.max(8, arg('series-length', 8)),
      kinds: (listArg('kinds') ?? KINDS) as BusinessKind[],
      langs: (listArg('langs') ?? LANGS) as Lang[],
      everyLanguage: process.argv.includes('--series-every-language'),
      seedStart: arg('seed-start', 1),
      modalities: (listArg('modalities') ?? ['digital', 'scanned']) as Array<'digital' | 'scanned'>,
      sets: (listArg('series-sets') ?? ['generated', 'kie']) as Array<'generated' | 'kie'>,
      datasetRoot,
      // The service's engine threads read a scan as the other sections' engine does (engine-thread.ts).
      ...(cached ? { engine: cached } : {}),
    });
    datasets.series = series.json;
    if (!process.argv.includes('--json')) process.stderr.write(series.table);
  }

  if (sections.has('kie')) await runRealSets(engine, cached, datasetRoot, splits, quick, datasets, out);
  if (cached) {
    out.ocr_cache = { dir: resolve(cacheDir as string), ...cached.counts, note: 'business and real scans read from saved OCR words (bench/lib/ocr-cache.ts): their ms per page is the layout stages alone, no peer timed' };
    await cached.close?.();
  }

  if (sections.has('generated')) await runGeneratedSections(engine, out, datasets, splits, digitalCount, scanCount, sections.has('timing') ? timingCount : 0);
  else if (sections.has('timing') && timingCount > 0) await timeSections(out, await generateDigitalSet(Math.max(1, timingCount), 1), timingCount);
  out.load_average_1m_after = loadavg()[0];
  await engine.close?.();
  if (!process.argv.includes('--json')) process.stderr.write(sideBySide(datasets, out, splits));
  process.stdout.write(process.argv.includes('--json') ? `${JSON.stringify(out)}\n` : `${JSON.stringify(out, null, 2)}\n`);
}

/** The seed a test/fixtures document was made from (its id ends with it). */
const fixtureSeed = (d: GeneratedDoc) => Number(/(\d+)$/.exec(d.id)?.[1] ?? 0);

/** The invoice/statement/price-list set of test/fixtures per split: digital and scanned cell F1, then the OCR speed comparison. */
async function runGeneratedSections(engine: LayoutEngine, out: Record<string, unknown>, datasets: Record<string, unknown>, splits: Split[], digitalCount: number, scanCount: number, timingCount: number): Promise<void> {
  const all = await generateDigitalSet(digitalCount, 1);
  const digitalMs: number[] = [];
  const perSplit: Partial<Record<Split, unknown>> = {};
  for (const split of splits) {
    const docs = all.filter((d) => seedSplit(fixtureSeed(d)) === split);
    const digitalPages: EnginePage[] = [];
    for (const d of docs) digitalPages.push(await digitalPage(d));
    const digital = await runGenerated(engine, docs, digitalPages, 'fast');
    digitalMs.push(...digital.ms);
    const scanDocs = docs.slice(0, scanCount);
    const scanPages: EnginePage[] = [];
    const scanSettings = [];
    for (const d of scanDocs) {
      const seed = fixtureSeed(d);
      const o = randomScanOptions(100 + seed);
      scanSettings.push(o);
      scanPages.push({ image: await scanPdf(d.pdf, o, seed), textLayer: null });
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
    perSplit[split] = { digital: { documents: docs.length, given_fields: f1(digital.given), inferred_columns: f1(digital.inferred) }, scans };
  }
  datasets.generated = perSplit;
  out.generated_text_layer_ms_per_page = percentiles(digitalMs);

  // `--timing 0` skips the speed comparison (and the tesseract CLI it needs).
  if (timingCount > 0) await timeSections(out, all, timingCount);
}

/** The English comparison on the generated set, then the per-language one on business invoices (`--langs`). */
async function timeSections(out: Record<string, unknown>, docs: GeneratedDoc[], timingCount: number): Promise<void> {
  out.ocr_ms_per_page_300dpi = await timeAgainstCli(docs, timingCount);
  out.ocr_ms_per_page_300dpi_by_language = await timeLanguagesAgainstCli((listArg('langs') ?? LANGS) as Lang[], timingCount);
}

/** Reads a figure at a path of keys joined by `/`, or undefined. */
function at(o: unknown, path: string): unknown {
  return path.split('/').reduce<unknown>((x, k) => (x && typeof x === 'object' ? (x as Record<string, unknown>)[k] : undefined), o);
}

/** The headline figures, one line each, tuning and held-out side by side (stderr). */
function sideBySide(datasets: Record<string, unknown>, out: Record<string, unknown>, splits: Split[]): string {
  const num = (v: unknown) => (typeof v === 'number' ? v.toFixed(3) : '—');
  const f = (v: unknown) => num(at(v, 'f1'));
  const acc = (v: unknown) => (at(v, 'total') ? `${num(at(v, 'accuracy'))} (${String(at(v, 'total'))})` : '—');
  const rows: Array<[string, (s: Split) => string]> = [
    ['icdar given / inferred F1', (s) => `${f(at(datasets, `icdar2013-dev/${s}/given_fields`))} / ${f(at(datasets, `icdar2013-dev/${s}/inferred_columns`))}`],
    ['generated digital given / inferred', (s) => `${f(at(datasets, `generated/${s}/digital/given_fields`))} / ${f(at(datasets, `generated/${s}/digital/inferred_columns`))}`],
    ['generated scans (fast) given', (s) => f(at(datasets, `generated/${s}/scans/fast/given_fields`))],
    ['business digital lines / fields', (s) => `${f(at(datasets, `business/${s}/digital/overall/line_items`))} / ${num(at(datasets, `business/${s}/digital/overall/fields/accuracy`))}`],
    ['business scanned lines / fields', (s) => `${f(at(datasets, `business/${s}/scanned/overall/line_items`))} / ${num(at(datasets, `business/${s}/scanned/overall/fields/accuracy`))}`],
    ['business digital lines named / inferred', (s) => `${f(at(datasets, `business/${s}/digital/overall/line_items`))} / ${f(at(datasets, `business/${s}/digital/overall/line_items_inferred`))}`],
    ['business scanned lines named / inferred', (s) => `${f(at(datasets, `business/${s}/scanned/overall/line_items`))} / ${f(at(datasets, `business/${s}/scanned/overall/line_items_inferred`))}`],
  ];
  for (const set of KIE_SETS) {
    rows.push([`${set} fields`, (s) => acc(at(datasets, `${set}/${s}/fields`))]);
    const sources = new Set(splits.flatMap((s) => Object.keys((at(datasets, `${set}/${s}/by_source`) as object | undefined) ?? {})));
    for (const src of [...sources].sort()) rows.push([`  ${src}`, (s) => acc(at(datasets, `${set}/${s}/by_source/${src}`))]);
    const fieldNames = new Set(splits.flatMap((s) => Object.keys((at(datasets, `${set}/${s}/by_field`) as object | undefined) ?? {})));
    for (const name of [...fieldNames].sort()) rows.push([`  field ${name}`, (s) => acc(at(datasets, `${set}/${s}/by_field/${name}`))]);
    rows.push([`${set} line items named / inferred`, (s) => `${f(at(datasets, `${set}/${s}/line_items`))} / ${f(at(datasets, `${set}/${s}/line_items_inferred`))}`]);
    const lineSources = new Set(splits.flatMap((s) => Object.keys((at(datasets, `${set}/${s}/line_items_by_source`) as object | undefined) ?? {})));
    for (const src of [...lineSources].sort()) rows.push([`  ${src} lines named / inferred`, (s) => `${f(at(datasets, `${set}/${s}/line_items_by_source/${src}/named`))} / ${f(at(datasets, `${set}/${s}/line_items_by_source/${src}/inferred`))}`]);
  }
  const bin = (s: Split, name: string) => {
    const values = at(out, `real_scans/calibration/${s}/${name}/values`);
    return values ? `${num(at(out, `real_scans/calibration/${s}/${name}/share_right`))} (${String(values)})` : '—';
  };
  // A check's cells: the values at 0.9 or more of all, and the share right bin by bin, `<` where it rises, `>` where it falls.
  const coverage = (path: string) => (s: Split) => {
    const c = at(out, path.replace('{s}', s)) as { at_0_9: number; values: number; coverage: number | null } | undefined;
    return c?.values ? `${c.at_0_9}/${c.values} (${num(c.coverage)})` : '—';
  };
  const rising = (path: string) => (s: Split) => {
    const c = at(out, path.replace('{s}', s)) as { shares: number[] } | undefined;
    const shares = c?.shares ?? [];
    const sign = (v: number, before: number) => (v > before ? '<' : v === before ? '=' : '>');
    return shares.length ? shares.map((v, i) => `${i ? sign(v, shares[i - 1]) : ''}${v.toFixed(2)}`).join('') : '—';
  };
  for (const name of ['<0.5', '0.5-0.7', '0.7-0.9', '0.9-0.97', '>=0.97', '>=0.9']) rows.push([`real scans right at conf ${name} (n)`, (s) => bin(s, name)]);
  rows.push(['  values at >=0.9 of all (coverage)', coverage('real_scans/calibration_checks/{s}')]);
  rows.push(['  bins <0.5..>=0.9: < rises, > falls', rising('real_scans/calibration_checks/{s}')]);
  const businessBin = (s: Split, name: string) => {
    const values = at(datasets, `business/${s}/calibration/scanned/${name}/values`);
    return values ? `${num(at(datasets, `business/${s}/calibration/scanned/${name}/share_right`))} (${String(values)})` : '—';
  };
  for (const name of ['<0.5', '0.5-0.7', '0.7-0.9', '0.9-0.97', '>=0.97', '>=0.9']) rows.push([`business scans right at conf ${name} (n)`, (s) => businessBin(s, name)]);
  rows.push(['  values at >=0.9 of all (coverage)', coverage('datasets/business/{s}/calibration_checks/scanned')]);
  rows.push(['  bins <0.5..>=0.9: < rises, > falls', rising('datasets/business/{s}/calibration_checks/scanned')]);
  for (const clock of ['wall', 'cpu'] as const) {
    const speed = (s: Split, path: string) => num(at(out, `real_scans/speed/${s}/${path}`));
    rows.push([`real scans ${clock} s/page p50 / p95`, (s) => `${speed(s, `engine/${clock}/p50_s`)} / ${speed(s, `engine/${clock}/p95_s`)}`]);
    rows.push([`  CLI 1 thread p50 / p95`, (s) => `${speed(s, `peers/cli_1_thread/${clock}/p50_s`)} / ${speed(s, `peers/cli_1_thread/${clock}/p95_s`)}`]);
    rows.push([`  engine / CLI 1 thread p50 / p95`, (s) => `${speed(s, `peers/cli_1_thread/ratios/${clock}/ratio_p50`)}x / ${speed(s, `peers/cli_1_thread/ratios/${clock}/ratio_p95`)}x`]);
  }
  const width = 38;
  const lines = [`${''.padEnd(width)}${splits.map((s) => s.padStart(22)).join('')}`];
  // Sections that did not run print no line.
  for (const [label, cell] of rows) if (splits.some((s) => /\d/.test(cell(s)))) lines.push(`${label.padEnd(width)}${splits.map((s) => cell(s).padStart(22)).join('')}`);
  return `${lines.join('\n')}\n\n${speedAgainstCli(out)}`;
}

/**
 * The speed bar's figure (issue 28: seconds a page at most 1.5 times the
 * tesseract CLI's at one thread, p50 and p95) on the real scans of both
 * splits together and per source, CPU and wall: empty when no peer was timed.
 */
function speedAgainstCli(out: Record<string, unknown>): string {
  const groups = { 'both splits': at(out, 'real_scans/speed/both'), ...((at(out, 'real_scans/speed/by_source') as Record<string, unknown> | undefined) ?? {}) };
  const cell = (v: unknown) => (typeof v === 'number' ? v.toFixed(2) : '—');
  const lines = Object.entries(groups).flatMap(([name, g]) => {
    if (!at(g, 'peers/cli_1_thread')) return [];
    const clock = (c: string) => `${cell(at(g, `engine/${c}/p50_s`))}/${cell(at(g, `engine/${c}/p95_s`))} s against ${cell(at(g, `peers/cli_1_thread/${c}/p50_s`))}/${cell(at(g, `peers/cli_1_thread/${c}/p95_s`))} s: ${cell(at(g, `peers/cli_1_thread/ratios/${c}/ratio_p50`))}x/${cell(at(g, `peers/cli_1_thread/ratios/${c}/ratio_p95`))}x`;
    return [`  ${name} (${String(at(g, 'engine/n'))} pages): cpu ${clock('cpu')}; wall ${clock('wall')}`];
  });
  return lines.length ? `real scans, engine / tesseract CLI at 1 thread, p50/p95 (bar: 1.5x):\n${lines.join('\n')}\n\n` : '';
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
