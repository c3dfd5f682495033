/**
 * Entry point of ingestion: a file on disk → pages ready to store. The kind is
 * decided by content (sniff.ts); Word and text files become PDFs first and
 * then go through the same PDF path, so every paged upload is split and
 * rendered one way.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EInvoice, PagedInvoice } from '../einvoice/index.js';
import { runIngestTask, type ConvertTask, type ImageTask } from './ingest-tasks.js';
import { ingestPdf } from './pdf.js';

export { paintPdfPage } from './pdf.js';
import { sniffFile } from './sniff.js';
import type { IngestOptions } from './options.js';
import type { IngestedPage, IngestedUpload } from './types.js';

/** Parsing runs in the ingest processes when there are some (the server), else here (the CLI). */
function convert(task: Omit<ConvertTask, 'kind'>, options: IngestOptions): Promise<EInvoice | null> {
  return (options.processPool ? options.processPool.convert(task) : runIngestTask({ kind: 'convert', ...task })) as Promise<EInvoice | null>;
}

function image(task: Omit<ImageTask, 'kind'>, options: IngestOptions): Promise<IngestedPage[]> {
  return options.processPool ? options.processPool.image(task) : (runIngestTask({ kind: 'image', ...task }) as Promise<IngestedPage[]>);
}

/** The invoice with the page each of its lines is printed on (the e-invoice code loads only for a file that is or carries one). */
async function paged(invoice: EInvoice | null, pages: IngestedPage[]): Promise<PagedInvoice | null> {
  if (!invoice) return null;
  const { assignLinePages } = await import('../einvoice/index.js');
  return assignLinePages(invoice, pages.map((p) => p.textLayer?.words ?? []));
}

export async function ingestFile(path: string, options: IngestOptions): Promise<IngestedUpload> {
  const kind = await sniffFile(path);
  switch (kind) {
    case 'pdf': {
      const { pages, einvoice } = await ingestPdf(path, options);
      return { kind, form: 'paged', pages, einvoice: await paged(einvoice, pages) };
    }
    case 'docx':
    case 'txt':
    case 'xml': {
      const converted = join(options.tempDir ?? tmpdir(), `docrows-${randomBytes(8).toString('hex')}.pdf`);
      try {
        // An XML e-invoice comes back read; its pages are docrows' rendering of it.
        const einvoice = await convert({ path, fileKind: kind, maxPages: options.maxPages, out: converted }, options);
        // The converted PDF carries no password and no attachment: the upload's passwords do not apply to it.
        const { pages } = await ingestPdf(converted, { ...options, passwords: [], einvoice: false, paintLater: false });
        return { kind, form: 'paged', pages, einvoice: await paged(einvoice, pages) };
      } finally {
        await rm(converted, { force: true });
      }
    }
    default: {
      const pages = await image({ path, fileKind: kind, maxPages: options.maxPages }, options);
      // A multi-page TIFF yields several documents, so it answers with the array form.
      return { kind, form: pages.length > 1 ? 'paged' : 'image', pages, einvoice: null };
    }
  }
}
