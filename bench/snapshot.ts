/**
 * Exact output snapshot of the built-in `layout` engine, for changes that must
 * not move a figure (file moves, renames, settings passed in): every request
 * the accuracy sections of `npm run bench:extract` make (icdar2013-dev, the
 * generated set digital and scanned, the business set digital and scanned,
 * kie-dev and, when asked, kie-dev-more) goes through a recording engine, and every row, value, confidence
 * and box it answers is written in request order, beside a hash of the page
 * and the request. Compare mode runs the same requests and reports every
 * difference; equal snapshots mean equal figures in those sections.
 *
 *   npm run bench:snapshot -- --out FILE [--split tuning,heldout] [--per-pair N] [--scans N]
 *     [--sections icdar,generated,business,kie] [--kie-sets kie-dev,kie-dev-more] [--datasets DIR]
 *     [--kinds invoice,receipt] [--langs en,de]   (a business sample of those kinds and languages only, for a loaded machine)
 *   npm run bench:snapshot -- --compare FILE [same options]
 *   npm run bench:snapshot -- --diff A B      (two written snapshots, no engine run)
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createLayoutEngine } from '../src/extract/layout/index.js';
import type { Engine, EnginePage, ExtractRequest, ExtractResult } from '../src/extract/types.js';
import { generateDigitalSet } from '../test/fixtures/extract/documents.js';
import { randomScanOptions, scanPdf } from '../test/fixtures/extract/scans.js';
import { digitalPage, runGenerated } from '../test/extract/helpers/generated-eval.js';
import { runIcdar } from '../test/extract/helpers/icdar-eval.js';
import { runBusinessBench } from './lib/business/bench.js';
import { KINDS, LANGS } from './lib/business/index.js';
import { runKie } from './lib/kie-dev.js';
import { parseSplits, seedSplit } from './lib/splits.js';

interface Entry {
  section: string;
  page: string;
  request: string;
  result: ExtractResult;
}

interface Snapshot {
  options: Record<string, unknown>;
  entries: Entry[];
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const hash = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/** The engine, every answer written down under the section being run. */
function recording(engine: Engine, entries: Entry[], section: () => string): Engine {
  return {
    name: engine.name,
    async extract(page: EnginePage, request: ExtractRequest): Promise<ExtractResult> {
      const result = await engine.extract(page, request);
      entries.push({ section: section(), page: hash(`${hash(page.image ?? "")}:${JSON.stringify(page.textLayer)}`), request: hash(JSON.stringify(request)), result });
      return result;
    },
  };
}

function datasetsDir(): string {
  const given = option('datasets');
  if (given) return resolve(given);
  return [resolve('../shared/datasets'), resolve('../../shared/datasets'), '/work/shared/datasets'].find((d) => existsSync(d)) ?? resolve('../shared/datasets');
}

