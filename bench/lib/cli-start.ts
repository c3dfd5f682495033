/**
 * `docrows` as a whole process, start-up included, next to the pdfplumber
 * one-liner on the same one-page text PDF: what a user waits for at the shell.
 * The CLI runs compiled (.bench-dist), as the installed package runs it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { textPdf } from '../../test/fixtures/ingest/pdf-fixtures.js';
import { ensurePythonPeer, PDFPLUMBER_ONE_LINER } from './peers.js';
import { percentiles } from './percentiles.js';
import { BENCH_MAIN, buildOnce } from './server.js';

const run = promisify(execFile);

/**
 * Wall ms of each command, `runs` times, the commands taking turns (a, b, c, a, b, c, …) so a change in the
 * machine's load between samples falls on every side alike; one untimed round first (files in the page cache,
 * as for a user's second try).
 */
async function interleavedMs(runs: number, commands: Record<string, () => Promise<unknown>>): Promise<Record<string, number[]>> {
  const ms: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  for (const fn of Object.values(commands)) await fn();
  for (let i = 0; i < runs; i++) {
    for (const [name, fn] of Object.entries(commands)) {
      const t0 = performance.now();
      await fn();
      ms[name].push(performance.now() - t0);
    }
  }
  return ms;
}

export async function cliStartComparison(runs = 21): Promise<Record<string, unknown>> {
  buildOnce();
  const dir = await mkdtemp(join(tmpdir(), 'docrows-bench-cli-'));
  try {
    const file = join(dir, 'page.pdf');
    await writeFile(file, await textPdf({ pages: 1, rows: 6 }));
    const docrows = (...args: string[]) => run(process.execPath, [BENCH_MAIN, ...args], { maxBuffer: 1 << 24 });
    const plumber = ensurePythonPeer('pdfplumber');
    const ms = await interleavedMs(runs, {
      docrows_help: () => docrows('--help'),
      docrows_extract: () => docrows('extract', file),
      node_empty_process: () => run(process.execPath, ['-e', '0']),
      ...(plumber.available ? { pdfplumber_one_liner: () => run('python3', ['-c', PDFPLUMBER_ONE_LINER, file]) } : {}),
    });
    const figures = Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, percentiles(v)]));
    const ratio = (q: 'p50' | 'p95') => (figures.pdfplumber_one_liner ? +(figures.docrows_extract[q] / figures.pdfplumber_one_liner[q]).toFixed(2) : null);
    return {
      runs,
      ms: figures,
      pdfplumber: plumber.available ? { version: plumber.version, one_liner: PDFPLUMBER_ONE_LINER } : plumber,
      extract_over_pdfplumber: { p50: ratio('p50'), p95: ratio('p95') },
      target: 'docrows extract of a one-page text PDF ≤ 2× the pdfplumber one-liner',
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
