import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { registerWebhookJobs } from '../../src/core/webhooks/index.js';
import { bboxRowGroupJob, createPageOcr, type PageOcr } from '../../src/core/bbox/index.js';
import { JobRegistry } from '../../src/jobs/registry.js';
import { startWorkerPool, type WorkerPool } from '../../src/jobs/worker.js';
import type { Engine } from '../../src/extract/types.js';
import type { Services } from '../../src/services.js';

/** Bbox never calls the extraction engine; a worker pool still needs one in its runtime. */
const NO_ENGINE: Engine = {
  name: 'none',
  extract: async () => ({ ok: false, failure: { code: 'engine_error', message: 'bbox tests run no extraction' } }),
};

export interface BboxWorkers {
  stop(): Promise<void>;
}

/** Worker pools running bbox row groups and webhook deliveries (several pools = several workers racing). */
export function startBboxWorkers(services: Services, opts: { pools?: number; cpuSlots?: number; ocr?: PageOcr } = {}): BboxWorkers {
  const { pools = 1, cpuSlots = 2 } = opts;
  const ocr = opts.ocr ?? createPageOcr();
  const running: WorkerPool[] = [];
  for (let i = 0; i < pools; i++) {
    const registry = new JobRegistry();
    registry.register(bboxRowGroupJob(ocr));
    registerWebhookJobs(registry);
    running.push(startWorkerPool(services, { registry, runtime: { engine: NO_ENGINE }, cpuSlots, ioSlots: 1, pollMs: 20, workerId: `bbox-test-${i}` }));
  }
  return {
    async stop() {
      await Promise.all(running.map((p) => p.stop(5000)));
      await ocr.close();
    },
  };
}

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local callback receiver (tests run with DOCROWS_ALLOW_PRIVATE_URLS=true). */
export async function startReceiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString('utf8'); });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Verifies a delivery's Standard Webhooks signature; returns the parsed body. */
export function verifyDelivery(secret: string, r: Received): unknown {
  return new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  });
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 60_000, label = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
