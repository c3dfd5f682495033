import { readFile } from 'node:fs/promises';
import { PdfiumDocument } from '../../../src/ingest/pdf-pdfium.js';

/**
 * Opens a PDF (bytes or a file) with PDFium, as ingestion reads it, hands it
 * to `use` (`doc.textLayer(i)` is page i+1's text layer and size), and closes it.
 */
export async function withPdfText<T>(source: string | Uint8Array, use: (doc: PdfiumDocument) => T | Promise<T>): Promise<T> {
  const doc = await PdfiumDocument.open(typeof source === 'string' ? new Uint8Array(await readFile(source)) : source, undefined);
  try {
    return await use(doc);
  } finally {
    doc.close();
  }
}
