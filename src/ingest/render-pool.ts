/**
 * A fixed pool of worker threads that open and render PDFs, so page rendering
 * uses every core and never blocks the HTTP event loop. Tasks queue FIFO: with
 * several uploads at once, memory stays bounded by the pool size.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError, type ErrorCode } from '../core/errors.js';
import type { PdfTask, ProbeResult, ProbeTask, RenderTask } from './pdf-tasks.js';
import { compilePdfium, type PdfiumWasm } from './pdf-pdfium-wasm.js';
import type { WorkerData, WorkerRequest, WorkerResponse } from './pdf-worker.js';
import type { IngestedPage } from './types.js';

interface Pending {
  task: PdfTask;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: (Pending & { id: number }) | null;
}

/**
 * A small young generation: pdfjs makes short-lived garbage by the megabyte,
 * and V8's default (up to 16 MB semi-spaces) keeps ~40 MB more resident a
 * worker at peak; 1 MB semi-spaces measured no slower on a 50-page render.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4 };

/**
 * Under tsx/vitest this module is TypeScript, and worker threads do not inherit
 * the TypeScript loader: a bootstrap registers tsx in the worker first. pdfjs
 * (~2 MB of JavaScript) and PDFium's glue are loaded natively before that,
 * because running them through tsx's transform made each worker take seconds
 * to boot.
 */
function spawnWorker(pdfium: PdfiumWasm): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? './pdf-worker.ts' : './pdf-worker.js', import.meta.url);
  const options = { resourceLimits: WORKER_LIMITS, workerData: { pdfium } satisfies WorkerData };
  if (!fromSource) return new Worker(entry, options);
  const require = createRequire(import.meta.url);
  const pdfjsDir = dirname(require.resolve('pdfjs-dist/package.json'));
  const preload = [
    ...['legacy/build/pdf.mjs', 'legacy/build/pdf.worker.mjs'].map((f) => pathToFileURL(join(pdfjsDir, f)).href),
    // The ESM entry of @embedpdf/pdfium, beside the wasm file (its exports map hides package.json).
    pathToFileURL(join(dirname(require.resolve('@embedpdf/pdfium/pdfium.wasm')), 'index.js')).href,
  ];
  // The ESM build of tsx's API sits beside the CommonJS one that require.resolve finds.
  const tsxApi = pathToFileURL(require.resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const bootstrap =
    `Promise.all(${JSON.stringify(preload)}.map((u) => import(u)))` +
    `.then(() => import(${JSON.stringify(tsxApi)}))` +
    `.then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}

export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  /** PDFium compiled once for all workers; workers start once it is ready. */
  private pdfium: PdfiumWasm | undefined;
  private compiling = false;

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`render pool size must be a positive integer, got ${size}`);
  }

  async probe(task: Omit<ProbeTask, 'kind'>): Promise<ProbeResult> {
    const result = (await this.run({ kind: 'probe', ...task })) as ProbeResult;
    return result.pages ? { ...result, pages: asBuffers(result.pages) } : result;
  }

  async render(task: Omit<RenderTask, 'kind'>): Promise<IngestedPage[]> {
    return asBuffers((await this.run({ kind: 'render', ...task })) as IngestedPage[]);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('render pool closed'));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private run(task: PdfTask): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('render pool closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ task, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    if (this.pdfium === undefined) return this.compile();
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.busy === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn(this.pdfium);
      if (!slot) return;
      const pending = this.queue.shift()!;
      const id = this.nextId++;
      slot.busy = { ...pending, id };
      slot.worker.ref();
      slot.worker.postMessage({ id, task: pending.task } satisfies WorkerRequest);
    }
  }

  private compile(): void {
    if (this.compiling) return;
    this.compiling = true;
    compilePdfium()
      .then((module) => {
        this.pdfium = module;
        if (!this.closed) this.dispatch();
      })
      .catch((err: Error) => {
        // Nothing can render: the waiting tasks fail rather than hang; the next task tries again.
        if (this.pdfium === undefined) this.compiling = false;
        for (const p of this.queue.splice(0)) p.reject(err);
      });
  }

  private spawn(pdfium: PdfiumWasm): Slot {
    const worker = spawnWorker(pdfium);
    // An idle pool must not keep the process alive (CLI commands, tests).
    worker.unref();
    const slot: Slot = { worker, busy: null };
    worker.on('message', (msg: WorkerResponse) => {
      const job = slot.busy;
      if (!job || job.id !== msg.id) return;
      slot.busy = null;
      worker.unref();
      if (msg.ok) job.resolve(msg.result);
      else job.reject(new AppError(msg.error.code as ErrorCode, msg.error.message, msg.error.param));
      this.dispatch();
    });
    // A crashed worker (native abort, out of memory) fails only its own task; a fresh one replaces it.
    const fail = (err: Error): void => {
      const i = this.slots.indexOf(slot);
      if (i < 0) return;
      this.slots.splice(i, 1);
      slot.busy?.reject(new AppError('invalid_parameter', `The PDF could not be rendered (${err.message}).`, 'file'));
      slot.busy = null;
      if (!this.closed) this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`render worker exited with code ${code}`)));
    this.slots.push(slot);
    return slot;
  }
}

/** Structured clone turns Buffers into plain Uint8Arrays. */
function asBuffers(pages: IngestedPage[]): IngestedPage[] {
  const asBuffer = (u8: Uint8Array): Buffer => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);
  return pages.map((p) => ({ ...p, jpeg: asBuffer(p.jpeg), thumbnail: asBuffer(p.thumbnail) }));
}
