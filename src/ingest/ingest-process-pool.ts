/**
 * The ingest processes: a fixed pool of child processes that parse uploads
 * (sniffed by the caller) and open and render PDFs, so untrusted bytes never
 * touch the server's own memory and page rendering uses every core. A file
 * that needs more than DOCROWS_INGEST_MEMORY_MB, more than a minute, or
 * crashes its parser fails as that one upload's `invalid_parameter`; the
 * server goes on with the memory it had. Tasks queue FIFO, so several
 * uploads at once stay within size × the memory limit.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppError, type ErrorCode } from '../errors.js';
import { ProcessPool, startChild } from '../threads/process-pool.js';
import type { ChildRequest, ChildResponse } from './ingest-child.js';
import type { ConvertTask, ImageTask, IngestTask } from './ingest-tasks.js';
import type { PaintTask, ProbeResult, ProbeTask, RenderTask } from './pdf-tasks.js';
import type { IngestedPage } from './types.js';

export interface IngestLimits {
  /** DOCROWS_INGEST_MEMORY_MB: the most one child may use (RSS) while it works. */
  memoryMb: number;
  /** DOCROWS_INGEST_TIMEOUT_S: one task renders at most 50 pages, seconds of work; a minute means a pathological file. */
  timeoutMs: number;
}

const DEFAULT_LIMITS: IngestLimits = { memoryMb: 1024, timeoutMs: 60_000 };
/**
 * A child idles at ~120 MB (PDFium's heap, libvips); one left above
 * this by its task (a large heap V8 keeps, a grown WebAssembly memory that
 * never shrinks) is replaced rather than kept.
 */
const RETIRE_ABOVE_BYTES = 256 * 1024 * 1024;

/**
 * PDFium's glue, loaded natively before tsx when the children run from
 * source: through tsx's transform it took seconds to boot.
 */
function nativePreloads(): string[] {
  const require = createRequire(import.meta.url);
  // The ESM entry of @embedpdf/pdfium, beside the wasm file (its exports map hides package.json).
  return [pathToFileURL(join(dirname(require.resolve('@embedpdf/pdfium/pdfium.wasm')), 'index.js')).href];
}

export class IngestProcessPool {
  private readonly pool: ProcessPool<ChildResponse>;

  constructor(size: number, { memoryMb, timeoutMs }: IngestLimits = DEFAULT_LIMITS) {
    const preload = nativePreloads();
    this.pool = new ProcessPool<ChildResponse>({
      name: 'ingest',
      size,
      spawn: () => startChild(import.meta.url, './ingest-child', {
        // The JavaScript heap gets most of the budget; the watchdog counts native memory too.
        execArgv: [`--max-old-space-size=${Math.floor(memoryMb * 0.75)}`, '--max-semi-space-size=2'],
        preload,
      }),
      childDied: (err) => unreadable(err.message),
      taskTimeoutMs: timeoutMs,
      memoryLimitBytes: memoryMb * 1024 * 1024,
      retireAboveBytes: RETIRE_ABOVE_BYTES,
    });
  }

  get size(): number {
    return this.pool.size;
  }

  /** Starts every child now and keeps them started (the server: an upload never waits for a child to boot). */
  warm(): void {
    this.pool.warm();
  }

  /** Live children (memory accounting in tests and benches). */
  get pids(): number[] {
    return this.pool.pids;
  }

  async probe(task: Omit<ProbeTask, 'kind'>): Promise<ProbeResult> {
    const result = (await this.run({ kind: 'probe', ...task })) as ProbeResult;
    return result.pages ? { ...result, pages: asBuffers(result.pages) } : result;
  }

  async render(task: Omit<RenderTask, 'kind'>): Promise<IngestedPage[]> {
    return asBuffers((await this.run({ kind: 'render', ...task })) as IngestedPage[]);
  }

  async paint(task: Omit<PaintTask, 'kind'>): Promise<IngestedPage[]> {
    return asBuffers((await this.run({ kind: 'paint', ...task })) as IngestedPage[]);
  }

  async image(task: Omit<ImageTask, 'kind'>): Promise<IngestedPage[]> {
    return asBuffers((await this.run({ kind: 'image', ...task })) as IngestedPage[]);
  }

  /** Converts to a PDF; an XML e-invoice's model comes back (null for the others). */
  async convert(task: Omit<ConvertTask, 'kind'>): Promise<unknown> {
    return this.run({ kind: 'convert', ...task });
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private async run(task: IngestTask): Promise<unknown> {
    const request: Omit<ChildRequest, 'id'> = { task };
    const answer = await this.pool.run(request);
    if (answer.ok) return answer.result;
    // Whatever else a parser of the upload's bytes throws (a stack overflow, a decoder's own error) is the file's doing.
    if (answer.error.code === 'internal_error') throw unreadable(answer.error.message);
    throw new AppError(answer.error.code as ErrorCode, answer.error.message, answer.error.param);
  }
}

function unreadable(why: string): AppError {
  return new AppError('invalid_parameter', `The file could not be read safely: ${why}.`, 'file');
}

/** The IPC channel's structured clone turns Buffers into plain Uint8Arrays. */
function asBuffers(pages: IngestedPage[]): IngestedPage[] {
  const asBuffer = (u8: Uint8Array | null): Buffer | null => (u8 ? Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength) : null);
  return pages.map((p) => ({ ...p, jpeg: asBuffer(p.jpeg), thumbnail: asBuffer(p.thumbnail) }));
}
