import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/connect.js';
import * as documents from '../db/queries/documents.js';
import * as ledger from '../db/queries/ledger.js';
import type { Engine } from '../extract/types.js';
import { jobOutcomes, queueDepth } from '../jobs/queue.js';

/**
 * What GET /metrics shows (docs/operations.md). Two kinds of figures:
 * - per process (this process's HTTP requests, jobs and engine calls), which
 *   Prometheus sums over the processes it scrapes;
 * - the service's truth, read from the database at scrape time (pages by
 *   status, credits charged and refunded, queue depth, webhook deliveries),
 *   so every process shows the same figures however many run and restart.
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  jobDuration: Histogram<'kind' | 'outcome'>;
  engineSeconds: Histogram<'engine' | 'outcome'>;
}

export function createMetrics(db: Db): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'docrows_' });

  new Gauge({
    name: 'docrows_queue_depth', help: 'Jobs waiting or running, by kind and state (from the database).',
    labelNames: ['kind', 'state'], registers: [registry],
    async collect() {
      const rows = await queueDepth(db);
      this.reset();
      for (const r of rows) this.set({ kind: r.kind, state: r.state }, r.n);
    },
  });

  new Gauge({
    name: 'docrows_pages', help: 'Pages (documents) by status: succeeded = processed, failed = failed (from the database).',
    labelNames: ['status'], registers: [registry],
    async collect() {
      const rows = await documents.countByStatus(db);
      this.reset();
      for (const status of ['uploaded', 'queued', 'processing', 'succeeded', 'failed', 'canceled']) this.set({ status }, 0);
      for (const r of rows) this.set({ status: r.status }, r.n);
    },
  });

  new Gauge({
    name: 'docrows_credits', help: 'Credits charged and refunded over the ledger\'s whole history (from the database).',
    labelNames: ['kind'], registers: [registry],
    async collect() {
      const totals = await ledger.chargedAndRefunded(db);
      this.set({ kind: 'charged' }, totals.charged);
      this.set({ kind: 'refunded' }, totals.refunded);
    },
  });

  new Gauge({
    name: 'docrows_webhook_deliveries', help: 'Webhook deliveries by outcome: delivered, gave up (failed), failed attempts (from the job table, until purged).',
    labelNames: ['outcome'], registers: [registry],
    async collect() {
      const outcomes = await jobOutcomes(db, 'webhook.deliver');
      this.set({ outcome: 'delivered' }, outcomes.done);
      this.set({ outcome: 'failed' }, outcomes.failed);
      this.set({ outcome: 'failed_attempt' }, outcomes.failedAttempts);
    },
  });

  return {
    registry,
    httpRequests: new Counter({
      name: 'docrows_http_requests_total', help: 'HTTP requests answered by this process, by route pattern and status.',
      labelNames: ['method', 'route', 'status'], registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'docrows_http_request_duration_seconds', help: 'HTTP request latency in this process, by route pattern and status.',
      labelNames: ['method', 'route', 'status'], registers: [registry],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    }),
    jobDuration: new Histogram({
      name: 'docrows_job_duration_seconds', help: 'Jobs run by this process, by kind and outcome (done, retry, failed, lease_lost).',
      labelNames: ['kind', 'outcome'], registers: [registry],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    }),
    engineSeconds: new Histogram({
      name: 'docrows_engine_page_seconds', help: 'Engine time per page in this process, by engine and outcome (ok, failed, error).',
      labelNames: ['engine', 'outcome'], registers: [registry],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
    }),
  };
}

/** The engine with every page's time recorded. */
export function timedEngine(engine: Engine, metrics: Metrics): Engine {
  return {
    name: engine.name,
    extract: async (page, request) => {
      const stop = metrics.engineSeconds.startTimer({ engine: engine.name });
      try {
        const result = await engine.extract(page, request);
        stop({ outcome: result.ok ? 'ok' : 'failed' });
        return result;
      } catch (err) {
        stop({ outcome: 'error' });
        throw err;
      }
    },
    close: async () => { await engine.close?.(); },
  };
}
