/**
 * docrows scaled out on one machine: API and worker processes (`docrows serve`
 * with no embedded workers, `docrows worker`) as real child processes on a
 * fresh PostgreSQL database and an S3-compatible server (s3rver), plus a
 * webhook receiver, all on 127.0.0.1. Used by the many-process test and
 * `npm run bench:scale`.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { createServices, type Services } from '../../src/services.js';
import { TEST_PG_URL } from '../helpers/app.js';
import { freePort } from '../helpers/free-port.js';
import { startS3Server, type S3Server } from '../helpers/s3-server.js';
import { startDocrows, type Child } from '../pipeline/child-server.js';

const BUCKET = 'docrows';

export interface Proc {
  role: 'api' | 'worker';
  /** Where its HTTP listener is: the API, or the worker's operator port. */
  base: string;
  child: Child;
  /** Set while the test killed it on purpose. */
  down: boolean;
}

export interface Received {
  webhookId: string;
  type: string;
  batchName: string;
}

export interface Cluster {
  services: Services;
  apis: Proc[];
  workers: Proc[];
  /** Every POST the webhook receiver got, in order. */
  webhooks: Received[];
  receiverUrl: string;
  startWorker(): Promise<Proc>;
  /** SIGKILL, then start the same role again on the same port. */
  killAndRestart(proc: Proc): Promise<void>;
  /** SIGTERM every process; resolves with their exit codes. */
  stopAll(): Promise<Array<number | null>>;
  destroy(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Waits for /readyz to answer 200 (database and storage reachable). */
async function waitReady(proc: Proc, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.proc.exitCode !== null) throw new Error(`docrows ${proc.role} exited early:\n${proc.child.output()}`);
    const ok = await fetch(`${proc.base}/readyz`).then((r) => r.status === 200, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`docrows ${proc.role} did not get ready:\n${proc.child.output()}`);
}

function startReceiver(received: Received[]): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => {
      const parsed = JSON.parse(body) as { type: string; data: { batch_name: string } };
      received.push({ webhookId: String(req.headers['webhook-id']), type: parsed.type, batchName: parsed.data.batch_name });
      res.writeHead(200).end();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook` });
  }));
}

/** Starts the database, storage, receiver and `apis` API processes with `workers` worker processes. */
export async function startCluster(opts: { apis: number; workers: number }): Promise<Cluster> {
  const dbName = `docrows_scale_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(`CREATE DATABASE "${dbName}"`);
  const dbUrl = new URL(TEST_PG_URL);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-scale-'));
  let s3: S3Server | null = null;
  let services: (Services & { close(): Promise<void> }) | null = null;
  const webhooks: Received[] = [];
  const receiver = await startReceiver(webhooks);
  const procs: Proc[] = [];

  const destroy = async () => {
    for (const p of procs) p.child.proc.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.child.exited));
    await services?.close();
    await s3?.stop();
    receiver.server.close();
    await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    s3 = await startS3Server([BUCKET]);
    const env = {
      DOCROWS_DATABASE_URL: dbUrl.toString(),
      ...s3.env(BUCKET, 'blobs'),
      DOCROWS_ALLOW_PRIVATE_URLS: 'true',
      DOCROWS_LOG_LEVEL: 'warn',
      DOCROWS_SHUTDOWN_GRACE_S: '5',
    };
    // Migrated here, before any child starts.
    services = await createServices(loadConfig({ ...env, DOCROWS_DATA_DIR: dataDir, DOCROWS_LOG_LEVEL: 'silent' }));

    const spawnProc = (role: Proc['role'], port: number, n: number): Proc => {
      const own = { DOCROWS_DATA_DIR: path.join(dataDir, `${role}-${n}`) };
      const child = role === 'api'
        ? startDocrows('serve', { ...env, ...own, DOCROWS_PORT: String(port), DOCROWS_WORKERS: '0' })
        : startDocrows('worker', { ...env, ...own, DOCROWS_OPERATOR_PORT: String(port), DOCROWS_WORKERS: '1' });
      return { role, base: `http://127.0.0.1:${port}`, child, down: false };
    };
    const start = async (role: Proc['role']): Promise<Proc> => {
      const proc = spawnProc(role, await freePort(), procs.length);
      procs.push(proc);
      await waitReady(proc);
      return proc;
    };
    const apis = await Promise.all(Array.from({ length: opts.apis }, () => start('api')));
    const workers = await Promise.all(Array.from({ length: opts.workers }, () => start('worker')));

    return {
      services,
      apis,
      workers,
      webhooks,
      receiverUrl: receiver.url,
      async startWorker() {
        const proc = await start('worker');
        workers.push(proc);
        return proc;
      },
      async killAndRestart(proc) {
        proc.down = true;
        proc.child.proc.kill('SIGKILL');
        await proc.child.exited;
        const again = spawnProc(proc.role, Number(new URL(proc.base).port), procs.length);
        procs.push(again);
        proc.child = again.child;
        await waitReady(proc);
        proc.down = false;
      },
      async stopAll() {
        const live = [...apis, ...workers];
        for (const p of live) p.child.proc.kill('SIGTERM');
        return (await Promise.all(live.map((p) => p.child.exited))).map((e) => e.code);
      },
      destroy,
    };
  } catch (err) {
    await destroy();
    throw err;
  }
}
