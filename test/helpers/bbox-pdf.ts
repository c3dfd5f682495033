import PDFDocument from 'pdfkit';
import type { Box } from '../../src/extract/types.js';

/** A one-page ruled invoice table as a real PDF, with where every value is printed (normalized line boxes). */
export interface GeneratedPdf {
  pdf: Buffer;
  fields: string[];
  /** Row → field → printed text and its box. */
  cells: Array<Record<string, { text: string; box: Box }>>;
}

const PAGE_W = 612;
const PAGE_H = 792;
const SIZE = 10;

/** `rows` table rows; 40 fit on the page at the default row height of 16 pt. */
export function bboxPdf(rows: number, rowHeight = rows > 28 ? 16 : 22): Promise<GeneratedPdf> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 50 });
  const fields = ['Description', 'Qty', 'Price'];
  const widths = [240, 80, 120];
  doc.font('Helvetica-Bold').fontSize(16).text('Invoice 20931 from Acme Industrial Supplies', 50, 50);
  doc.font('Helvetica').fontSize(SIZE);
  const cells: GeneratedPdf['cells'] = [];
  for (let r = 0; r <= rows; r++) {
    const y = 100 + r * rowHeight;
    const textY = y + (rowHeight - SIZE) / 2;
    const texts = r === 0 ? fields : [`Hex bolt pack ${r}`, `${r + 2}`, `${(r * 13.25).toFixed(2)}`];
    const row: Record<string, { text: string; box: Box }> = {};
    let x = 50;
    texts.forEach((text, i) => {
      doc.rect(x, y, widths[i], rowHeight).stroke();
      doc.text(text, x + 4, textY, { lineBreak: false });
      row[fields[i]] = { text, box: { x1: (x + 4) / PAGE_W, y1: textY / PAGE_H, x2: (x + 4 + doc.widthOfString(text)) / PAGE_W, y2: (textY + SIZE) / PAGE_H } };
      x += widths[i];
    });
    if (r > 0) cells.push(row);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve({ pdf: Buffer.concat(chunks), fields, cells }));
    doc.on('error', reject);
    doc.end();
  });
}
