/**
 * Shared pdfkit plumbing for the .docx and .txt converters: fonts that ship in
 * node_modules (Liberation Sans, from pdfjs-dist: metric-compatible with
 * Helvetica and covering Latin, Greek and Cyrillic), a page budget that stops
 * runaway conversions early, and collecting the output.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { errors } from '../errors.js';

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts');
export const FONTS = {
  regular: join(FONT_DIR, 'LiberationSans-Regular.ttf'),
  bold: join(FONT_DIR, 'LiberationSans-Bold.ttf'),
};

/** US Letter in points, 0.75 in margins. */
export const PAGE = { width: 612, height: 792, margin: 54 };

export interface PagedDoc {
  doc: PDFKit.PDFDocument;
  /** Resolves with the PDF bytes once `doc.end()` was called. */
  finished: Promise<Buffer>;
}

/** Longest run of non-space characters set as one word. */
const MAX_WORD = 60;
const isBreak = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d);

/**
 * Breaks words longer than MAX_WORD characters with spaces. pdfkit wraps a
 * word wider than the line one character at a time, measuring the rest of
 * the word each time: a megabyte without a space took minutes. (A loop, not
 * a regular expression: /\S{61,}/ over megabytes overflows the stack.)
 */
export function breakLongWords(text: string): string {
  const pieces: string[] = [];
  let run = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (isBreak(text.charCodeAt(i))) run = 0;
    else if (++run > MAX_WORD) {
      pieces.push(text.slice(from, i));
      from = i;
      run = 1;
    }
  }
  if (pieces.length === 0) return text;
  pieces.push(text.slice(from));
  return pieces.join(' ');
}

/** Thrown from a `pageAdded` listener (conversion stops as soon as the page limit is passed), or before layout when it surely would be. */
export function tooManyPages(kind: string, maxPages: number): Error {
  return errors.invalidParameter('file', `The ${kind} converts to more than ${maxPages} pages; at most ${maxPages} pages are accepted per upload.`);
}

export function createPagedDoc(kind: string, maxPages: number): PagedDoc {
  const doc = new PDFDocument({ size: 'LETTER', margin: PAGE.margin, bufferPages: false });
  doc.registerFont('body', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  let pages = 1;
  doc.on('pageAdded', () => {
    pages++;
    if (pages > maxPages) throw tooManyPages(kind, maxPages);
  });
  const finished = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, finished };
}
