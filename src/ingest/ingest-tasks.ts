/**
 * Every step of ingestion that reads untrusted bytes, as plain data in and
 * out, so it can run in an ingest child process (ingest-child.ts) or in the
 * calling thread with the same code.
 */
import { writeFile } from 'node:fs/promises';
import type { EInvoice } from '../einvoice/index.js';
import type { PdfTask, ProbeResult } from './pdf-tasks.js';
import type { FileKind, IngestedPage } from './types.js';

/** A raster upload (JPEG, PNG, TIFF, WebP, GIF, BMP) to its pages. */
export interface ImageTask {
  kind: 'image';
  path: string;
  fileKind: FileKind;
  maxPages: number;
}
/** A .docx, .txt or e-invoice XML upload laid out as a PDF written to `out` (an XML's invoice is the task's result). */
export interface ConvertTask {
  kind: 'convert';
  path: string;
  fileKind: 'docx' | 'txt' | 'xml';
  maxPages: number;
  out: string;
}
export type IngestTask = PdfTask | ImageTask | ConvertTask;
export type IngestTaskResult = ProbeResult | IngestedPage[] | EInvoice | null;

/**
 * Each kind's parsers load with the first file of that kind (the CLI reading a
 * text PDF loads no image decoder, canvas or pdfkit; a child keeps what it loaded).
 */
export async function runIngestTask(task: IngestTask): Promise<IngestTaskResult> {
  switch (task.kind) {
    case 'image': {
      const { ingestImage } = await import('./image.js');
      return ingestImage(task.path, task.fileKind, task.maxPages);
    }
    case 'convert': {
      if (task.fileKind === 'xml') {
        const { pdf, invoice } = await (await import('./einvoice-pdf.js')).einvoiceXmlToPdf(task.path, task.maxPages);
        await writeFile(task.out, pdf);
        return invoice;
      }
      const pdf = task.fileKind === 'docx'
        ? await (await import('./docx-pdf.js')).docxToPdf(task.path, task.maxPages)
        : await (await import('./txt-pdf.js')).txtToPdf(task.path, task.maxPages);
      await writeFile(task.out, pdf);
      return null;
    }
    default:
      return (await import('./pdf-tasks.js')).runPdfTask(task);
  }
}
