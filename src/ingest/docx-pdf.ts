/**
 * .docx → PDF, self-contained: the document XML is read with our zip reader
 * and laid out with pdfkit. Paragraphs flow and paginate; tables are drawn as
 * ruled grids (every cell bordered) so the engine finds them as tables on the
 * rendered page and in the text layer. Chosen over LibreOffice/mammoth+browser:
 * no system binary, no headless browser, permissive licenses, and tables keep
 * their grid, which is what extraction needs.
 */
import { readFile } from 'node:fs/promises';
import { MAX_GRID_COLUMNS, parseDocumentXml, paragraphText, type Block, type Paragraph, type Table } from './docx-parse.js';
import { breakLongWords, createPagedDoc, PAGE, tooManyPages } from './pdfkit-pages.js';
import { assertDocxEntries } from './sniff.js';
import { listZipEntries, readZipEntry } from './zip.js';

/** word/document.xml larger than this when inflated is refused (real documents are far smaller). */
export const MAX_DOCUMENT_XML_BYTES = 20 * 1024 * 1024;
const BODY_SIZE = 10.5;
const HEADING_SIZE = 15;
const CELL_SIZE = 9;
const CELL_PAD = 4;
/** A cell is clipped to one page: more text than a page holds is only layout work. */
const MAX_CELL_CHARS = 4000;

export async function docxToPdf(path: string, maxPages: number): Promise<Buffer> {
  const zip = await readFile(path);
  const entries = listZipEntries(zip);
  assertDocxEntries(entries.map((e) => e.name));
  const main = entries.find((e) => e.name === 'word/document.xml')!;
  const xml = readZipEntry(zip, main, MAX_DOCUMENT_XML_BYTES);
  const blocks = parseDocumentXml(xml.toString('utf8'));
  return layoutBlocks(blocks, maxPages);
}

/** The least height a table row takes: one line of cell text and its padding. */
const MIN_ROW_HEIGHT = CELL_SIZE + 2 * CELL_PAD;

/**
 * Tables whose rows cannot fit the page limit even at one line each are
 * refused before any layout: laying out thousands of rows of 63 cells only
 * to stop at page 51 took most of a minute.
 */
function assertRowsFit(blocks: Block[], maxPages: number): void {
  let rows = 0;
  for (const b of blocks) if (b.type === 'table') rows += b.rows.length;
  if (rows * MIN_ROW_HEIGHT > maxPages * (PAGE.height - 2 * PAGE.margin)) throw tooManyPages('.docx document', maxPages);
}

export function layoutBlocks(blocks: Block[], maxPages: number): Promise<Buffer> {
  assertRowsFit(blocks, maxPages);
  const { doc, finished } = createPagedDoc('.docx document', maxPages);
  const width = PAGE.width - 2 * PAGE.margin;
  const bottom = PAGE.height - PAGE.margin;
  for (const block of blocks) {
    if (block.type === 'paragraph') writeParagraph(doc, block, PAGE.margin, width);
    else writeTable(doc, block, width, bottom);
  }
  doc.end();
  return finished;
}

function writeParagraph(doc: PDFKit.PDFDocument, p: Paragraph, x: number, width: number): void {
  if (p.pageBreakBefore && doc.y > PAGE.margin) doc.addPage();
  const size = p.heading ? HEADING_SIZE : BODY_SIZE;
  const runs = p.runs.filter((r) => r.text.length > 0);
  if (runs.length === 0) {
    doc.font('body').fontSize(size).text(' ', x, doc.y, { width });
    return;
  }
  runs.forEach((run, i) => {
    doc.font(run.bold || p.heading ? 'bold' : 'body').fontSize(size);
    const opts = { width, continued: i < runs.length - 1 };
    const text = breakLongWords(expandTabs(run.text));
    if (i === 0) doc.text(text, x, doc.y, opts);
    else doc.text(text, opts);
  });
  doc.moveDown(0.4);
}

const expandTabs = (s: string): string => s.replace(/\t/g, '    ');

/** Column widths in points: the table grid scaled to the text width, or equal columns (at most Word's 63). */
function columnWidths(table: Table, width: number): number[] {
  let cols = Math.max(table.grid.length, 1);
  for (const r of table.rows) cols = Math.max(cols, r.reduce((n, c) => n + c.span, 0));
  cols = Math.min(cols, MAX_GRID_COLUMNS);
  const grid = table.grid.length === cols && table.grid.every((w) => w > 0) ? table.grid : Array<number>(cols).fill(1);
  const total = grid.reduce((a, b) => a + b, 0);
  return grid.map((w) => (w / total) * width);
}

function cellText(paragraphs: Paragraph[]): string {
  return breakLongWords(expandTabs(paragraphs.map(paragraphText).join('\n').slice(0, MAX_CELL_CHARS)));
}

function writeTable(doc: PDFKit.PDFDocument, table: Table, width: number, bottom: number): void {
  const widths = columnWidths(table, width);
  const maxRowHeight = bottom - PAGE.margin;
  doc.font('body').fontSize(CELL_SIZE);
  for (const row of table.rows) {
    const cells = placeCells(row, widths);
    if (cells.length === 0) continue;
    const textHeight = Math.max(
      ...cells.map((c) => doc.font(c.bold ? 'bold' : 'body').heightOfString(c.text || ' ', { width: c.w - 2 * CELL_PAD })),
    );
    // A row taller than a page is clipped to one page rather than split mid-cell.
    const h = Math.min(textHeight + 2 * CELL_PAD, maxRowHeight);
    if (doc.y + h > bottom) doc.addPage();
    const y = doc.y;
    for (const c of cells) {
      doc.lineWidth(0.75).rect(c.x, y, c.w, h).stroke();
      doc.font(c.bold ? 'bold' : 'body').text(c.text, c.x + CELL_PAD, y + CELL_PAD, {
        width: c.w - 2 * CELL_PAD,
        height: h - 2 * CELL_PAD,
        ellipsis: true,
      });
    }
    doc.x = PAGE.margin;
    doc.y = y + h;
  }
  doc.font('body').fontSize(BODY_SIZE);
  doc.moveDown(0.6);
}

interface PlacedCell {
  x: number;
  w: number;
  text: string;
  bold: boolean;
}

function placeCells(row: Table['rows'][number], widths: number[]): PlacedCell[] {
  let col = 0;
  let x = PAGE.margin;
  const placed: PlacedCell[] = [];
  for (const cell of row) {
    const w = widths.slice(col, col + cell.span).reduce((a, b) => a + b, 0);
    if (w <= 0) break;
    const runs = cell.paragraphs.flatMap((p) => p.runs).filter((r) => r.text.trim() !== '');
    placed.push({ x, w, text: cellText(cell.paragraphs), bold: runs.length > 0 && runs.every((r) => r.bold) });
    x += w;
    col += cell.span;
  }
  return placed;
}
