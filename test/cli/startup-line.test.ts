import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processTree } from '../../bench/lib/process-tree.js';
import { freePort } from '../helpers/free-port.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Sends `sig`; false when the process is gone (0 only asks whether it lives). */
function signal(pid: number, sig: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false;
  }
}

/**
 * SIGTERM to the process, then SIGKILL to whatever of its tree is left after
 * 10 s: a server still loading its modules on a loaded machine may not act on
 * SIGTERM yet, and nothing the test started may outlive it.
 */
async function stopTree(pid: number): Promise<void> {
  // Read from /proc before the signal: `script` puts the server in a session of its own, out of its process group.
  const tree = processTree(pid);
  signal(pid, 'SIGTERM');
  for (let waited = 0; tree.some((p) => signal(p, 0)) && waited < 10_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  for (const p of tree) signal(p, 'SIGKILL');
}

/** Runs `docrows serve` until its output matches `until` (or 60 s), then stops it; returns everything printed. */
async function serveOutput(argv: string[], env: Record<string, string>, until: RegExp): Promise<string> {
  const proc = spawn(argv[0], argv.slice(1), { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 60_000);
    const check = (chunk: Buffer) => {
      out += chunk.toString();
      if (until.test(out)) { clearTimeout(timer); resolve(); }
    };
    proc.stdout.on('data', check);
    proc.stderr.on('data', check);
  });
  await done;
  await stopTree(proc.pid as number);
  return out;
}

describe('docrows serve start-up line', { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-startup-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = async () => ({ DOCROWS_DATA_DIR: dataDir, DOCROWS_PORT: String(await freePort()), DOCROWS_WORKERS: '0', DOCROWS_LOG_LEVEL: 'info' });
  const serve = `${process.execPath} --import tsx src/main.ts serve`;

  it('prints one human line with the address, console, docs and admin API state on a terminal', async () => {
    const e = await env();
    // `script` gives the child a pseudo-terminal, as a person starting the server has.
    const out = await serveOutput(['script', '-qec', serve, '/dev/null'], { ...e, DOCROWS_ADMIN_TOKEN: 'tok' }, /docrows listening on/);
    const line = out.split(/\r?\n/).find((l) => l.startsWith('docrows listening on'));
    expect(line).toBe(`docrows listening on http://127.0.0.1:${e.DOCROWS_PORT} · console http://127.0.0.1:${e.DOCROWS_PORT}/console · docs http://127.0.0.1:${e.DOCROWS_PORT}/docs · admin API on (http://127.0.0.1:${e.DOCROWS_PORT}/admin/v1)`);
  });

  it('prints only the JSON logs when not attached to a terminal', async () => {
    const out = await serveOutput([process.execPath, '--import', 'tsx', 'src/main.ts', 'serve'], await env(), /Server listening/);
    expect(out).toMatch(/Server listening/);
    expect(out).not.toContain('docrows listening on');
  });
});
