import { createCanvas } from '@napi-rs/canvas';
import type { Box, ExtractedCell, TextLayer, Word } from '../../src/extract/types.js';

/**
 * A generated table page whose every value position is known: rendered to a
 * JPEG with Skia, with a text layer of the same words, plus an engine-like
 * result whose boxes are deliberately approximate (shifted, resized, some
 * missing) so the bbox pass has to find the real words.
 */

export const PAGE_W = 1240;
export const PAGE_H = 1754;
const FONT_PX = 18;
const ROW_PX = 36;
const TOP_PX = 200;
const COLUMNS = [
  { field: 'Description', x: 80 },
  { field: 'Qty', x: 640 },
  { field: 'Unit price', x: 780 },
  { field: 'Date', x: 1000 },
] as const;
const PHOTO_BOX: Box = { x1: 0.8, y1: 0.01, x2: 0.95, y2: 0.07 };
/** Letterhead and terms: real pages have running text, which OCR page-orientation detection relies on. */
const PROSE: Array<[number, string]> = [
  [50, 'Acme Industrial Supplies Ltd, 12 Harbour Road, Springfield, invoice for goods delivered'],
  [80, 'Customer account 55120, delivery note attached, all prices in US dollars excluding tax'],
  [1650, 'Terms: payment is due within thirty days of the invoice date. Please quote the invoice'],
  [1680, 'number with every payment. Goods remain our property until paid in full. Thank you for'],
  [1710, 'your business and we look forward to serving you again during the coming season.'],
];

export interface GeneratedPage {
  jpeg: Buffer;
  textLayer: TextLayer;
  /** The engine result JSON as stored in documents.result. */
  result: { fields: string[]; rows: Array<Record<string, ExtractedCell>> };
  /** Row → field → where the value really is (layout box of its words; ink box in `inkTruth`), null when not on the page. */
  truth: Array<Record<string, Box | null>>;
  inkTruth: Array<Record<string, Box | null>>;
  photoBox: Box;
}

/** Deterministic PRNG (LCG) so a failing case is reproducible. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const ADJECTIVES = ['Blue', 'Steel', 'Large', 'Copper', 'Round', 'Premium', 'Spare', 'Oak'];
const NOUNS = ['widget', 'bracket', 'hinge', 'panel', 'valve', 'gasket', 'spring', 'bolt set'];

interface Printed {
  printed: string;
  value: string;
}

function rowValues(rand: () => number, i: number): Record<string, Printed> {
  const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)];
  const desc = `${pick(ADJECTIVES)} ${pick(NOUNS)} ${i + 1}`;
  const qty = String(1 + Math.floor(rand() * 98));
  const cents = 100 + Math.floor(rand() * 500_000);
  const price = (cents / 100).toFixed(2);
  const printedPrice = Number(price).toLocaleString('en-US', { minimumFractionDigits: 2 });
  const day = 1 + Math.floor(rand() * 28);
  const month = 1 + Math.floor(rand() * 12);
  const dd = String(day).padStart(2, '0');
  const mm = String(month).padStart(2, '0');
  // Values as a formatting engine returns them: numbers without grouping, ISO dates.
  return {
    Description: { printed: desc, value: desc },
    Qty: { printed: qty, value: qty },
    'Unit price': { printed: printedPrice, value: price },
    Date: { printed: `${dd}/${mm}/2024`, value: `2024-${mm}-${dd}` },
  };
}

function union(boxes: Box[]): Box {
  return {
    x1: Math.min(...boxes.map((b) => b.x1)), y1: Math.min(...boxes.map((b) => b.y1)),
    x2: Math.max(...boxes.map((b) => b.x2)), y2: Math.max(...boxes.map((b) => b.y2)),
  };
}

/** The engine's approximate box: the true box moved and resized by up to a fraction of its height. */
function perturb(b: Box, rand: () => number): Box {
  const h = b.y2 - b.y1;
  const dy = (rand() - 0.5) * h * 0.8;
  const dx = (rand() - 0.5) * 0.01;
  const grow = (rand() - 0.3) * h * 0.4;
  return { x1: b.x1 + dx - grow, y1: b.y1 + dy - grow, x2: b.x2 + dx + grow, y2: b.y2 + dy + grow };
}

