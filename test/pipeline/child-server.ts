/** Runs `docrows serve` / `docrows worker` as child processes (tsx, no build step) for crash and multi-process tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ADMIN_TOKEN } from '../helpers/app.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Child {
  proc: ChildProcess;
  output(): string;
  /** Resolves with the exit code/signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startDocrows(command: 'serve' | 'worker', env: Record<string, string>): Child {
  // node itself with tsx as a loader: the tsx CLI would put a wrapper process in
  // between, and a SIGKILL to the wrapper would leave the real server running.
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', command], {
    cwd: ROOT,
    env: { ...process.env, DOCROWS_ADMIN_TOKEN: ADMIN_TOKEN, DOCROWS_LOG_LEVEL: 'warn', DOCROWS_RATE_LIMIT_PER_MIN: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (c: Buffer) => { out += c.toString(); });
  proc.stderr!.on('data', (c: Buffer) => { out += c.toString(); });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  return { proc, output: () => out, exited };
}

/** Waits until the server answers its health route. */
export async function waitForHttp(base: string, child: Child, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/api/v1/account`);
      if (res.status === 401) return;
    } catch { /* not listening yet */ }
    if (child.proc.exitCode !== null) throw new Error(`docrows exited early:\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`docrows did not start in time:\n${child.output()}`);
}

/** Minimal HTTP client for a child server. */
export function client(base: string, apiKey: string) {
  const auth = { authorization: `Bearer ${apiKey}` };
  return {
    async json(method: string, url: string, body?: unknown) {
      const res = await fetch(`${base}/api/v1${url}`, {
        method, headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, body: await res.json() as Record<string, unknown> };
    },
    async upload(batch: string, filename: string, bytes: Buffer): Promise<string[]> {
      const form = new FormData();
      form.set('batch_name', batch);
      form.set('file', new Blob([bytes], { type: 'application/pdf' }), filename);
      const res = await fetch(`${base}/api/v1/documents`, { method: 'POST', headers: auth, body: form });
      const body = await res.json() as { document_id: string[] };
      if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
      return body.document_id;
    },
  };
}

export async function createAccountOver(base: string, body: Record<string, unknown>): Promise<{ account_id: number; api_key: string }> {
  const res = await fetch(`${base}/admin/v1/accounts`, {
    method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`account: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ account_id: number; api_key: string }>;
}
