/**
 * Entry point of ingestion: a file on disk → pages ready to store. The kind is
 * decided by content (sniff.ts); Word and text files become PDFs first and
 * then go through the same PDF path, so every paged upload is split and
 * rendered one way.
 */
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { docxToPdf } from './docx-pdf.js';
import { ingestImage } from './image.js';
import { ingestPdf } from './pdf.js';
import { sniffFile } from './sniff.js';
import { txtToPdf } from './txt-pdf.js';
import type { IngestOptions } from './options.js';
import type { IngestedUpload } from './types.js';

export async function ingestFile(path: string, options: IngestOptions): Promise<IngestedUpload> {
  const kind = await sniffFile(path);
  switch (kind) {
    case 'pdf':
      return { kind, form: 'paged', pages: await ingestPdf(path, options) };
    case 'docx':
    case 'txt': {
      const pdf = kind === 'docx' ? await docxToPdf(path, options.maxPages) : await txtToPdf(path, options.maxPages);
      const converted = join(options.tempDir ?? tmpdir(), `docrows-${randomBytes(8).toString('hex')}.pdf`);
      try {
        await writeFile(converted, pdf);
        // The converted PDF carries no password: the upload's passwords do not apply to it.
        return { kind, form: 'paged', pages: await ingestPdf(converted, { ...options, passwords: [] }) };
      } finally {
        await rm(converted, { force: true });
      }
    }
    default: {
      const pages = await ingestImage(path, kind, options.maxPages);
      // A multi-page TIFF yields several documents, so it answers with the array form.
      return { kind, form: pages.length > 1 ? 'paged' : 'image', pages };
    }
  }
}
