/**
 * The PDF jobs an ingest child runs. Plain data in, plain data out, so
 * they can run in a worker thread or in-thread with the same code.
 */
import { readFile } from 'node:fs/promises';
import { mayCarryAttachment } from '../einvoice/attachment-hint.js';
import type { EInvoice } from '../einvoice/index.js';
import { errors } from '../errors.js';
import { openPdf, tooManyPages } from './pdf-open.js';
import { PdfiumDocument } from './pdf-pdfium.js';
import { renderPages } from './pdf-render.js';
import type { IngestedPage } from './types.js';

export interface ProbeTask {
  kind: 'probe';
  path: string;
  passwords: string[];
  maxPages: number;
  /**
   * Render every page in this same task when there are at most this many:
   * a one-page PDF then costs one file read, one open and one thread hop.
   */
  renderUpTo: number;
  /** Look for an e-invoice XML attached to the PDF (DOCROWS_EINVOICE). */
  einvoice: boolean;
  /** Leave the pages unpainted when the file needs no password (IngestOptions.paintLater). */
  paintLater: boolean;
}
export interface RenderTask {
  kind: 'render';
  path: string;
  password: string | undefined;
  from: number;
  to: number;
  paint: boolean;
}
/** One page of an unencrypted PDF painted on first use (its JPEG and thumbnail). */
export interface PaintTask {
  kind: 'paint';
  path: string;
  /** 1-based. */
  page: number;
}
export type PdfTask = ProbeTask | RenderTask | PaintTask;

export interface ProbeResult {
  pageCount: number;
  /** The password that opened the file (undefined when none was needed). */
  password: string | undefined;
  /** Every page, when the probe rendered them (see ProbeTask.renderUpTo). */
  pages?: IngestedPage[];
  /** The e-invoice the PDF carries, when the task looked for one. */
  einvoice: EInvoice | null;
}

export async function runPdfTask(task: PdfTask): Promise<ProbeResult | IngestedPage[]> {
  const data = new Uint8Array(await readFile(task.path));
  if (task.kind === 'probe') {
    // One open per task: the probe that renders its pages reads them from the document it vetted.
    const { doc, passwordIndex } = await openPdf(data, task.passwords);
    try {
      const pageCount = doc.pageCount;
      if (pageCount < 1) throw errors.invalidParameter('file', 'The PDF has no pages.');
      if (pageCount > task.maxPages) throw tooManyPages(pageCount, task.maxPages);
      const password = passwordIndex < 0 ? undefined : task.passwords[passwordIndex];
      // An encrypted PDF is no hybrid invoice (PDF/A forbids encryption).
      // The e-invoice readers load only for a PDF that may carry an attachment.
      const einvoice = task.einvoice && password === undefined && mayCarryAttachment(data)
        ? await (await import('../einvoice/index.js')).readEmbeddedInvoice(data)
        : null;
      if (pageCount > task.renderUpTo) return { pageCount, password, einvoice };
      return { pageCount, password, einvoice, pages: await renderPages(doc, 1, pageCount, !(task.paintLater && password === undefined)) };
    } finally {
      doc.close();
    }
  }
  const doc = await PdfiumDocument.open(data, task.kind === 'render' ? task.password : undefined);
  try {
    return task.kind === 'render' ? await renderPages(doc, task.from, task.to, task.paint) : await renderPages(doc, task.page, task.page);
  } finally {
    doc.close();
  }
}
