import type { PageView, PageViewRequest } from '../openai/page-view.js';
import type { Engine, EnginePage, ExtractRequest, ExtractResult } from '../types.js';
import { startWorker, ThreadPool } from '../../threads/thread-pool.js';
import type { EngineThreadResponse, EngineThreadTask } from './engine-thread.js';

/**
 * A page takes seconds (OCR at `high` on a large scan ~10 s); one still
 * running after five minutes is stuck on a pathological input, and the job's
 * heartbeat would otherwise keep its lease alive forever.
 */
const PAGE_TIMEOUT_MS = 5 * 60_000;

/** The engines' CPU work on a fixed pool of worker threads: the layout engine, and page views for the model engine. */
export interface EngineThreads {
  layout: Engine;
  views: { view(page: EnginePage, request: PageViewRequest): Promise<PageView> };
  close(): Promise<void>;
}

/** Hand the page bytes over instead of copying them, unless they share a pooled ArrayBuffer. */
function transferOf(image: Uint8Array | null): ArrayBuffer[] {
  if (!image) return [];
  return image.byteOffset === 0 && image.byteLength === image.buffer.byteLength ? [image.buffer as ArrayBuffer] : [];
}

/**
 * A thread that dies or overruns fails only its own page (the job is
 * retried, then fails with engine_error and a refund) and is replaced.
 */
export function startEngineThreads(threads: number): EngineThreads {
  const pool = new ThreadPool<EngineThreadResponse>({
    name: 'engine',
    size: threads,
    taskTimeoutMs: PAGE_TIMEOUT_MS,
    spawn: () => startWorker(import.meta.url, './engine-thread', {}),
  });
  const run = async (message: EngineThreadTask, page: EnginePage): Promise<EngineThreadResponse> => {
    const response = await pool.run(message, transferOf(page.image));
    if (response.op === 'error') throw new Error(response.message);
    return response;
  };
  return {
    layout: {
      name: 'layout',
      async extract(page: EnginePage, request: ExtractRequest): Promise<ExtractResult> {
        return ((await run({ op: 'extract', page, request }, page)) as Extract<EngineThreadResponse, { op: 'extract' }>).result;
      },
    },
    views: {
      async view(page, request) {
        return ((await run({ op: 'view', page, view: request }, page)) as Extract<EngineThreadResponse, { op: 'view' }>).view;
      },
    },
    close: () => pool.close(),
  };
}
