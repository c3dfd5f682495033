import { assertEngineAvailable } from '../extract/index.js';
import type { Engine } from '../extract/types.js';
import type { Services } from '../services.js';
import { createThreadedEngine } from './engine-threads.js';
import { buildJobRegistry } from './kinds.js';
import { startWorkerPool, type WorkerPool } from './worker.js';

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
