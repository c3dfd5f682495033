/**
 * pdfkit plumbing for the generator: font families (the standard 14 fonts,
 * WinAnsi: Latin-1 plus € and typographic quotes, and Liberation Sans, a TTF
 * that ships in pdfjs-dist), text placement by left/right/centre anchor, and
 * the truth record that every drawn field writes into — a value reaches the
 * truth only by being drawn, so truth and page cannot drift apart.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import type { Lang } from './types.js';

const require = createRequire(import.meta.url);
const PDFJS_FONTS = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts');

export interface FontFamily {
  name: string;
  regular: string;
  bold: string;
}

export const FONT_FAMILIES: readonly FontFamily[] = [
  { name: 'helvetica', regular: 'Helvetica', bold: 'Helvetica-Bold' },
  { name: 'times', regular: 'Times-Roman', bold: 'Times-Bold' },
  { name: 'courier', regular: 'Courier', bold: 'Courier-Bold' },
  { name: 'liberation', regular: 'liberation', bold: 'liberation-bold' },
];

/** Languages whose letters WinAnsi lacks ("ł", "ą", "ż"): the standard 14 fonts would print them as other glyphs. */
const BEYOND_WINANSI: ReadonlySet<Lang> = new Set(['pl']);

/** The families of `families` that can print the language: all for WinAnsi languages, else the TTF ones. */
export function fontsFor(lang: Lang, families: readonly FontFamily[]): readonly FontFamily[] {
  return BEYOND_WINANSI.has(lang) ? families.filter((f) => f.name === 'liberation') : families;
}

export interface TextOptions {
  bold?: boolean;
  size?: number;
  /** `x` is the left edge, the right edge or the centre of the text. */
  align?: 'left' | 'right' | 'center';
  color?: string;
}

export class Sheet {
  readonly truth: Record<string, string> = {};
  /** The printed label each truth key was found under (for label-style requests). */
  readonly labels: Record<string, string> = {};
  pages = 1;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly font: FontFamily,
    readonly size: number,
  ) {}

  get width(): number {
    return this.doc.page.width;
  }

  get height(): number {
    return this.doc.page.height;
  }

  use(o: TextOptions = {}): this {
    this.doc.font(o.bold ? this.font.bold : this.font.regular).fontSize(o.size ?? this.size);
    return this;
  }

  widthOf(s: string, o: TextOptions = {}): number {
    return this.use(o).doc.widthOfString(s);
  }

  /** Draws one line of text; returns its width. */
  text(s: string, x: number, y: number, o: TextOptions = {}): number {
    if (!s) return 0;
    const w = this.widthOf(s, o);
    const left = o.align === 'right' ? x - w : o.align === 'center' ? x - w / 2 : x;
    this.doc.fillColor(o.color ?? '#000').text(s, left, y, { lineBreak: false });
    this.doc.fillColor('#000');
    return w;
  }

  /** Records a truth value (whitespace collapsed) and the label it was printed under. */
  set(key: string, value: string, label?: string): void {
    if (!key) return;
    this.truth[key] = value.replace(/\s+/g, ' ').trim();
    if (label) this.labels[key] = label;
  }

  /** Splits text into lines that fit `width`, as a word processor would. */
  wrap(s: string, width: number, o: TextOptions = {}): string[] {
    const lines: string[] = [];
    let cur = '';
    for (const w of s.split(' ')) {
      const next = cur ? `${cur} ${w}` : w;
      if (cur && this.widthOf(next, o) > width) {
        lines.push(cur);
        cur = w;
      } else cur = next;
    }
    if (cur) lines.push(cur);
    return lines;
  }

  addPage(): void {
    this.doc.addPage();
    this.pages++;
  }

  rule(x1: number, y1: number, x2: number, y2: number, width = 0.6): void {
    this.doc.lineWidth(width).moveTo(x1, y1).lineTo(x2, y2).stroke();
  }

  box(x: number, y: number, w: number, h: number, width = 0.6): void {
    this.doc.lineWidth(width).rect(x, y, w, h).stroke();
  }

  fill(x: number, y: number, w: number, h: number, color: string): void {
    this.doc.rect(x, y, w, h).fill(color);
    this.doc.fillColor('#000');
  }
}

/** Runs `draw` on a fresh document of the given page size and resolves with the PDF bytes. */
export function renderPdf(size: [number, number], font: FontFamily, fontSize: number, draw: (s: Sheet) => void): Promise<{ pdf: Buffer; sheet: Sheet }> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size, margin: 0, autoFirstPage: true, info: { CreationDate: new Date(0) } });
    doc.registerFont('liberation', join(PDFJS_FONTS, 'LiberationSans-Regular.ttf'));
    doc.registerFont('liberation-bold', join(PDFJS_FONTS, 'LiberationSans-Bold.ttf'));
    const sheet = new Sheet(doc, font, fontSize);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve({ pdf: Buffer.concat(chunks), sheet }));
    doc.on('error', reject);
    try {
      draw(sheet);
    } catch (err) {
      reject(err);
      return;
    }
    doc.end();
  });
}
