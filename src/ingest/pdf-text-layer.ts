import { OPS, Util } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Box, Rule, TextLayer, Word } from '../extract/types.js';

type Matrix = [number, number, number, number, number, number];

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/** pdfjs path drawing codes inside a constructPath op (DrawOPS, not exported by pdfjs). */
const DRAW_MOVE = 0;
const DRAW_LINE = 1;
const DRAW_CURVE = 2;
const DRAW_QUAD = 3;
const DRAW_CLOSE = 4;

/** A stroke or filled rectangle thinner than this (points) is a ruling line, not a shaded area. */
const MAX_RULE_THICKNESS_PT = 3;
/** Shorter segments are glyph parts, underlines of single letters or tick marks. */
const MIN_RULE_LENGTH_PT = 6;
/** Images smaller than this (points) on both sides are bullets or spacers. */
const MIN_IMAGE_SIDE_PT = 12;

/**
 * Reads a pdfjs page into the engine's text layer: words with normalized boxes,
 * ruling lines (stroked segments and thin filled rectangles) and image placements.
 */
export async function extractTextLayer(page: PDFPageProxy): Promise<TextLayer> {
  const viewport = page.getViewport({ scale: 1 });
  const [content, ops] = await Promise.all([page.getTextContent(), page.getOperatorList()]);
  const toPage = viewport.transform as Matrix;
  const normalize = boxNormalizer(viewport.width, viewport.height);

  const words: Word[] = [];
  let previous: { item: TextItemLike; last: Word } | null = null;
  for (const item of content.items as TextItemLike[]) {
    if (typeof item.str !== 'string' || item.str.trim() === '') continue;
    let first = true;
    for (const w of splitItemIntoWords(item, toPage)) {
      const box = normalize(w.box);
      if (!box) continue;
      const word = { text: w.text, box };
      if (first && previous && continuesWord(previous.item, previous.last, item, word)) {
        previous.last.text += word.text;
        previous.last.box = { ...previous.last.box, x2: Math.max(previous.last.box.x2, box.x2) };
      } else words.push(word);
      first = false;
    }
    if (words.length) previous = { item, last: words[words.length - 1] };
  }

  const { rules, images } = scanOperators(ops.fnArray, ops.argsArray, toPage, viewport.width, viewport.height);
  return { words, rules, images };
}

/**
 * Some writers set one word as several text runs ("# RE-20" then "201121",
 * "20" then "20-11-21"), each placed where the last ended. A run that starts
 * where the previous one's last word ends, on the same baseline with no space
 * between, continues that word.
 */
function continuesWord(prevItem: TextItemLike, prevWord: Word, item: TextItemLike, word: Word): boolean {
  if (/\s$/.test(prevItem.str) || /^\s/.test(item.str)) return false;
  const height = prevWord.box.y2 - prevWord.box.y1;
  const sameLine = Math.abs(word.box.y1 - prevWord.box.y1) < height * 0.2 && Math.abs(word.box.y2 - prevWord.box.y2) < height * 0.2;
  const gap = word.box.x1 - prevWord.box.x2;
  // Normalized x and y differ in scale; a gap well under a space is "touching" on any page shape.
  return sameLine && gap > -height * 0.1 && gap < height * 0.08;
}

/**
 * Text items hold runs of glyphs, often several words; pdfjs gives no per-glyph
 * positions, so word extents are spread proportionally over the run's width.
 */
function splitItemIntoWords(item: TextItemLike, toPage: Matrix): Array<{ text: string; box: Box }> {
  const m = Util.transform(toPage, item.transform) as Matrix;
  const fontHeight = Math.hypot(m[2], m[3]);
  const scaleX = Math.hypot(m[0], m[1]);
  // Only (near) horizontal text feeds table analysis; rotated runs would produce nonsense boxes.
  if (Math.abs(m[1]) > 0.01 * scaleX || fontHeight <= 0) return [];
  const baseX = m[4];
  const baseY = m[5];
  const runWidth = item.width * Math.hypot(toPage[0], toPage[1]);
  const top = baseY - fontHeight * 0.8;
  const bottom = baseY + fontHeight * 0.2;
  const chars = [...item.str];
  const perChar = chars.length > 0 ? runWidth / chars.length : 0;
  const out: Array<{ text: string; box: Box }> = [];
  let start = -1;
  for (let i = 0; i <= chars.length; i++) {
    const blank = i === chars.length || /\s/.test(chars[i]);
    if (!blank && start < 0) start = i;
    if (blank && start >= 0) {
      out.push({
        text: chars.slice(start, i).join(''),
        box: { x1: baseX + start * perChar, y1: top, x2: baseX + i * perChar, y2: bottom },
      });
      start = -1;
    }
  }
  return out;
}

