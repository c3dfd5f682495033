/**
 * The two PDF jobs a render worker runs. Plain data in, plain data out, so
 * they can run in a worker thread or in-thread with the same code.
 */
import { readFile } from 'node:fs/promises';
import { errors } from '../core/errors.js';
import { openPdf, openPdfWith, tooManyPages } from './pdf-open.js';
import { renderPages } from './pdf-render.js';
import type { IngestedPage } from './types.js';

export interface ProbeTask {
  kind: 'probe';
  path: string;
  passwords: string[];
  maxPages: number;
}
export interface RenderTask {
  kind: 'render';
  path: string;
  password: string | undefined;
  from: number;
  to: number;
}
export type PdfTask = ProbeTask | RenderTask;

export interface ProbeResult {
  pageCount: number;
  /** The password that opened the file (undefined when none was needed). */
  password: string | undefined;
}

export type PdfTaskResult<T extends PdfTask> = T extends ProbeTask ? ProbeResult : IngestedPage[];

export async function runPdfTask(task: PdfTask): Promise<ProbeResult | IngestedPage[]> {
  const data = new Uint8Array(await readFile(task.path));
  if (task.kind === 'probe') {
    const { doc, passwordIndex } = await openPdf(data, task.passwords);
    try {
      if (doc.numPages < 1) throw errors.invalidParameter('file', 'The PDF has no pages.');
      if (doc.numPages > task.maxPages) throw tooManyPages(doc.numPages, task.maxPages);
      return { pageCount: doc.numPages, password: passwordIndex < 0 ? undefined : task.passwords[passwordIndex] };
    } finally {
      await doc.destroy();
    }
  }
  const doc = await openPdfWith(data, task.password);
  try {
    return await renderPages(doc, task.from, task.to);
  } finally {
    await doc.destroy();
  }
}
