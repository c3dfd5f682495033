/**
 * A fixed-size pool of worker threads running one task at a time each, FIFO.
 * Threads start lazily, are unref'd while idle (an idle pool never keeps the
 * process alive) and a thread that dies fails only its own task and is
 * replaced by the next dispatch. The render pool (PDF pages) and the threaded
 * engine (extraction) are built on it.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Every message between a pool and its threads carries the task id. */
export interface TaskMessage {
  id: number;
}

interface Task<Answer> {
  id: number;
  message: object;
  transfer: ArrayBuffer[];
  resolve(answer: Answer): void;
  reject(err: Error): void;
}

interface Slot<Answer> {
  worker: Worker;
  busy: Task<Answer> | null;
  timer?: NodeJS.Timeout;
  /** Why the pool stopped this thread, if it did. */
  stopped?: Error;
}

export interface ThreadPoolOptions {
  /** For messages: "render" → "render pool closed", "render thread exited with code 1". */
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

export class ThreadPool<Answer extends TaskMessage> {
  private readonly slots: Array<Slot<Answer>> = [];
  private readonly queue: Array<Task<Answer>> = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ThreadPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) throw new Error(`thread pool size must be a positive integer, got ${options.size}`);
  }

  get size(): number {
    return this.options.size;
  }

  /** Posts `{ id, ...message }` to a free thread and resolves with the thread's answer carrying that id. */
  run(message: object, transfer: ArrayBuffer[] = []): Promise<Answer> {
    if (this.closed) return Promise.reject(this.closedError());
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, message, transfer, resolve, reject });
      this.dispatch();
    });
  }

  /** Rejects queued and running tasks and stops every thread. */
  async close(): Promise<void> {
    this.closed = true;
    for (const s of this.slots) clearTimeout(s.timer);
    const running = this.slots.flatMap((s) => (s.busy ? [s.busy] : []));
    for (const t of [...this.queue.splice(0), ...running]) t.reject(this.closedError());
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private closedError(): Error {
    return new Error(`${this.options.name} pool closed`);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.busy === null);
      if (!slot && this.slots.length < this.options.size) slot = this.addSlot();
      if (!slot) return;
      const task = this.queue.shift()!;
      slot.busy = task;
      slot.worker.ref();
      slot.worker.postMessage({ ...task.message, id: task.id }, task.transfer);
      const timeout = this.options.taskTimeoutMs;
      if (timeout !== undefined) slot.timer = setTimeout(() => this.stop(slot, new Error(`${this.options.name} task took longer than ${timeout / 1000} s`)), timeout);
    }
  }

  private stop(slot: Slot<Answer>, why: Error): void {
    slot.stopped = why;
    void slot.worker.terminate();
  }

  private addSlot(): Slot<Answer> {
    const worker = this.options.spawn();
    worker.unref();
    const slot: Slot<Answer> = { worker, busy: null };
    worker.on('message', (answer: Answer) => {
      const task = slot.busy;
      if (!task || task.id !== answer.id) return;
      clearTimeout(slot.timer);
      slot.busy = null;
      worker.unref();
      task.resolve(answer);
      this.dispatch();
    });
    const fail = (err: Error): void => {
      const i = this.slots.indexOf(slot);
      if (i < 0) return;
      this.slots.splice(i, 1);
      clearTimeout(slot.timer);
      const cause = slot.stopped ?? err;
      slot.busy?.reject(this.options.threadDied?.(cause) ?? cause);
      slot.busy = null;
      if (!this.closed) this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`${this.options.name} thread exited with code ${code}`)));
    this.slots.push(slot);
    return slot;
  }
}

/**
 * Starts the thread entry `name` ("./pdf-worker") beside `callerUrl`. Under
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
