import type { EngineSettings } from '../settings.js';
import { half, toRadians } from '../units.js';
import type { OcrWord } from './tesseract-pool.js';

/** Words of two readings cover the same ink when their boxes overlap, vertically by `overlap` of the smaller height. */
function sameInk(p: OcrWord, q: OcrWord, overlap: number): boolean {
  const ox = Math.min(p.x1, q.x1) - Math.max(p.x0, q.x0);
  const oy = Math.min(p.y1, q.y1) - Math.max(p.y0, q.y0);
  return ox > 0 && oy > overlap * Math.min(p.y1 - p.y0, q.y1 - q.y0);
}

/** How two readings are merged where they differ (mergeReadings). */
export interface MergeRules {
  /** Of two groups of words over the same ink, the one kept (default: `likelier`). */
  choose?: (a: OcrWord[], b: OcrWord[]) => OcrWord[];
  /** Whether a word only `a` saw is kept (default: read at settings.read.merge.loneWordConfidence or more). */
  keepsAlone?: (w: OcrWord) => boolean;
}

/**
 * Merges two readings of one page (boxes in the same pixel frame) word by
 * word: words covering the same ink form a group (one reading may split what
 * the other reads as one word: "3 9.75" / "39.75"), and each group comes from
 * the reading without a digit lookalike there, else from the one with the
 * higher mean confidence, `a` on a tie. Words only one reading saw are kept
 * when confident (settings.read.merge.loneWordConfidence), so a run of cells one reading dropped is filled from the
 * other. The result keeps `a`'s reading order.
 */
export function mergeReadings(a: OcrWord[], b: OcrWord[], settings: EngineSettings, rules: MergeRules = {}): OcrWord[] {
  const { sameInkOverlap, loneWordConfidence } = settings.read.merge;
  const { choose = likelier, keepsAlone = (w: OcrWord) => w.confidence >= loneWordConfidence } = rules;
  const all = [...a, ...b];
  const parent = all.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i])));
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) if (sameInk(a[i], b[j], sameInkOverlap)) parent[root(i)] = root(a.length + j);
  }
  const groups = new Map<number, { a: OcrWord[]; b: OcrWord[] }>();
  all.forEach((w, i) => {
    const g = groups.get(root(i)) ?? { a: [], b: [] };
    (i < a.length ? g.a : g.b).push(w);
    groups.set(root(i), g);
  });
  const chosen = (id: number): OcrWord[] => {
    const g = groups.get(id)!;
    if (g.b.length === 0) return g.a.filter(keepsAlone);
    if (g.a.length === 0) return g.b.filter((w) => w.confidence >= loneWordConfidence);
    return choose(g.a, g.b);
  };
  // Reading order matters downstream, so words come in `a`'s order; a group only `b` saw follows the group of
  // the word `b` read just before it.
  const after = new Map<number, number[]>();
  for (let j = 0; j < b.length; j++) {
    const id = root(a.length + j);
    if (groups.get(id)!.a.length > 0 || (j > 0 && root(a.length + j - 1) === id)) continue;
    const anchor = j > 0 ? root(a.length + j - 1) : -1;
    after.set(anchor, [...(after.get(anchor) ?? []), id]);
  }
  const out: OcrWord[] = [];
  const done = new Set<number>();
  const emit = (id: number) => {
    if (done.has(id)) return;
    done.add(id);
    if (id >= 0) out.push(...chosen(id));
    for (const next of after.get(id) ?? []) emit(next);
  };
  emit(-1);
  for (let i = 0; i < a.length; i++) emit(root(i));
  return out;
}

