import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../test/helpers/free-port.js';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Engine } from '../../src/extract/types.js';
import { startWorkers } from '../../src/workers.js';

export const BENCH_ADMIN_TOKEN = 'bench-admin-token';

export interface BenchServer {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
/**
 * Where benches compile the source: a folder of their own (gitignored), never
 * the checkout's dist/, which a running `docrows serve` may be loading from.
 */
export const BENCH_DIST = path.join(ROOT, '.bench-dist');
/** The compiled CLI entry (what bin/docrows.js imports from dist/). */
export const BENCH_MAIN = path.join(BENCH_DIST, 'main.js');
let built = false;

/**
 * Benchmarks measure the server and the CLI as `npm start` runs them: compiled
 * JavaScript (under tsx every module and worker thread pays for the TypeScript
 * loader in start-up time and memory). The build is refreshed once per bench
 * run so the figures are of the current source.
 */
export function buildOnce(): void {
  if (built) return;
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  // Incremental: a run after an unchanged source takes seconds, not the minutes a full build takes on a loaded machine
  // (a bench holding the bench lock would hold it for the build).
  const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', BENCH_DIST, '--declaration', 'false', '--incremental', '--tsBuildInfoFile', path.join(BENCH_DIST, '.tsbuildinfo')], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`building into ${BENCH_DIST} failed (exit ${r.status})`);
  built = true;
}

/** Starts `docrows serve` (compiled) as its own process (the real server, on loopback) and waits until it answers. */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  buildOnce();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-bench-'));
  const port = await freePort();
  const child = spawn(process.execPath, [BENCH_MAIN, 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DOCROWS_PORT: String(port),
      DOCROWS_DATA_DIR: dataDir,
      DOCROWS_ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
      DOCROWS_RATE_LIMIT_PER_MIN: '0',
      DOCROWS_LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Three minutes: a server starting beside other benches on a shared machine (load 25 on 2 cores) took over one.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Never leave a half-started server behind.
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error('server did not start within 180 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    dataDir,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The same service in this process, its workers on `engine` (bench/lib/ocr-cache.ts: scans read from saved OCR
 * words, so a series re-run costs the rules, not the OCR), which stands for the layout engine: the service hands
 * layout memories to an engine of that name only (src/core/processing/extraction-jobs.ts). HTTP on loopback as
 * `startBenchServer`; no speed figure. Logs are off: they would go to the bench's standard output, its JSON.
 */
export async function startInProcessBenchServer(engine: Engine, workers: number): Promise<Pick<BenchServer, 'baseUrl' | 'stop'>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-bench-'));
  const port = await freePort();
  const app = await createApp(loadConfig({
    DOCROWS_PORT: String(port),
    DOCROWS_DATA_DIR: dataDir,
    DOCROWS_ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    DOCROWS_RATE_LIMIT_PER_MIN: '0',
    DOCROWS_LOG_LEVEL: 'silent',
    DOCROWS_WORKERS: '0',
  }));
  const running = startWorkers(app.services, { engine: { ...engine, name: 'layout' }, workers });
  await app.server.listen({ port, host: '127.0.0.1' });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      await running.stop();
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createBenchAccount(baseUrl: string, body: Record<string, unknown> = {}): Promise<{ accountId: number; apiKey: string }> {
  const res = await fetch(`${baseUrl}/admin/v1/accounts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ plan: 'business', credits: 100_000, ...body }),
  });
  if (res.status !== 201) throw new Error(`account creation failed: ${res.status} ${await res.text()}`);
  const json = (await res.json()) as { account_id: number; api_key: string };
  return { accountId: json.account_id, apiKey: json.api_key };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
