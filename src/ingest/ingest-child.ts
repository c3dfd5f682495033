/** Entry point of an ingest child process: runs the tasks ingest-process-pool.ts sends, one at a time. */
import sharp from 'sharp';
import { AppError } from '../errors.js';
import { runIngestTask, type IngestTask } from './ingest-tasks.js';

export interface ChildRequest {
  id: number;
  task: IngestTask;
}
export type ChildResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { code: string; message: string; param: string | undefined } };

const send = process.send?.bind(process);
if (!send) throw new Error('ingest-child must run as a forked child process');
// libvips' operation cache only helps repeated operations on the same input; here it just holds memory.
sharp.cache(false);
// The parent gone (even killed), nothing is left to answer to.
process.on('disconnect', () => process.exit(0));
// A warm child (ingest-process-pool.ts, warm()) has the PDF code loaded and PDFium compiled before its first upload arrives.
// A failure here shows again, as that task's error, when the first task loads the same code.
warmUp().catch(() => undefined);

async function warmUp(): Promise<void> {
  await import('./pdf-tasks.js');
  await (await import('./pdf-pdfium.js')).warmPdfium();
}

process.on('message', (req: ChildRequest) => {
  runIngestTask(req.task).then(
    (result) => send({ id: req.id, ok: true, result } satisfies ChildResponse),
    (err: unknown) => {
      const error =
        err instanceof AppError
          ? { code: err.code, message: err.message, param: err.param }
          : { code: 'internal_error', message: (err as Error).message ?? String(err), param: undefined };
      send({ id: req.id, ok: false, error } satisfies ChildResponse);
    },
  );
});
