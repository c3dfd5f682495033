/**
 * A real `docrows serve` in a child process for the hostile suite and the
 * fuzz run: its death and its memory (RSS from /proc, the server alone and
 * with its ingest children) are what these runs judge.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { processTree, rssMb } from '../../bench/lib/process-tree.js';
import { freePort } from '../helpers/free-port.js';
import { createAccountOver, startDocrows, waitForHttp, type Child } from '../pipeline/child-server.js';

export interface HostileServer {
  child: Child;
  base: string;
  apiKey: string;
  dataDir: string;
  alive(): Promise<boolean>;
  upload(form: FormData): Promise<{ status: number; text: string }>;
  stop(): Promise<void>;
}

const MiB = 1024 * 1024;

/** The server's RSS and the largest of its children's, in MiB. */
export function memory(pid: number): { server: number; child_max: number; tree: number } {
  const [server, ...children] = processTree(pid).map(rssMb);
  return { server, child_max: Math.max(0, ...children), tree: server + children.reduce((a, b) => a + b, 0) };
}

/** `account`: extra fields for the account created through the admin API (limits). */
export async function startHostileServer(env: Record<string, string> = {}, account: Record<string, unknown> = {}): Promise<HostileServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-hostile-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startDocrows('serve', {
    DOCROWS_DATA_DIR: dataDir,
    DOCROWS_PORT: String(port),
    DOCROWS_WORKERS: '0',
    DOCROWS_ALLOW_PRIVATE_URLS: 'true',
    ...env,
  });
  await waitForHttp(base, child);
  const created = await createAccountOver(base, { plan: 'pro', credits: 1_000_000, ...account });
  const auth = { authorization: `Bearer ${created.api_key}` };
  return {
    child,
    base,
    apiKey: created.api_key,
    dataDir,
    alive: async () => {
      if (child.proc.exitCode !== null || child.proc.signalCode !== null) return false;
      try {
        return (await fetch(`${base}/healthz`)).status === 200;
      } catch {
        return false;
      }
    },
    upload: async (form) => {
      const res = await fetch(`${base}/api/v1/documents`, { method: 'POST', headers: auth, body: form });
      return { status: res.status, text: await res.text() };
    },
    stop: async () => {
      if (child.proc.exitCode === null && child.proc.signalCode === null) {
        child.proc.kill('SIGTERM');
        await child.exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A multipart upload of `bytes` as `filename` into `batch`. */
export function fileForm(batch: string, filename: string, bytes: Buffer): FormData {
  const form = new FormData();
  form.set('batch_name', batch);
  form.set('file', new Blob([bytes]), filename);
  return form;
}

/** Runs `call` while sampling the server's memory every 50 ms; returns the answer and the peaks (MiB). */
export async function withPeaks<T>(pid: number, call: () => Promise<T>): Promise<{ value: T; peak: { server: number; child_max: number; tree: number } }> {
  const peak = memory(pid);
  const timer = setInterval(() => {
    const now = memory(pid);
    peak.server = Math.max(peak.server, now.server);
    peak.child_max = Math.max(peak.child_max, now.child_max);
    peak.tree = Math.max(peak.tree, now.tree);
  }, 50);
  try {
    return { value: await call(), peak };
  } finally {
    clearInterval(timer);
  }
}

export { MiB };
