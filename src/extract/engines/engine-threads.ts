import type { PageView, PageViewRequest } from '../openai/page-view.js';
import { DEFAULT_SETTINGS, type EngineSettings } from '../settings.js';
import type { Engine, EnginePage, ExtractRequest, ExtractResult } from '../types.js';
import { MS_PER_SECOND, SECONDS_PER_MINUTE } from '../units.js';
import { startWorker, ThreadPool } from '../../threads/thread-pool.js';
import type { EngineThreadData, EngineThreadResponse, EngineThreadTask } from './engine-thread.js';

/** The engines' CPU work on a fixed pool of worker threads: the layout engine, and page views for the model engine. */
export interface EngineThreads {
  layout: Engine;
  views: { view(page: EnginePage, request: PageViewRequest): Promise<PageView> };
  close(): Promise<void>;
}

/**
 * The page as the thread gets it: its image bytes copied once into an
 * ArrayBuffer of their own, which is handed over rather than cloned again.
 * The caller's bytes may sit in a pooled, shared or untransferable buffer
 * (Node 22+ refuses those with DataCloneError), and stay the caller's.
 */
function handedOver(page: EnginePage): { page: EnginePage; transfer: ArrayBuffer[] } {
  if (!page.image) return { page, transfer: [] };
  const image = new Uint8Array(page.image);
  return { page: { ...page, image }, transfer: [image.buffer] };
}

/**
 * A thread that dies or overruns (settings.engines.pageTimeoutMinutes) fails
 * only its own page (the job is retried, then fails with engine_error and a
 * refund) and is replaced.
 */
export function startEngineThreads(threads: number, settings: EngineSettings = DEFAULT_SETTINGS): EngineThreads {
  const workerData: EngineThreadData = { nice: settings.engines.threadNice };
  const pool = new ThreadPool<EngineThreadResponse>({
    name: 'engine',
    size: threads,
    taskTimeoutMs: settings.engines.pageTimeoutMinutes * SECONDS_PER_MINUTE * MS_PER_SECOND,
    spawn: () => startWorker(import.meta.url, './engine-thread', { workerData }),
  });
  const run = async (message: EngineThreadTask, transfer: ArrayBuffer[]): Promise<EngineThreadResponse> => {
    const response = await pool.run(message, transfer);
    if (response.op === 'error') throw new Error(response.message);
    return response;
  };
  return {
    layout: {
      name: 'layout',
      async extract(page: EnginePage, request: ExtractRequest): Promise<ExtractResult> {
        const given = handedOver(page);
        return ((await run({ op: 'extract', page: given.page, request }, given.transfer)) as Extract<EngineThreadResponse, { op: 'extract' }>).result;
      },
    },
    views: {
      async view(page, request) {
        const given = handedOver(page);
        return ((await run({ op: 'view', page: given.page, view: request }, given.transfer)) as Extract<EngineThreadResponse, { op: 'view' }>).view;
      },
    },
    close: () => pool.close(),
  };
}
