/**
 * A fixed pool of worker threads that open and render PDFs, so page rendering
 * uses every core and never blocks the HTTP event loop. Tasks queue FIFO: with
 * several uploads at once, memory stays bounded by the pool size.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppError, type ErrorCode } from '../errors.js';
import { startWorker, ThreadPool } from '../threads/thread-pool.js';
import type { PdfTask, ProbeResult, ProbeTask, RenderTask } from './pdf-tasks.js';
import { compilePdfium, type PdfiumWasm } from './pdf-pdfium-wasm.js';
import type { WorkerData, WorkerRequest, WorkerResponse } from './pdf-worker.js';
import type { IngestedPage } from './types.js';

/**
 * A small young generation: pdfjs makes short-lived garbage by the megabyte,
 * and V8's default (up to 16 MB semi-spaces) keeps ~40 MB more resident a
 * worker at peak; 1 MB semi-spaces measured no slower on a 50-page render.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4 };

/** One task renders at most 50 pages, about a second of work; a minute means a pathological file. */
const RENDER_TASK_TIMEOUT_MS = 60_000;

/**
 * pdfjs (~2 MB of JavaScript) and PDFium's glue, loaded natively before tsx
 * when the workers run from source: through tsx's transform each worker took
 * seconds to boot.
 */
function nativePreloads(): string[] {
  const require = createRequire(import.meta.url);
  const pdfjsDir = dirname(require.resolve('pdfjs-dist/package.json'));
  return [
    ...['legacy/build/pdf.mjs', 'legacy/build/pdf.worker.mjs'].map((f) => pathToFileURL(join(pdfjsDir, f)).href),
    // The ESM entry of @embedpdf/pdfium, beside the wasm file (its exports map hides package.json).
    pathToFileURL(join(dirname(require.resolve('@embedpdf/pdfium/pdfium.wasm')), 'index.js')).href,
  ];
}

export class RenderPool {
  private readonly pool: ThreadPool<WorkerResponse>;
  /** PDFium compiled once for all workers; workers start once it is ready. */
  private compiling: Promise<PdfiumWasm> | undefined;
  private pdfium: PdfiumWasm | undefined;

  constructor(size: number) {
    this.pool = new ThreadPool<WorkerResponse>({
      name: 'render',
      size,
      spawn: () => startWorker(import.meta.url, './pdf-worker', {
        resourceLimits: WORKER_LIMITS,
        workerData: { pdfium: this.pdfium! } satisfies WorkerData,
      }, nativePreloads()),
      // A crashed worker (native abort, out of memory) or a file that keeps one busy far past any real
      // document fails only its own task; a fresh one replaces it.
      threadDied: (err) => new AppError('invalid_parameter', `The PDF could not be rendered (${err.message}).`, 'file'),
      taskTimeoutMs: RENDER_TASK_TIMEOUT_MS,
    });
  }

  get size(): number {
    return this.pool.size;
  }

  async probe(task: Omit<ProbeTask, 'kind'>): Promise<ProbeResult> {
    const result = (await this.run({ kind: 'probe', ...task })) as ProbeResult;
    return result.pages ? { ...result, pages: asBuffers(result.pages) } : result;
  }

  async render(task: Omit<RenderTask, 'kind'>): Promise<IngestedPage[]> {
    return asBuffers((await this.run({ kind: 'render', ...task })) as IngestedPage[]);
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private async run(task: PdfTask): Promise<unknown> {
    this.pdfium ??= await this.compiled();
    const request: Omit<WorkerRequest, 'id'> = { task };
    const answer = await this.pool.run(request);
    if (answer.ok) return answer.result;
    throw new AppError(answer.error.code as ErrorCode, answer.error.message, answer.error.param);
  }

  /** Nothing can render until PDFium compiles; a failed compile fails the waiting tasks and the next task tries again. */
  private compiled(): Promise<PdfiumWasm> {
    this.compiling ??= compilePdfium().catch((err: unknown) => {
      this.compiling = undefined;
      throw err;
    });
    return this.compiling;
  }
}

/** Structured clone turns Buffers into plain Uint8Arrays. */
function asBuffers(pages: IngestedPage[]): IngestedPage[] {
  const asBuffer = (u8: Uint8Array): Buffer => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);
  return pages.map((p) => ({ ...p, jpeg: asBuffer(p.jpeg), thumbnail: asBuffer(p.thumbnail) }));
}