/**
 * A page's block reading (tesseract's segmentation 6, one uniform block of text lines) merged with its reading by
 * columns (segmentation 3, ocr-page.ts withColumnsRead) word by word as mergeReadings does, except that a bare number
 * only the block reading saw is kept however unsurely it was read (normalizeOcrWords then filters it as it filters a
 * lone digit of any reading): the page analysis drops the lone digits of a narrow number column (a packing list's
 * quantities), which tesseract reads unsurely yet mostly right, and the bar for a word one reading alone saw had
 * dropped them too. Other words only the block reading saw keep that bar: where the block reading failed (a wide
 * table read as noise at confidence 0-30), its letters are noise the columns reading read right beside them.
 */
export function mergeColumnsReading(block: OcrWord[], byColumns: OcrWord[], settings: EngineSettings): OcrWord[] {
  return mergeReadings(block, byColumns, settings, { keepsAlone: (w) => BARE_NUMBER.test(w.text) || w.confidence >= settings.read.merge.loneWordConfidence });
}

const BARE_NUMBER = /^\d+$/;

/** The group without a digit lookalike, else the one read with higher mean confidence, `a` on a tie. */
function likelier(a: OcrWord[], b: OcrWord[]): OcrWord[] {
  const [pa, pb] = [plausible(a), plausible(b)];
  if (pa !== pb) return pa ? a : b;
  return mean(b) > mean(a) ? b : a;
}

/**
 * Merges a page's reading with its language's model (`native`) and the
 * English model's reading of the same raster: words come from the native
 * reading; a figure the English model read (digits, no letters) replaces the
 * native words over it when those hold letters ("Lai" for 1.21), or other
 * digits and the English reading is surer. Same digits keep the native
 * punctuation: the English model turns decimal commas into points
 * ("5.073.90"), the language models know them.
 */
export function mergeLanguageReadings(native: OcrWord[], english: OcrWord[], settings: EngineSettings): OcrWord[] {
  const digits = (ws: OcrWord[]) => ws.map((w) => w.text.replace(/\D/g, '')).join('');
  return mergeReadings(native, english, settings, {
    choose: (a, b) => {
      if (b.some((w) => /\p{L}/u.test(w.text)) || !/\d/.test(digits(b))) return a;
      if (a.some((w) => /\p{L}/u.test(w.text))) return b;
      return digits(a) !== digits(b) && mean(b) > mean(a) ? b : a;
    },
  });
}

/**
 * A letter the recognizer confuses with the digit 1 (l, I, |) right next to a
 * digit: "Al84-45" for "A184-45", read at confidence 88 where the right
 * reading had 84. Such a group loses to a reading without one, whatever the
 * confidences.
 */
const DIGIT_LOOKALIKE = /\d[lI|]|[lI|]\d/;

function plausible(words: OcrWord[]): boolean {
  return !words.some((w) => DIGIT_LOOKALIKE.test(w.text));
}

function mean(words: OcrWord[]): number {
  return words.reduce((n, w) => n + w.confidence, 0) / words.length;
}

/** Pixel size of a raster a reading's boxes refer to. */
export interface Frame {
  width: number;
  height: number;
}

/**
 * Word boxes of a reading of another raster of the same page, in the frame of
 * `to`: scaled, and turned clockwise by `degrees` about the centres when that
 * raster was straightened by a slightly different angle (the box of a word
 * turned by a fraction of a degree is the box around its turned corners).
 */
export function mapWords(words: OcrWord[], from: Frame, to: Frame, degrees = 0): OcrWord[] {
  const [sx, sy] = [to.width / from.width, to.height / from.height];
  const a = toRadians(degrees);
  const [cos, sin] = [Math.cos(a), Math.sin(a)];
  const map = (x: number, y: number): [number, number] => {
    const dx = (x - half(from.width)) * sx;
    const dy = (y - half(from.height)) * sy;
    return [dx * cos - dy * sin + half(to.width), dx * sin + dy * cos + half(to.height)];
  };
  return words.map((w) => {
    const corners = [map(w.x0, w.y0), map(w.x1, w.y0), map(w.x0, w.y1), map(w.x1, w.y1)];
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    return { ...w, x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
  });
}
