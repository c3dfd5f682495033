import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/connect.js';
import type { Engine } from '../extract/types.js';

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

const num = (v: unknown): number => Number(v ?? 0);

export function createMetrics(db: Db): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'docrows_' });

  new Gauge({
    name: 'docrows_queue_depth', help: 'Jobs waiting or running, by kind and state (from the database).',
    labelNames: ['kind', 'state'], registers: [registry],
    async collect() {
      const rows = await db.selectFrom('jobs').select(['kind', 'state', sql<number>`count(*)`.as('n')])
        .where('state', 'in', ['pending', 'running']).groupBy(['kind', 'state']).execute();
      this.reset();
      for (const r of rows) this.set({ kind: r.kind, state: r.state }, num(r.n));
    },
  });

  new Gauge({
    name: 'docrows_pages', help: 'Pages (documents) by status: succeeded = processed, failed = failed (from the database).',
    labelNames: ['status'], registers: [registry],
    async collect() {
      const rows = await db.selectFrom('documents').select(['status', sql<number>`count(*)`.as('n')]).groupBy('status').execute();
      this.reset();
      for (const status of ['uploaded', 'queued', 'processing', 'succeeded', 'failed', 'canceled']) this.set({ status }, 0);
      for (const r of rows) this.set({ status: r.status }, num(r.n));
    },
  });

  new Gauge({
    name: 'docrows_credits', help: 'Credits charged and refunded over the ledger\'s whole history (from the database).',
    labelNames: ['kind'], registers: [registry],
    async collect() {
      const row = await db.selectFrom('ledger_entries').select([
        sql<number>`coalesce(sum(case when action like 'deduction%' then -amount else 0 end), 0)`.as('charged'),
        sql<number>`coalesce(sum(case when action like 'refund%' then amount else 0 end), 0)`.as('refunded'),
      ]).executeTakeFirstOrThrow();
      this.set({ kind: 'charged' }, num(row.charged));
      this.set({ kind: 'refunded' }, num(row.refunded));
    },
  });

  new Gauge({
    name: 'docrows_webhook_deliveries', help: 'Webhook deliveries by outcome: delivered, gave up (failed), failed attempts (from the job table, until purged).',
    labelNames: ['outcome'], registers: [registry],
    async collect() {
      const row = await db.selectFrom('jobs').select([
        sql<number>`coalesce(sum(case when state = 'done' then 1 else 0 end), 0)`.as('delivered'),
        sql<number>`coalesce(sum(case when state = 'failed' then 1 else 0 end), 0)`.as('failed'),
        sql<number>`coalesce(sum(case when state = 'done' then attempts - 1 when state = 'failed' then attempts else 0 end), 0)`.as('failed_attempts'),
      ]).where('kind', '=', 'webhook.deliver').executeTakeFirstOrThrow();
      this.set({ outcome: 'delivered' }, num(row.delivered));
      this.set({ outcome: 'failed' }, num(row.failed));
      this.set({ outcome: 'failed_attempt' }, num(row.failed_attempts));
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
