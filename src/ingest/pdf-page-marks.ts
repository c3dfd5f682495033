/**
 * A page's ruling lines and image placements from PDFium's page objects:
 * stroked segments and thin filled rectangles become rules; images larger
 * than a bullet become boxes. Form XObjects are walked with their matrices.
 */
import type { WrappedPdfiumModule } from '@embedpdf/pdfium';
import type { Box, Rule } from '../extract/types.js';
import { HeapViews } from './pdf-heap-views.js';
import { clamp01, type PageFrame, toFrame } from './pdf-page-frame.js';

/** PDFium's page-object calls, straight from the wasm exports. */
interface ObjectExports {
  FPDFPage_CountObjects(page: number): number;
  FPDFPage_GetObject(page: number, i: number): number;
  FPDFFormObj_CountObjects(form: number): number;
  FPDFFormObj_GetObject(form: number, i: number): number;
  FPDFPageObj_GetType(obj: number): number;
  FPDFPageObj_GetMatrix(obj: number, matrix: number): number;
  FPDFPageObj_GetStrokeWidth(obj: number, width: number): number;
  FPDFPath_GetDrawMode(path: number, fillMode: number, stroke: number): number;
  FPDFPath_CountSegments(path: number): number;
  FPDFPath_GetPathSegment(path: number, i: number): number;
  FPDFPathSegment_GetPoint(segment: number, x: number, y: number): number;
  FPDFPathSegment_GetType(segment: number): number;
  FPDFPathSegment_GetClose(segment: number): number;
  malloc(bytes: number): number;
  free(pointer: number): void;
}

const OBJ_PATH = 2;
const OBJ_IMAGE = 3;
const OBJ_FORM = 5;
const SEGMENT_BEZIER = 1;
const SEGMENT_MOVE = 2;

/** A stroke or filled rectangle thinner than this (points) is a ruling line, not a shaded area. */
const MAX_RULE_THICKNESS_PT = 3;
/** Shorter segments are glyph parts, underlines of single letters or tick marks. */
const MIN_RULE_LENGTH_PT = 6;
/** Images smaller than this (points) on both sides are bullets or spacers. */
const MIN_IMAGE_SIDE_PT = 12;
/** Forms nested deeper than this are not walked (a form drawing itself is refused by PDFium's parser; this bounds the rest). */
const MAX_FORM_DEPTH = 12;

type Matrix = [number, number, number, number, number, number];
/** Where the page-object calls write their out-parameters: a FS_MATRIX (6 floats), or two floats or ints. */
interface MarkScratch {
  at: number;
  views: HeapViews<{ floats: Float32Array; ints: Int32Array }>;
}
type Point = [number, number];

export interface PageMarks {
  rules: Rule[];
  images: Box[];
}

export function readMarks(m: WrappedPdfiumModule, page: number, frame: PageFrame): PageMarks {
  const ex = m.pdfium.wasmExports as unknown as ObjectExports;
  const at = ex.malloc(40);
  const scratch: MarkScratch = { at, views: new HeapViews(m, (heap) => ({ floats: new Float32Array(heap, at, 6), ints: new Int32Array(heap, at, 2) })) };
  const marks: PageMarks = { rules: [], images: [] };
  try {
    const walk = (count: number, objectAt: (i: number) => number, parent: Matrix, depth: number) => {
      for (let i = 0; i < count; i++) {
        const obj = objectAt(i);
        const type = ex.FPDFPageObj_GetType(obj);
        if (type !== OBJ_PATH && type !== OBJ_IMAGE && type !== OBJ_FORM) continue;
        if (!ex.FPDFPageObj_GetMatrix(obj, at)) continue;
        const f = scratch.views.get().floats;
        const matrix = multiply([f[0], f[1], f[2], f[3], f[4], f[5]], parent);
        if (type === OBJ_FORM) {
          if (depth < MAX_FORM_DEPTH) walk(ex.FPDFFormObj_CountObjects(obj), (k) => ex.FPDFFormObj_GetObject(obj, k), matrix, depth + 1);
        } else if (type === OBJ_IMAGE) addImage(matrix, frame, marks.images);
        else addPath(ex, obj, matrix, frame, scratch, marks.rules);
      }
    };
    walk(ex.FPDFPage_CountObjects(page), (i) => ex.FPDFPage_GetObject(page, i), [1, 0, 0, 1, 0, 0], 0);
  } finally {
    ex.free(at);
  }
  return { rules: dedupeRules(marks.rules), images: marks.images };
}

/** `m` then `n` (row vectors, as PDF writes them): a point goes through m first. */
function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

