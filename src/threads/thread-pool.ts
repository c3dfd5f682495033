/**
 * A fixed-size pool of worker threads running one task at a time each, FIFO
 * (task-pool.ts). Threads are unref'd while idle (an idle pool never keeps
 * the process alive). The threaded engine (extraction) is built on it;
 * parsing of uploads uses processes instead (process-pool.ts).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

import { TaskPool, type Slot, type TaskMessage } from './task-pool.js';

export type { TaskMessage };

export interface ThreadPoolOptions {
  /** For messages: "engine" → "engine pool closed", "engine thread exited with code 1". */
  name: string;
  size: number;
  /** Starts one thread (see startWorker). */
  spawn(): Worker;
  /** What a task whose thread died rejects with (default: the death itself). */
  threadDied?(err: Error): Error;
  /**
   * A task still running after this long has its thread stopped (a
   * pathological input must not hold a thread forever) and fails as if the
   * thread had died.
   */
  taskTimeoutMs?: number;
}

export class ThreadPool<Answer extends TaskMessage> extends TaskPool<Worker, Answer> {
  constructor(private readonly options: ThreadPoolOptions) {
    super({ name: options.name, size: options.size, died: options.threadDied, taskTimeoutMs: options.taskTimeoutMs }, 'thread');
  }

  /** Posts `{ id, ...message }` to a free thread and resolves with the thread's answer carrying that id. */
  run(message: object, transfer: ArrayBuffer[] = []): Promise<Answer> {
    return this.enqueue(message, transfer);
  }

  protected start(slot: () => Slot<Worker, Answer>): Worker {
    const worker = this.options.spawn();
    worker.on('message', (answer: Answer) => this.answered(slot(), answer));
    worker.on('error', (err) => this.died(slot(), err));
    worker.on('exit', (code) => this.died(slot(), new Error(`${this.options.name} thread exited with code ${code}`)));
    return worker;
  }

  protected post(worker: Worker, message: object, transfer: ArrayBuffer[]): void {
    worker.postMessage(message, transfer);
  }

  protected hold(worker: Worker, busy: boolean): void {
    if (busy) worker.ref();
    else worker.unref();
  }

  protected async terminate(worker: Worker): Promise<void> {
    await worker.terminate();
  }
}

/**
 * Starts the thread entry `name` ("./engine-thread") beside `callerUrl`. Under
 * tsx/vitest the caller is TypeScript and worker threads do not inherit the
 * TypeScript loader: a bootstrap loads `preload` modules natively (large
 * JavaScript that tsx's transform would make slow to boot), then registers
 * tsx, then imports the entry.
 */
export function startWorker(callerUrl: string, name: string, options: WorkerOptions, preload: string[] = []): Worker {
  const fromSource = callerUrl.endsWith('.ts');
  const entry = new URL(`${name}${fromSource ? '.ts' : '.js'}`, callerUrl);
  if (!fromSource) return new Worker(entry, options);
  // The ESM build of tsx's API sits beside the CommonJS one that require.resolve finds.
  const tsxApi = pathToFileURL(createRequire(callerUrl).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const bootstrap =
    `Promise.all(${JSON.stringify(preload)}.map((u) => import(u)))` +
    `.then(() => import(${JSON.stringify(tsxApi)}))` +
    `.then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
