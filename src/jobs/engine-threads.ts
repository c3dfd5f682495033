import type { EngineName } from '../config.js';
import type { Engine } from '../extract/types.js';
import { startWorker, ThreadPool } from '../threads/thread-pool.js';
import type { EngineThreadRequest, EngineThreadResponse } from './engine-thread.js';

/**
 * The configured engine behind a fixed pool of worker threads. A thread that
 * dies fails only its own page (the job is retried) and is replaced.
 */
export function createThreadedEngine(name: EngineName, threads: number): Engine {
  const pool = new ThreadPool<EngineThreadResponse>({
    name: 'engine',
    size: threads,
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