function apply(m: Matrix, x: number, y: number): Point {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** An image paints the unit square of its matrix. */
function addImage(matrix: Matrix, frame: PageFrame, images: Box[]): void {
  const corners = [apply(matrix, 0, 0), apply(matrix, 1, 0), apply(matrix, 0, 1), apply(matrix, 1, 1)].map(([x, y]) => toFrame(frame, x, y, 1));
  const { x1, y1, x2, y2 } = bounds(corners);
  if (x2 - x1 < MIN_IMAGE_SIDE_PT && y2 - y1 < MIN_IMAGE_SIDE_PT) return;
  const box = { x1: clamp01(x1 / frame.width), y1: clamp01(y1 / frame.height), x2: clamp01(x2 / frame.width), y2: clamp01(y2 / frame.height) };
  if (box.x2 > box.x1 && box.y2 > box.y1) images.push(box);
}

function addPath(ex: ObjectExports, path: number, matrix: Matrix, frame: PageFrame, scratch: MarkScratch, rules: Rule[]): void {
  const { at } = scratch;
  if (!ex.FPDFPath_GetDrawMode(path, at, at + 4)) return;
  const { ints } = scratch.views.get();
  const stroke = ints[1];
  const filled = ints[0] !== 0;
  if (!filled && !stroke) return;
  const toPage = (x: number, y: number): Point => {
    const [px, py] = apply(matrix, x, y);
    return toFrame(frame, px, py, 1);
  };
  let thin = false;
  if (stroke && ex.FPDFPageObj_GetStrokeWidth(path, at)) {
    const width = scratch.views.get().floats[0];
    const [sx, sy] = toFrame(frame, matrix[0], matrix[1], 0);
    thin = width * Math.hypot(sx, sy) <= MAX_RULE_THICKNESS_PT * 2;
  }
  for (const sub of subpaths(ex, path, scratch, toPage)) {
    if (filled) addFilledRule(sub, rules, frame);
    if (thin) for (let k = 1; k < sub.length; k++) addSegment(sub[k - 1], sub[k], rules, frame);
  }
}

/** The path as polylines on the frame; a curve keeps only its end point (curves are never rules). */
function subpaths(ex: ObjectExports, path: number, { at, views }: MarkScratch, toPage: (x: number, y: number) => Point): Point[][] {
  const out: Point[][] = [];
  let current: Point[] = [];
  let bezier = 0;
  const count = ex.FPDFPath_CountSegments(path);
  for (let i = 0; i < count; i++) {
    const segment = ex.FPDFPath_GetPathSegment(path, i);
    if (!segment || !ex.FPDFPathSegment_GetPoint(segment, at, at + 4)) continue;
    const { floats } = views.get();
    const x = floats[0];
    const y = floats[1];
    const type = ex.FPDFPathSegment_GetType(segment);
    if (type === SEGMENT_MOVE) {
      if (current.length > 1) out.push(current);
      current = [toPage(x, y)];
      bezier = 0;
    } else if (type === SEGMENT_BEZIER) {
      // Three points a curve: two controls, then its end.
      if (++bezier % 3 === 0) current.push(toPage(x, y));
    } else {
      current.push(toPage(x, y));
      bezier = 0;
    }
    if (ex.FPDFPathSegment_GetClose(segment) && current.length > 0) current.push(current[0]);
  }
  if (current.length > 1) out.push(current);
  return out;
}

/** A thin filled rectangle (a common way to draw borders) becomes one rule along its long side. */
function addFilledRule(pts: Point[], rules: Rule[], frame: PageFrame): void {
  if (pts.length < 4) return;
  const { x1, y1, x2, y2 } = bounds(pts);
  const w = x2 - x1;
  const h = y2 - y1;
  if (h <= MAX_RULE_THICKNESS_PT && w >= MIN_RULE_LENGTH_PT) {
    addSegment([x1, (y1 + y2) / 2], [x2, (y1 + y2) / 2], rules, frame);
  } else if (w <= MAX_RULE_THICKNESS_PT && h >= MIN_RULE_LENGTH_PT) {
    addSegment([(x1 + x2) / 2, y1], [(x1 + x2) / 2, y2], rules, frame);
  } else if (w >= MIN_RULE_LENGTH_PT && h >= MIN_RULE_LENGTH_PT) {
    // Filled cells of a table grid: their edges are the visible borders between shaded rows.
    addSegment([x1, y1], [x2, y1], rules, frame);
    addSegment([x1, y2], [x2, y2], rules, frame);
  }
}

function addSegment([ax, ay]: Point, [bx, by]: Point, rules: Rule[], frame: PageFrame): void {
  const dx = Math.abs(bx - ax);
  const dy = Math.abs(by - ay);
  if (dy <= 1 && dx >= MIN_RULE_LENGTH_PT) {
    const y = clamp01((ay + by) / 2 / frame.height);
    rules.push({ x1: clamp01(Math.min(ax, bx) / frame.width), y1: y, x2: clamp01(Math.max(ax, bx) / frame.width), y2: y });
  } else if (dx <= 1 && dy >= MIN_RULE_LENGTH_PT) {
    const x = clamp01((ax + bx) / 2 / frame.width);
    rules.push({ x1: x, y1: clamp01(Math.min(ay, by) / frame.height), x2: x, y2: clamp01(Math.max(ay, by) / frame.height) });
  }
}

/** The smallest upright box holding `points` (frame points, not normalized). */
function bounds(points: Point[]): Box {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return { x1: Math.min(...xs), y1: Math.min(...ys), x2: Math.max(...xs), y2: Math.max(...ys) };
}

function dedupeRules(rules: Rule[]): Rule[] {
  const seen = new Set<string>();
  const out: Rule[] = [];
  for (const r of rules) {
    const key = `${r.x1.toFixed(4)},${r.y1.toFixed(4)},${r.x2.toFixed(4)},${r.y2.toFixed(4)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  return out;
}
