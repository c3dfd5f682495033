import type { EngineName } from '../config.js';
import type { Engine } from '../extract/types.js';
import { startWorker, ThreadPool } from '../threads/thread-pool.js';
import type { EngineThreadRequest, EngineThreadResponse } from './engine-thread.js';

/**
 * A page takes seconds (OCR at `high` on a large scan ~10 s); one still
 * running after five minutes is stuck on a pathological input, and the job's
 * heartbeat would otherwise keep its lease alive forever.
 */
const PAGE_TIMEOUT_MS = 5 * 60_000;

/**
 * The configured engine behind a fixed pool of worker threads. A thread that
 * dies or overruns fails only its own page (the job is retried, then fails
 * with engine_error and a refund) and is replaced.
 */
export function createThreadedEngine(name: EngineName, threads: number): Engine {
  const pool = new ThreadPool<EngineThreadResponse>({
    name: 'engine',
    size: threads,
    taskTimeoutMs: PAGE_TIMEOUT_MS,
    spawn: () => startWorker(import.meta.url, './engine-thread', { workerData: { engine: name } }),
  });
  return {
    name,
    async extract(page, request) {
      const image = page.image;
      // Hand the page bytes over instead of copying them, unless they share a pooled ArrayBuffer.
      const transfer = image.byteOffset === 0 && image.byteLength === image.buffer.byteLength ? [image.buffer as ArrayBuffer] : [];
      const message: Omit<EngineThreadRequest, 'id'> = { page, request };
      return (await pool.run(message, transfer)).result;
    },
    close: () => pool.close(),
  };
}