async function take(): Promise<Snapshot> {
  const sections = new Set((option('sections') ?? 'icdar,generated,business,kie').split(','));
  const options = {
    sections: [...sections],
    splits: parseSplits(option('split') ?? 'tuning,heldout'),
    perPair: Number(option('per-pair') ?? 2),
    scans: Number(option('scans') ?? 1),
    kieSets: (option('kie-sets') ?? 'kie-dev').split(','),
    // Only when given: snapshots taken without them compare equal to those of the tool before these options.
    ...(option('kinds') ? { kinds: option('kinds')!.split(',') } : {}),
    ...(option('langs') ? { langs: option('langs')!.split(',') } : {}),
  };
  const entries: Entry[] = [];
  let current = '';
  const inner = createLayoutEngine();
  const engine = recording(inner, entries, () => current);
  const root = datasetsDir();
  try {
    if (sections.has('icdar')) {
      current = 'icdar2013-dev';
      await runIcdar(engine, join(root, 'icdar2013-dev'));
    }
    for (const split of options.splits) {
      if (!sections.has('business')) break;
      current = `business-${split}`;
      await runBusinessBench(engine, { split, perPair: options.perPair, scansPerPair: options.scans, kinds: KINDS.filter((k) => options.kinds?.includes(k) ?? true), langs: LANGS.filter((l) => options.langs?.includes(l) ?? true) });
    }
    for (const set of sections.has('kie') ? options.kieSets : []) {
      current = set;
      await runKie(engine, join(root, set), { splits: options.splits });
    }
    if (sections.has('generated')) {
      // As bench/extract.ts runs it: 30 digital documents per split, the first 6 of each scanned, read fast and high.
      const all = await generateDigitalSet(30, 1);
      const seedOf = (id: string) => Number(/(\d+)$/.exec(id)?.[1] ?? 0);
      for (const split of options.splits) {
        const docs = all.filter((d) => seedSplit(seedOf(d.id)) === split);
        const digital: EnginePage[] = [];
        for (const d of docs) digital.push(await digitalPage(d));
        current = `generated-${split}-digital`;
        await runGenerated(engine, docs, digital, 'fast');
        const scanDocs = docs.slice(0, 6);
        const scans: EnginePage[] = [];
        for (const d of scanDocs) scans.push({ image: await scanPdf(d.pdf, randomScanOptions(100 + seedOf(d.id)), seedOf(d.id)), textLayer: null });
        for (const quality of ['fast', 'high'] as const) {
          current = `generated-${split}-scans-${quality}`;
          await runGenerated(engine, scanDocs, scans, quality);
        }
      }
    }
  } finally {
    await inner.close?.();
  }
  return { options, entries };
}

/** Every path where two JSON values differ, up to `limit`. */
function differences(a: unknown, b: unknown, path: string, out: string[], limit = 20): void {
  if (out.length >= limit) return;
  if (Object.is(a, b)) return;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    out.push(`${path}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
    return;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`, out, limit);
}

function compare(before: Snapshot, after: Snapshot): string[] {
  const report: string[] = [];
  if (JSON.stringify(before.options) !== JSON.stringify(after.options)) report.push(`options differ: ${JSON.stringify(before.options)} vs ${JSON.stringify(after.options)}`);
  if (before.entries.length !== after.entries.length) report.push(`request count: ${before.entries.length} → ${after.entries.length}`);
  const n = Math.min(before.entries.length, after.entries.length);
  let differing = 0;
  for (let i = 0; i < n; i++) {
    const [x, y] = [before.entries[i], after.entries[i]];
    const where = `#${i} ${x.section} page ${x.page} request ${x.request}`;
    if (x.page !== y.page || x.request !== y.request) {
      report.push(`${where}: different input (page ${y.page}, request ${y.request})`);
      differing++;
      continue;
    }
    const d: string[] = [];
    differences(x.result, y.result, 'result', d);
    if (d.length) {
      differing++;
      if (differing <= 30) report.push(`${where}:\n  ${d.join('\n  ')}`);
    }
  }
  if (differing) report.push(`${differing} of ${n} answers differ`);
  return report;
}

async function read(file: string): Promise<Snapshot> {
  return JSON.parse(await readFile(file, 'utf8')) as Snapshot;
}

async function main(): Promise<void> {
  const diffIndex = process.argv.indexOf('--diff');
  const [before, after] =
    diffIndex >= 0
      ? [await read(process.argv[diffIndex + 1]), await read(process.argv[diffIndex + 2])]
      : [option('compare') ? await read(option('compare') as string) : undefined, await take()];
  const out = option('out');
  if (out && diffIndex < 0) await writeFile(out, JSON.stringify(after));
  const counts: Record<string, number> = {};
  for (const e of after.entries) counts[e.section] = (counts[e.section] ?? 0) + 1;
  process.stdout.write(`${JSON.stringify({ answers: after.entries.length, by_section: counts })}\n`);
  if (!before) return;
  const report = compare(before, after);
  process.stdout.write(report.length ? `${report.join('\n')}\n` : 'identical: every answer equals the snapshot\n');
  if (report.length) process.exitCode = 1;
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
