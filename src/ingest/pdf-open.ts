/**
 * Opening an uploaded PDF with PDFium: the password list, the page limit,
 * and the mapping of failures to `invalid_parameter` on `file`.
 */
import { errors } from '../errors.js';
import { PdfiumDocument } from './pdf-pdfium.js';

export interface OpenedPdf {
  doc: PdfiumDocument;
  /** Index in the password list that opened it; -1 when no password was needed. */
  passwordIndex: number;
}

/**
 * Opens `data`, trying no password first and then each of `passwords` in
 * order. A PDF that stays locked, or that PDFium cannot parse, is refused.
 */
export async function openPdf(data: Uint8Array, passwords: readonly string[]): Promise<OpenedPdf> {
  const candidates: Array<string | undefined> = [undefined, ...passwords];
  for (let i = 0; i < candidates.length; i++) {
    const doc = await PdfiumDocument.load(data, candidates[i]);
    if (doc !== 'locked') return { doc, passwordIndex: i - 1 };
  }
  throw errors.invalidParameter(
    'file',
    passwords.length === 0
      ? 'The PDF is password-protected: send its password in the `password` field.'
      : 'The PDF is password-protected and neither the given password nor the account\'s saved PDF passwords open it.',
  );
}

export function tooManyPages(count: number, max: number): Error {
  return errors.invalidParameter('file', `The document has ${count} pages; at most ${max} pages are accepted per upload.`);
}
