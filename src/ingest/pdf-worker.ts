/** Entry point of a render worker thread: runs PDF tasks posted by render-pool.ts. */
import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import { AppError } from '../errors.js';
import { usePdfiumModule } from './pdf-pdfium.js';
import type { PdfiumWasm } from './pdf-pdfium-wasm.js';
import { runPdfTask, type PdfTask } from './pdf-tasks.js';

export interface WorkerData {
  /** PDFium compiled by the pool, shared by its workers. */
  pdfium: PdfiumWasm;
}
export interface WorkerRequest {
  id: number;
  task: PdfTask;
}
export type WorkerResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { code: string; message: string; param: string | undefined } };

const port = parentPort;
if (port === null) throw new Error('pdf-worker must run in a worker thread');
usePdfiumModule((workerData as WorkerData).pdfium);
// libvips' operation cache only helps repeated operations on the same input; here it just holds memory.
sharp.cache(false);

port.on('message', (req: WorkerRequest) => {
  runPdfTask(req.task).then(
    (result) => {
      // Pages are copied (a few MB): sharp's buffers are external memory that cannot always be transferred.
      port.postMessage({ id: req.id, ok: true, result } satisfies WorkerResponse);
    },
    (err: unknown) => {
      const error =
        err instanceof AppError
          ? { code: err.code, message: err.message, param: err.param }
          : { code: 'internal_error', message: (err as Error).message ?? String(err), param: undefined };
      port.postMessage({ id: req.id, ok: false, error } satisfies WorkerResponse);
    },
  );
});

