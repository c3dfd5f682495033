import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
/** The 14 standard PDF fonts (Helvetica, Times, Courier) ship with pdfjs; without them rendering falls back to odd metrics. */
const STANDARD_FONTS = `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Opens PDF bytes or a file with pdfjs directly (tests and bench only; ingestion owns the product path). */
export async function openPdf(source: string | Uint8Array): Promise<PDFDocumentProxy> {
  const data = typeof source === 'string' ? new Uint8Array(await readFile(source)) : new Uint8Array(source);
  return getDocument({ data, isEvalSupported: false, useSystemFonts: false, verbosity: 0, standardFontDataUrl: STANDARD_FONTS }).promise;
}
