import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { withPdfText } from '../extract/helpers/pdf-text.js';

async function pdfWith(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: [600, 800], margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  draw(doc);
  doc.end();
  return done;
}

const round = (v: number) => Math.round(v * 1000) / 1000;

describe('PDF text layer', () => {
  it('reads words with normalized boxes, stroked and filled rules, and image placements', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c00' } }).png().toBuffer();
    const bytes = await pdfWith((doc) => {
      doc.font('Helvetica').fontSize(12).text('Total due  99.50', 60, 100, { lineBreak: false });
      doc.lineWidth(0.5).moveTo(60, 200).lineTo(540, 200).stroke();
      doc.rect(300, 220, 1, 100).fill('#000');
      doc.image(png, 420, 600, { width: 120, height: 80 });
    });
    const { textLayer: layer, width, height } = await withPdfText(bytes, (pdf) => pdf.textLayer(0));

    expect([width, height]).toEqual([600, 800]);
    expect(layer.words.map((w) => w.text)).toEqual(['Total', 'due', '99.50']);
    const total = layer.words[0].box;
    expect(round(total.x1)).toBe(0.1);
    expect(total.y1).toBeGreaterThan(0.12);
    expect(total.y2).toBeLessThan(0.145);
    expect(layer.rules.map((r) => [round(r.x1), round(r.y1), round(r.x2), round(r.y2)])).toEqual([
      [0.1, 0.25, 0.9, 0.25],
      [0.501, 0.275, 0.501, 0.4],
    ]);
    expect(layer.images.map((b) => [round(b.x1), round(b.y1), round(b.x2), round(b.y2)])).toEqual([[0.7, 0.75, 0.9, 0.85]]);
  });

  it('joins a word its writer set as several touching runs, and keeps runs a space apart as words', async () => {
    const bytes = await pdfWith((doc) => {
      // Runs in alternating fonts, each placed where the last ended: a PDF reader keeps them apart.
      const runs = ['Invoice # RE-20', '201121', '/508'];
      let x = 60;
      runs.forEach((run, i) => {
        doc.font(i % 2 ? 'Helvetica-Bold' : 'Helvetica').fontSize(12).text(run, x, 100, { lineBreak: false });
        x += doc.widthOfString(run);
      });
      doc.font('Helvetica').text('issued', x + doc.widthOfString(' '), 100, { lineBreak: false });
    });
    const layer = await withPdfText(bytes, (pdf) => pdf.textLayer(0).textLayer);
    expect(layer.words.map((w) => w.text)).toEqual(['Invoice', '#', 'RE-20201121/508', 'issued']);
  });

  it('keeps a hyphen that ends a line and a soft hyphen as hyphens, and leaves out rotated runs', async () => {
    const bytes = await pdfWith((doc) => {
      doc.font('Helvetica').fontSize(12);
      doc.text('the popula-', 60, 100, { lineBreak: false });
      doc.text('tion grew', 60, 116, { lineBreak: false });
      doc.text('ages 13\u00ad24', 60, 160, { lineBreak: false });
      doc.save().rotate(-90, { origin: [400, 400] }).text('sideways', 400, 400, { lineBreak: false }).restore();
    });
    const layer = await withPdfText(bytes, (pdf) => pdf.textLayer(0).textLayer);
    expect(layer.words.map((w) => w.text)).toEqual(['the', 'popula-', 'tion', 'grew', 'ages', '13-24']);
  });
});

