/**
 * .txt → PDF: the decoded text set in a monospace face (Courier, so columns
 * made of spaces stay aligned), wrapped to the page width and paginated.
 * Text with characters Courier's WinAnsi encoding lacks falls back to the
 * embedded Liberation Sans, which covers Greek and Cyrillic too.
 */
import { readFile } from 'node:fs/promises';
import { decodeText } from './sniff.js';
import { breakLongWords, createPagedDoc, PAGE } from './pdfkit-pages.js';

const FONT_SIZE = 9;
/** Characters the standard 14 fonts can show (WinAnsi: Latin-1 plus a few typographic marks). */
const WIN_ANSI = /^[\t\n\r\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;

export async function txtToPdf(path: string, maxPages: number): Promise<Buffer> {
  return textToPdf(decodeText(await readFile(path)), maxPages);
}

export function textToPdf(text: string, maxPages: number): Promise<Buffer> {
  const { doc, finished } = createPagedDoc('text file', maxPages);
  const clean = breakLongWords(text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').replace(/\f/g, '\n'));
  doc.font(WIN_ANSI.test(clean) ? 'Courier' : 'body').fontSize(FONT_SIZE);
  const width = PAGE.width - 2 * PAGE.margin;
  // pdfkit wraps and adds pages itself; an empty file still yields one blank page.
  doc.text(clean.length > 0 ? clean : ' ', PAGE.margin, PAGE.margin, { width, lineGap: 1 });
  doc.end();
  return finished;
}
