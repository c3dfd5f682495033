/**
 * Worker-thread entry for the engines' CPU work, so OCR and table analysis
 * never block the event loop that serves HTTP and waits on model servers:
 * `extract` runs the layout engine on a page, `view` prepares a page for the
 * model engine (words, picture regions, JPEG). Each is built on first use.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createLayoutEngine } from '../layout/index.js';
import { createPageViewer, type PageView, type PageViewer, type PageViewRequest } from '../openai/page-view.js';
import type { Engine, EnginePage, ExtractRequest, ExtractResult } from '../types.js';

export type EngineThreadTask =
  | { op: 'extract'; page: EnginePage; request: ExtractRequest }
  | { op: 'view'; page: EnginePage; view: PageViewRequest };
export type EngineThreadRequest = EngineThreadTask & { id: number };

/** What a thread is started with: its niceness (settings.engines.threadNice). */
export interface EngineThreadData {
  nice: number;
}

export type EngineThreadResponse =
  | { id: number; op: 'extract'; result: ExtractResult }
  | { id: number; op: 'view'; view: PageView }
  | { id: number; op: 'error'; message: string };

/**
 * Lowers this thread's scheduling priority (Linux: nice is per thread, and
 * threads it starts, such as OCR, inherit it), so on a busy machine the HTTP
 * thread wins the CPU and API latency stays low while pages are extracted.
 */
function yieldToApi(nice: number): void {
  try {
    const tid = Number(/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]);
    if (tid) setPriority(tid, nice);
  } catch {
    // Not Linux, or not permitted: run at normal priority.
  }
}

yieldToApi((workerData as EngineThreadData).nice);
let layout: Engine | null = null;
let viewer: PageViewer | null = null;

async function answer(msg: EngineThreadRequest): Promise<EngineThreadResponse> {
  if (msg.op === 'extract') {
    // The page in as many bands as `docrows extract` and the bench read it (defaultOcrThreads): the bands are part
    // of the reading, and one band read real receipts worse (docs/measurements.md, "Round 56, lead"); a lone page
    // also gets the idle core. Engine threads busy at once share the cores through the scheduler.
    layout ??= createLayoutEngine();
    return { id: msg.id, op: 'extract', result: await layout.extract(msg.page, msg.request) };
  }
  viewer ??= createPageViewer(1);
  return { id: msg.id, op: 'view', view: await viewer.view(msg.page, msg.view) };
}

parentPort!.on('message', (msg: EngineThreadRequest) => {
  answer(msg).then(
    (response) => {
      const jpeg = response.op === 'view' ? response.view.jpeg : null;
      parentPort!.postMessage(response, jpeg ? [jpeg.buffer as ArrayBuffer] : []);
    },
    (err: unknown) => parentPort!.postMessage({ id: msg.id, op: 'error', message: err instanceof Error ? err.message : String(err) } satisfies EngineThreadResponse),
  );
});