/**
 * `rows` table rows with `options.phantomRows` carrying a Description the page
 * does not show (the engine hallucinated it: its box must come back null).
 */
export function generatePage(rows: number, options: { seed?: number; phantomRows?: number[] } = {}): GeneratedPage {
  const rand = prng(options.seed ?? 7);
  const canvas = createCanvas(PAGE_W, PAGE_H);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, PAGE_W, PAGE_H);
  ctx.fillStyle = '#000';
  ctx.font = `${FONT_PX}px DejaVu Sans`;
  ctx.textBaseline = 'alphabetic';
  const words: Word[] = [];
  const drawWords = (text: string, x0: number, baseline: number): { layout: Box[]; ink: Box[] } => {
    const layout: Box[] = [];
    const ink: Box[] = [];
    let x = x0;
    for (const word of text.split(' ')) {
      const m = ctx.measureText(word);
      ctx.fillText(word, x, baseline);
      const box = { x1: x / PAGE_W, y1: (baseline - FONT_PX * 0.8) / PAGE_H, x2: (x + m.width) / PAGE_W, y2: (baseline + FONT_PX * 0.2) / PAGE_H };
      words.push({ text: word, box });
      layout.push(box);
      ink.push({
        x1: (x - m.actualBoundingBoxLeft) / PAGE_W, y1: (baseline - m.actualBoundingBoxAscent) / PAGE_H,
        x2: (x + m.actualBoundingBoxRight) / PAGE_W, y2: (baseline + m.actualBoundingBoxDescent) / PAGE_H,
      });
      x += m.width + ctx.measureText(' ').width;
    }
    return { layout, ink };
  };
  for (const [y, text] of PROSE) drawWords(text, 80, y);
  for (const col of COLUMNS) drawWords(col.field, col.x, TOP_PX - ROW_PX);
  const result: GeneratedPage['result'] = { fields: [...COLUMNS.map((c) => c.field), 'Photo'], rows: [] };
  const truth: GeneratedPage['truth'] = [];
  const inkTruth: GeneratedPage['inkTruth'] = [];
  for (let i = 0; i < rows; i++) {
    const values = rowValues(rand, i);
    const baseline = TOP_PX + i * ROW_PX;
    const row: Record<string, ExtractedCell> = {};
    const t: Record<string, Box | null> = {};
    const ink: Record<string, Box | null> = {};
    for (const [c, col] of COLUMNS.entries()) {
      const { printed, value } = values[col.field];
      // Jittered starts: perfectly stacked tabular digits make the engine's OCR orientation check see a sideways page.
      const drawn = drawWords(printed, col.x + Math.floor(rand() * 24), baseline);
      const phantom = col.field === 'Description' && options.phantomRows?.includes(i);
      t[col.field] = phantom ? null : union(drawn.layout);
      ink[col.field] = phantom ? null : union(drawn.ink);
      // Every fifth cell the engine gave no box: the row band must stand in.
      const engineBox = (i + c) % 5 === 0 ? null : perturb(union(drawn.layout), rand);
      row[col.field] = { value: phantom ? 'Zirconium flux capacitor' : value, box: engineBox };
    }
    row.Photo = { type: 'image_region', box: PHOTO_BOX };
    result.rows.push(row);
    truth.push(t);
    inkTruth.push(ink);
  }
  ctx.strokeRect(PHOTO_BOX.x1 * PAGE_W, PHOTO_BOX.y1 * PAGE_H, (PHOTO_BOX.x2 - PHOTO_BOX.x1) * PAGE_W, (PHOTO_BOX.y2 - PHOTO_BOX.y1) * PAGE_H);
  const jpeg = canvas.toBuffer('image/jpeg', 92);
  return { jpeg, textLayer: { words, rules: [], images: [PHOTO_BOX] }, result, truth, inkTruth, photoBox: PHOTO_BOX };
}

export function iou(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1));
  const iy = Math.max(0, Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1));
  const inter = ix * iy;
  const area = (x: Box) => (x.x2 - x.x1) * (x.y2 - x.y1);
  return inter / (area(a) + area(b) - inter);
}
