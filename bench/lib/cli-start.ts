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
import { BENCH_MAIN, buildOnce } from './server.js';

const run = promisify(execFile);

async function medianMs(runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn(); // the files in the page cache, as for a user's second try
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return Math.round(ms[Math.floor(ms.length / 2)]);
}

export async function cliStartComparison(runs = 5): Promise<Record<string, unknown>> {
  buildOnce();
  const dir = await mkdtemp(join(tmpdir(), 'docrows-bench-cli-'));
  try {
    const file = join(dir, 'page.pdf');
    await writeFile(file, await textPdf({ pages: 1, rows: 6 }));
    const docrows = (...args: string[]) => run(process.execPath, [BENCH_MAIN, ...args], { maxBuffer: 1 << 24 });
    const help = await medianMs(runs, () => docrows('--help'));
    const extract = await medianMs(runs, () => docrows('extract', file));
    const plumber = ensurePythonPeer('pdfplumber');
    const peer = plumber.available ? await medianMs(runs, () => run('python3', ['-c', PDFPLUMBER_ONE_LINER, file])) : null;
    const nodeAlone = await medianMs(runs, () => run(process.execPath, ['-e', '0']));
    return {
      runs,
      ms_median: { docrows_help: help, docrows_extract: extract, node_empty_process: nodeAlone, pdfplumber_one_liner: peer },
      pdfplumber: plumber.available ? { version: plumber.version, one_liner: PDFPLUMBER_ONE_LINER } : plumber,
      extract_over_pdfplumber: peer ? +(extract / peer).toFixed(2) : null,
      target: 'docrows extract of a one-page text PDF ≤ 2× the pdfplumber one-liner',
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
