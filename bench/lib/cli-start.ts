/**
 * `docrows` as a whole process, start-up included, next to the pdfplumber
 * one-liner on the same one-page text PDF: what a user waits for at the shell.
 * The CLI runs compiled (.bench-dist), as the installed package runs it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { textPdf } from '../../test/fixtures/ingest/pdf-fixtures.js';
import { ensurePythonPeer, PDFPLUMBER_ONE_LINER } from './peers.js';
import { percentiles } from './percentiles.js';
import { BENCH_MAIN, buildOnce } from './server.js';

const run = promisify(execFile);

/**
 * Runs `command` to the end under bash and returns the CPU ms it and its children used (user + system, from
 * bash's `times`): a loaded machine stretches wall time far more than CPU time.
 */
async function cpuMs(command: string[]): Promise<number> {
  const { stdout } = await run('bash', ['-c', '"$@" > /dev/null; times', 'bash', ...command], { maxBuffer: 1 << 24 });
  // `times` prints the shell's own user/system line, then its children's: "0m0.512s 0m0.093s".
  const seconds = (t: string) => {
    const m = /^(\d+)m([\d.]+)s$/.exec(t);
    return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
  };
  const [user, system] = stdout.trim().split('\n').at(-1)!.trim().split(/\s+/);
  return (seconds(user) + seconds(system)) * 1000;
}

/**
 * Wall and CPU ms of each command, `runs` times, the commands taking turns (a, b, c, a, b, c, …) so a change in
 * the machine's load between samples falls on every side alike; one untimed round first (files in the page cache,
 * as for a user's second try).
 */
async function interleaved(runs: number, commands: Record<string, string[]>): Promise<{ wall: Record<string, number[]>; cpu: Record<string, number[]> }> {
  const empty = () => Object.fromEntries(Object.keys(commands).map((k) => [k, [] as number[]]));
  const wall = empty();
  const cpu = empty();
  for (const command of Object.values(commands)) await cpuMs(command);
  for (let i = 0; i < runs; i++) {
    for (const [name, command] of Object.entries(commands)) {
      const t0 = performance.now();
      cpu[name].push(await cpuMs(command));
      wall[name].push(performance.now() - t0);
    }
  }
  return { wall, cpu };
}

export async function cliStartComparison(runs = 21): Promise<Record<string, unknown>> {
  buildOnce();
  const dir = await mkdtemp(join(tmpdir(), 'docrows-bench-cli-'));
  try {
    const file = join(dir, 'page.pdf');
    await writeFile(file, await textPdf({ pages: 1, rows: 6 }));
    const plumber = ensurePythonPeer('pdfplumber');
    const load_average_before = loadavg()[0];
    const { wall, cpu } = await interleaved(runs, {
      docrows_help: [process.execPath, BENCH_MAIN, '--help'],
      docrows_extract: [process.execPath, BENCH_MAIN, 'extract', file],
      node_empty_process: [process.execPath, '-e', '0'],
      ...(plumber.available ? { pdfplumber_one_liner: ['python3', '-c', PDFPLUMBER_ONE_LINER, file] } : {}),
    });
    const figures = (ms: Record<string, number[]>) => Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, percentiles(v)]));
    const ratios = (ms: Record<string, { p50: number; p95: number }>) => {
      const at = (q: 'p50' | 'p95') => (ms.pdfplumber_one_liner ? +(ms.docrows_extract[q] / ms.pdfplumber_one_liner[q]).toFixed(2) : null);
      return { p50: at('p50'), p95: at('p95') };
    };
    const ms = figures(wall);
    const cpuMsOf = figures(cpu);
    return {
      runs,
      load_average: { before: load_average_before, after: loadavg()[0] },
      ms,
      cpu_ms: cpuMsOf,
      pdfplumber: plumber.available ? { version: plumber.version, one_liner: PDFPLUMBER_ONE_LINER } : plumber,
      extract_over_pdfplumber: ratios(ms),
      extract_over_pdfplumber_cpu: ratios(cpuMsOf),
      target: 'docrows extract of a one-page text PDF ≤ 2× the pdfplumber one-liner',
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