function boxNormalizer(width: number, height: number) {
  return (b: Box): Box | null => {
    const x1 = clamp01(Math.min(b.x1, b.x2) / width);
    const x2 = clamp01(Math.max(b.x1, b.x2) / width);
    const y1 = clamp01(Math.min(b.y1, b.y2) / height);
    const y2 = clamp01(Math.max(b.y1, b.y2) / height);
    if (x2 <= x1 || y2 <= y1) return null;
    return { x1, y1, x2, y2 };
  };
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

interface Segment {
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

/** Walks the operator list tracking the graphics state matrix to find rules and image placements. */
function scanOperators(
  fnArray: number[],
  argsArray: unknown[],
  toPage: Matrix,
  width: number,
  height: number,
): { rules: Rule[]; images: Box[] } {
  const rules: Rule[] = [];
  const images: Box[] = [];
  const stack: Matrix[] = [];
  let ctm: Matrix = toPage;
  let lineWidth = 1;
  const lineWidthStack: number[] = [];

  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] as unknown[];
    if (fn === OPS.save) {
      stack.push(ctm);
      lineWidthStack.push(lineWidth);
    } else if (fn === OPS.restore) {
      ctm = stack.pop() ?? toPage;
      lineWidth = lineWidthStack.pop() ?? 1;
    } else if (fn === OPS.transform) {
      ctm = Util.transform(ctm, args as number[]) as Matrix;
    } else if (fn === OPS.setLineWidth) {
      lineWidth = Number(args[0]) || 0;
    } else if (fn === OPS.constructPath) {
      const paintOp = args[0] as number;
      const data = (args[1] as unknown[])?.[0];
      if (!data || typeof (data as ArrayLike<number>).length !== 'number') continue;
      const stroked = paintOp === OPS.stroke || paintOp === OPS.closeStroke || paintOp === OPS.fillStroke ||
        paintOp === OPS.eoFillStroke || paintOp === OPS.closeFillStroke || paintOp === OPS.closeEOFillStroke;
      const filled = paintOp === OPS.fill || paintOp === OPS.eoFill || paintOp === OPS.fillStroke ||
        paintOp === OPS.eoFillStroke || paintOp === OPS.closeFillStroke || paintOp === OPS.closeEOFillStroke;
      if (!stroked && !filled) continue;
      const scale = Math.hypot(ctm[0], ctm[1]);
      for (const sub of subpaths(data as ArrayLike<number>)) {
        const pts = sub.map(([x, y]) => apply(ctm, x, y));
        if (filled) addFilledRule(pts, rules, width, height);
        if (stroked && lineWidth * scale <= MAX_RULE_THICKNESS_PT * 2) {
          for (let k = 1; k < pts.length; k++) {
            addSegment({ ax: pts[k - 1][0], ay: pts[k - 1][1], bx: pts[k][0], by: pts[k][1] }, rules, width, height);
          }
        }
      }
    } else if (
      fn === OPS.paintImageXObject ||
      fn === OPS.paintInlineImageXObject ||
      fn === OPS.paintImageMaskXObject ||
      fn === OPS.paintImageXObjectRepeat
    ) {
      const corners = [apply(ctm, 0, 0), apply(ctm, 1, 0), apply(ctm, 0, 1), apply(ctm, 1, 1)];
      const xs = corners.map((c) => c[0]);
      const ys = corners.map((c) => c[1]);
      const bw = Math.max(...xs) - Math.min(...xs);
      const bh = Math.max(...ys) - Math.min(...ys);
      if (bw < MIN_IMAGE_SIDE_PT && bh < MIN_IMAGE_SIDE_PT) continue;
      const box = boxNormalizer(width, height)({ x1: Math.min(...xs), y1: Math.min(...ys), x2: Math.max(...xs), y2: Math.max(...ys) });
      if (box) images.push(box);
    }
  }
  return { rules: dedupeRules(rules), images };
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** Splits pdfjs DrawOPS path data into polylines; curves keep only their end points (never rules anyway). */
function subpaths(data: ArrayLike<number>): Array<Array<[number, number]>> {
  const out: Array<Array<[number, number]>> = [];
  let cur: Array<[number, number]> = [];
  let i = 0;
  while (i < data.length) {
    const op = data[i++];
    if (op === DRAW_MOVE) {
      if (cur.length > 1) out.push(cur);
      cur = [[data[i], data[i + 1]]];
      i += 2;
    } else if (op === DRAW_LINE) {
      cur.push([data[i], data[i + 1]]);
      i += 2;
    } else if (op === DRAW_CURVE) {
      cur.push([data[i + 4], data[i + 5]]);
      i += 6;
    } else if (op === DRAW_QUAD) {
      cur.push([data[i + 2], data[i + 3]]);
      i += 4;
    } else if (op === DRAW_CLOSE) {
      if (cur.length > 0) cur.push(cur[0]);
    } else {
      break;
    }
  }
  if (cur.length > 1) out.push(cur);
  return out;
}

/** A thin filled rectangle (common way to draw borders) becomes one rule along its long side. */
function addFilledRule(pts: Array<[number, number]>, rules: Rule[], width: number, height: number): void {
  if (pts.length < 4) return;
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const x1 = Math.min(...xs);
  const x2 = Math.max(...xs);
  const y1 = Math.min(...ys);
  const y2 = Math.max(...ys);
  const w = x2 - x1;
  const h = y2 - y1;
  if (h <= MAX_RULE_THICKNESS_PT && w >= MIN_RULE_LENGTH_PT) {
    addSegment({ ax: x1, ay: (y1 + y2) / 2, bx: x2, by: (y1 + y2) / 2 }, rules, width, height);
  } else if (w <= MAX_RULE_THICKNESS_PT && h >= MIN_RULE_LENGTH_PT) {
    addSegment({ ax: (x1 + x2) / 2, ay: y1, bx: (x1 + x2) / 2, by: y2 }, rules, width, height);
  } else if (w >= MIN_RULE_LENGTH_PT && h >= MIN_RULE_LENGTH_PT) {
    // Filled cells of a table grid: their edges are the visible borders between shaded rows.
    const sides: Segment[] = [
      { ax: x1, ay: y1, bx: x2, by: y1 },
      { ax: x1, ay: y2, bx: x2, by: y2 },
    ];
    for (const s of sides) addSegment(s, rules, width, height);
  }
}

function addSegment(s: Segment, rules: Rule[], width: number, height: number): void {
  const dx = Math.abs(s.bx - s.ax);
  const dy = Math.abs(s.by - s.ay);
  if (dy <= 1 && dx >= MIN_RULE_LENGTH_PT) {
    const y = clamp01((s.ay + s.by) / 2 / height);
    rules.push({ x1: clamp01(Math.min(s.ax, s.bx) / width), y1: y, x2: clamp01(Math.max(s.ax, s.bx) / width), y2: y });
  } else if (dx <= 1 && dy >= MIN_RULE_LENGTH_PT) {
    const x = clamp01((s.ax + s.bx) / 2 / width);
    rules.push({ x1: x, y1: clamp01(Math.min(s.ay, s.by) / height), x2: x, y2: clamp01(Math.max(s.ay, s.by) / height) });
  }
}

function dedupeRules(rules: Rule[]): Rule[] {
  const seen = new Set<string>();
  const out: Rule[] = [];
  for (const r of rules) {
    const key = [r.x1, r.y1, r.x2, r.y2].map((v) => v.toFixed(4)).join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  return out;
}
