import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Opens PDF bytes or a file with pdfjs directly (tests and bench only; ingestion owns the product path). */
export async function openPdf(source: string | Uint8Array): Promise<PDFDocumentProxy> {
  const data = typeof source === 'string' ? new Uint8Array(await readFile(source)) : new Uint8Array(source);
  return getDocument({ data, isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
}
