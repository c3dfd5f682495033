/**
 * What real pages carry besides their text: a logo as a raster image (a
 * shape and the company's initials, drawn in SVG and rasterized by sharp, so
 * a digital page has it as an image and no text layer), an office stamp
 * (rotated, coloured, half transparent: `PAID` and a date), and handwriting
 * marks (a tick, a scrawled signature, a ring drawn round the total). None of
 * them carries truth: they are what the engine must read past.
 */
import sharp from 'sharp';
import type { Lang } from './types.js';
import { int, pick, type Rand } from './random.js';
import type { Sheet } from './sheet.js';

const INK = ['#1b3a8c', '#22305e', '#0d0d0d'];

/** The initials a logo shows: the first letters of the first two words. */
function initials(name: string): string {
  return name.split(/\s+/).filter((w) => /^\p{L}/u.test(w)).slice(0, 2).map((w) => w[0].toUpperCase()).join('');
}

/** A logo raster (PNG): one of a few shapes with the initials, black or one colour. */
export async function logoImage(r: Rand, name: string): Promise<Buffer> {
  const colour = pick(r, ['#000000', '#000000', '#b3261e', '#1b3a8c', '#2e6b30']);
  const text = initials(name) || 'X';
  const shape = pick(r, [
    `<circle cx="100" cy="100" r="86" fill="none" stroke="${colour}" stroke-width="14"/>`,
    `<rect x="14" y="14" width="172" height="172" rx="24" fill="${colour}"/>`,
    `<polygon points="100,8 192,100 100,192 8,100" fill="none" stroke="${colour}" stroke-width="12"/>`,
    `<rect x="10" y="40" width="180" height="120" fill="${colour}"/>`,
  ]);
  const filled = shape.includes(`fill="${colour}"`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#ffffff"/>${shape}<text x="100" y="126" text-anchor="middle" font-size="72" font-weight="bold" font-family="DejaVu Sans, Liberation Sans, sans-serif" fill="${filled ? '#ffffff' : colour}">${text}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Draws a logo image with its top-left corner at (x, y), `size` points square. */
export function drawLogo(s: Sheet, png: Buffer, x: number, y: number, size: number): void {
  s.doc.image(png, x, y, { width: size, height: size });
}

const PAID: Record<Lang, string[]> = {
  en: ['PAID', 'RECEIVED', 'ENTERED'],
  de: ['BEZAHLT', 'EINGANG', 'GEBUCHT'],
  fr: ['PAYÉ', 'REÇU', 'COMPTABILISÉ'],
  es: ['PAGADO', 'RECIBIDO'],
  nl: ['BETAALD', 'ONTVANGEN', 'GEBOEKT'],
  it: ['PAGATO', 'RICEVUTO'],
  pt: ['PAGO', 'RECEBIDO'],
  pl: ['ZAPŁACONO', 'OTRZYMANO', 'ZAKSIĘGOWANO'],
};

/** An office stamp: a rotated double-framed box with a word and a date under it, coloured and half transparent. */
export function drawStamp(s: Sheet, r: Rand, lang: Lang, date: string, cx: number, cy: number): void {
  const word = pick(r, PAID[lang]);
  const colour = pick(r, ['#c0392b', '#1f4fa3', '#6b2d8f']);
  const size = s.size + 6;
  const doc = s.doc;
  doc.save();
  doc.opacity(0.55).fillColor(colour).strokeColor(colour);
  doc.rotate(int(r, -18, 18), { origin: [cx, cy] });
  const w = Math.max(s.widthOf(word, { bold: true, size }), s.widthOf(date, { size: s.size })) + 20;
  const h = size + s.size + 18;
  doc.lineWidth(2).rect(cx - w / 2, cy - h / 2, w, h).stroke();
  doc.lineWidth(0.8).rect(cx - w / 2 + 3, cy - h / 2 + 3, w - 6, h - 6).stroke();
  doc.font(s.font.bold).fontSize(size).text(word, cx - s.widthOf(word, { bold: true, size }) / 2, cy - h / 2 + 6, { lineBreak: false });
  doc.font(s.font.regular).fontSize(s.size).text(date, cx - s.widthOf(date) / 2, cy - h / 2 + 8 + size, { lineBreak: false });
  doc.restore();
  doc.fillColor('#000').strokeColor('#000').opacity(1);
}

/** Handwriting marks in pen: a tick beside (x, y), a scrawl (signature) there, or a ring round a value of the given box. */
export function drawHandwriting(s: Sheet, r: Rand, kind: 'tick' | 'signature' | 'ring', x: number, y: number, w = 60, h = 14): void {
  const doc = s.doc;
  doc.save();
  doc.strokeColor(pick(r, INK)).lineWidth(1 + r() * 0.8).lineCap('round').lineJoin('round');
  if (kind === 'tick') {
    doc.moveTo(x, y + h * 0.5).lineTo(x + h * 0.35, y + h).lineTo(x + h, y - h * 0.2).stroke();
  } else if (kind === 'ring') {
    // An ellipse drawn by hand: not closed, a little larger than the value, slightly off centre.
    const cx = x + w / 2 + (r() - 0.5) * 4;
    const cy = y + h / 2 + (r() - 0.5) * 3;
    const rx = w / 2 + 6 + r() * 4;
    const ry = h / 2 + 4 + r() * 3;
    const start = r() * Math.PI * 2;
    const steps = 28;
    for (let i = 0; i <= steps + 3; i++) {
      const a = start + (i / steps) * Math.PI * 2;
      const px = cx + rx * Math.cos(a) * (1 + (r() - 0.5) * 0.04);
      const py = cy + ry * Math.sin(a) * (1 + (r() - 0.5) * 0.06);
      if (i === 0) doc.moveTo(px, py);
      else doc.lineTo(px, py);
    }
    doc.stroke();
  } else {
    // A signature: a run of loops drifting right and slightly up, then an underline.
    let px = x;
    doc.moveTo(px, y + h * 0.6);
    for (let i = 0; i < int(r, 5, 9); i++) {
      const up = h * (0.6 + r() * 0.8);
      doc.bezierCurveTo(px + 4, y - up * 0.5, px + 10, y - up * 0.5, px + 8, y + h * 0.4);
      px += 8 + r() * 6;
      doc.bezierCurveTo(px - 2, y + h, px + 3, y + h * 0.8, px + 4, y + h * 0.3);
    }
    doc.stroke();
    doc.moveTo(x - 4, y + h * 1.2).bezierCurveTo(x + 20, y + h * 1.5, px - 10, y + h * 1.1, px + 10, y + h * 1.25).stroke();
  }
  doc.restore();
  doc.strokeColor('#000');
}
