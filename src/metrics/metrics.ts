import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Engine } from '../extract/types.js';

/**
 * What GET /metrics shows (docs/operations.md). This file holds the figures
 * of one process (its HTTP requests, uploads, engine pages, jobs, webhook
 * attempts and replays), which Prometheus sums over the processes it scrapes;
 * counters count what happened once it committed. database-figures.ts adds
 * the service's truth, read from the database at scrape time.
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  jobDuration: Histogram<'kind' | 'outcome'>;
  engineSeconds: Histogram<'engine' | 'outcome'>;
  pagesExtracted: Counter<'engine' | 'outcome'>;
  documentsUploaded: Counter<'source'>;
  webhookDeliveries: Counter<'outcome'>;
  jobsRetried: Counter<'kind'>;
  jobsGivenUp: Counter<'kind'>;
  idempotentReplays: Counter<'route'>;
}

/** This process's registry with its counters and timings; the database's figures join it in database-figures.ts. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'docrows_' });

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
      name: 'docrows_job_duration_seconds', help: 'Jobs run by this process, by kind and outcome (done, retry, failed, deferred, lease_lost).',
      labelNames: ['kind', 'outcome'], registers: [registry],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    }),
    engineSeconds: new Histogram({
      name: 'docrows_engine_page_seconds', help: 'Engine time per page in this process, by engine and outcome (ok, failed, error).',
      labelNames: ['engine', 'outcome'], registers: [registry],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
    }),
    pagesExtracted: new Counter({
      name: 'docrows_pages_extracted_total', help: 'Pages through the engine in this process, by engine and outcome (ok, failed: a failure answer, error: it threw and the job retries).',
      labelNames: ['engine', 'outcome'], registers: [registry],
    }),
    documentsUploaded: new Counter({
      name: 'docrows_documents_uploaded_total', help: 'Documents (pages) uploaded through this process, by source (api, direct: the web console).',
      labelNames: ['source'], registers: [registry],
    }),
    webhookDeliveries: new Counter({
      name: 'docrows_webhook_deliveries_total', help: 'Webhook delivery attempts made by this process, by outcome (delivered: a 2xx answer, failed: any other answer or none).',
      labelNames: ['outcome'], registers: [registry],
    }),
    jobsRetried: new Counter({
      name: 'docrows_jobs_retried_total', help: 'Jobs this process put back on the queue after a failed attempt or an expired lease, by kind.',
      labelNames: ['kind'], registers: [registry],
    }),
    jobsGivenUp: new Counter({
      name: 'docrows_jobs_given_up_total', help: 'Jobs this process marked failed for good (attempts used up, or a permanent error), by kind.',
      labelNames: ['kind'], registers: [registry],
    }),
    idempotentReplays: new Counter({
      name: 'docrows_idempotent_replays_total', help: 'Requests this process answered with the stored answer of their Idempotency-Key, by route pattern.',
      labelNames: ['route'], registers: [registry],
    }),
  };
}

/** The engine with every page's time recorded. */
export function timedEngine(engine: Engine, metrics: Metrics): Engine {
  return {
    name: engine.name,
    extract: async (page, request) => {
      const stop = metrics.engineSeconds.startTimer({ engine: engine.name });
      const end = (outcome: 'ok' | 'failed' | 'error') => {
        stop({ outcome });
        metrics.pagesExtracted.inc({ engine: engine.name, outcome });
      };
      try {
        const result = await engine.extract(page, request);
        end(result.ok ? 'ok' : 'failed');
        return result;
      } catch (err) {
        end('error');
        throw err;
      }
    },
    close: async () => { await engine.close?.(); },
  };
}
