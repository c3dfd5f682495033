/**
 * Worker-thread entry that runs the configured engine, so OCR and table
 * analysis never block the HTTP event loop.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { EngineName } from '../config.js';
import { createEngine } from '../extract/index.js';
import type { EnginePage, ExtractRequest, ExtractResult } from '../extract/types.js';

export interface EngineThreadRequest {
  id: number;
  page: EnginePage;
  request: ExtractRequest;
}

export interface EngineThreadResponse {
  id: number;
  result: ExtractResult;
}

/**
 * Lowers this thread's scheduling priority (Linux: nice is per thread, and
 * threads it starts, such as OCR, inherit it), so on a busy machine the HTTP
 * thread wins the CPU and API latency stays low while pages are extracted.
 */
function yieldToApi(): void {
  try {
    const tid = Number(/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]);
    if (tid) setPriority(tid, 10);
  } catch {
    // Not Linux, or not permitted: run at normal priority.
  }
}

yieldToApi();
const { engine: engineName } = workerData as { engine: EngineName };
// One OCR thread per engine thread: the pool already spreads pages over the cores.
const engine = createEngine(engineName, { ocrWorkers: 1 });

parentPort!.on('message', (msg: EngineThreadRequest) => {
  engine.extract(msg.page, msg.request).then(
    (result) => parentPort!.postMessage({ id: msg.id, result } satisfies EngineThreadResponse),
    (err: unknown) => parentPort!.postMessage({
      id: msg.id,
      result: { ok: false, failure: { code: 'engine_error', message: err instanceof Error ? err.message : String(err) } },
    } satisfies EngineThreadResponse),
  );
});
