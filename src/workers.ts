import { assertEngineAvailable } from './extract/index.js';
import type { Engine } from './extract/types.js';
import type { Services } from './services.js';
import { createThreadedEngine } from './jobs/engine-threads.js';
import { JobRegistry } from './jobs/registry.js';
import { startWorkerPool, type WorkerPool } from './jobs/worker.js';
import { registerExtractionJobs } from './core/processing/index.js';
import { registerWebhookJobs } from './core/webhooks/index.js';
import { registerHousekeepingJobs } from './core/housekeeping/index.js';
import { registerBboxJobs } from './core/bbox/index.js';

/**
 * Composition root of the workers: which features' job kinds a pool runs and
 * how the pool is built. Features own their handlers (core/<feature>/); the
 * queue, worker loop and registry in src/jobs/ know no feature.
 */

export type JobRegistrar = (registry: JobRegistry) => void;

/** Every job kind the service runs, one registrar per owning feature (append yours). */
export const JOB_REGISTRARS: JobRegistrar[] = [
  registerExtractionJobs,
  registerWebhookJobs,
  registerHousekeepingJobs,
  registerBboxJobs,
];

export function buildJobRegistry(registrars: JobRegistrar[] = JOB_REGISTRARS): JobRegistry {
  const registry = new JobRegistry();
  for (const register of registrars) register(registry);
  return registry;
}

export interface StartWorkersOptions {
  /** Concurrent engine jobs; defaults to DOCROWS_WORKERS. */
  workers?: number;
  /** An in-process engine instead of the configured one in worker threads (tests). */
  engine?: Engine;
  pollMs?: number;
}

export interface RunningWorkers {
  pool: WorkerPool;
  stop(graceMs?: number): Promise<void>;
}

/** Starts a worker pool with every job kind: used by `serve` (embedded) and `worker`. */
export function startWorkers(services: Services, options: StartWorkersOptions = {}): RunningWorkers {
  const workers = options.workers ?? services.config.workers;
  if (!options.engine) assertEngineAvailable(services.config.engine);
  const engine = options.engine ?? createThreadedEngine(services.config.engine, Math.max(1, workers));
  const pool = startWorkerPool(services, {
    registry: buildJobRegistry(),
    runtime: { engine },
    cpuSlots: workers,
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
  });
  return {
    pool,
    async stop(graceMs) {
      await pool.stop(graceMs);
      // Only the engine we created is ours to close.
      if (!options.engine) await engine.close?.();
    },
  };
}
