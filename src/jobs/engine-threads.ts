import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EngineName } from '../config.js';
import type { Engine, EnginePage, ExtractRequest, ExtractResult } from '../extract/types.js';
import type { EngineThreadRequest, EngineThreadResponse } from './engine-thread.js';

interface Task {
  id: number;
  page: EnginePage;
  request: ExtractRequest;
  resolve(result: ExtractResult): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  busy: Task | null;
}

/** Worker threads do not inherit tsx's loader: under tsx a bootstrap registers it first (same as the render pool). */
function spawn(engine: EngineName): Worker {
  const isTs = import.meta.url.endsWith('.ts');
  const entry = new URL(isTs ? './engine-thread.ts' : './engine-thread.js', import.meta.url);
  if (!isTs) return new Worker(entry, { workerData: { engine } });
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData: { engine } });
}

/**
 * The configured engine behind a fixed pool of worker threads. A thread that
 * dies fails only its own page (the job is retried) and is replaced.
 */
export function createThreadedEngine(name: EngineName, threads: number): Engine {
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;

  const dispatch = (): void => {
    while (queue.length > 0) {
      let slot = slots.find((s) => s.busy === null);
      if (!slot && slots.length < threads) slot = addSlot();
      if (!slot) return;
      const task = queue.shift()!;
      slot.busy = task;
      slot.worker.ref();
      const image = task.page.image;
      // Hand the page bytes over instead of copying them, unless they share a pooled ArrayBuffer.
      const transfer = image.byteOffset === 0 && image.byteLength === image.buffer.byteLength ? [image.buffer as ArrayBuffer] : [];
      slot.worker.postMessage({ id: task.id, page: task.page, request: task.request } satisfies EngineThreadRequest, transfer);
    }
  };

  const addSlot = (): Slot => {
    const worker = spawn(name);
    worker.unref();
    const slot: Slot = { worker, busy: null };
    worker.on('message', (msg: EngineThreadResponse) => {
      const task = slot.busy;
      if (!task || task.id !== msg.id) return;
      slot.busy = null;
      worker.unref();
      task.resolve(msg.result);
      dispatch();
    });
    const fail = (err: Error): void => {
      const i = slots.indexOf(slot);
      if (i < 0) return;
      slots.splice(i, 1);
      slot.busy?.reject(err);
      slot.busy = null;
      if (!closed) dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`engine thread exited with code ${code}`)));
    slots.push(slot);
    return slot;
  };

  return {
    name,
    extract(page, request) {
      if (closed) return Promise.reject(new Error('engine pool closed'));
      return new Promise<ExtractResult>((resolve, reject) => {
        queue.push({ id: nextId++, page, request, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const t of queue.splice(0)) t.reject(new Error('engine pool closed'));
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}
