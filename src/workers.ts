import type { Engine } from './extract/types.js';
import type { Services } from './services.js';
import { createTierEngines } from './extract/engines/index.js';
import { JobRegistry } from './jobs/registry.js';
import { startWorkerPool, type WorkerPool } from './jobs/worker.js';
import { registerExtractionJobs } from './core/processing/index.js';
import { registerWebhookJobs } from './core/webhooks/index.js';
import { registerHousekeepingJobs } from './core/housekeeping/index.js';
import { registerBboxJobs } from './core/bbox/index.js';
import { registerLayoutMemoryJobs } from './core/layout-memory/index.js';
import { timedEngine } from './metrics/metrics.js';

/**
 * Composition root of the workers: which features' job kinds a pool runs and
 * how the pool is built. Features own their handlers (core/<feature>/); the
 * queue, worker loop and registry in src/jobs/ know no feature.
 */

type JobRegistrar = (registry: JobRegistry) => void;

/** Every job kind the service runs, one registrar per owning feature (append yours). */
const JOB_REGISTRARS: JobRegistrar[] = [
  registerExtractionJobs,
  registerWebhookJobs,
  registerHousekeepingJobs,
  registerBboxJobs,
  registerLayoutMemoryJobs,
];

function buildJobRegistry(registrars: JobRegistrar[] = JOB_REGISTRARS): JobRegistry {
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
  const log = services.log.child({ component: 'model' });
  // Engines per tier, unless the caller brings one engine for every tier (tests).
  const tiers = options.engine ? null : createTierEngines(services.config, Math.max(1, workers), (level, data, msg) => log[level](data, msg));
  const { metrics } = services;
  const timed = (engine: Engine): Engine => timedEngine(engine, metrics);
  const engine = timed(options.engine ?? tiers!.forTier('standard'));
  const pool = startWorkerPool(services, {
    registry: buildJobRegistry(),
    runtime: { engine, ...(tiers ? { engineForTier: (tier) => timed(tiers.forTier(tier)) } : {}) },
    onJobEnd: (kind, outcome, seconds) => metrics.jobDuration.observe({ kind, outcome }, seconds),
    // Model pages wait on the network: their slots come on top of the CPU ones.
    cpuSlots: workers + (tiers?.networkSlots ?? 0),
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
  });
  return {
    pool,
    async stop(graceMs) {
      await pool.stop(graceMs);
      // Only the engine we created is ours to close.
      await tiers?.close();
    },
  };
}
