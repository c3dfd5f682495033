/**
 * A page's words from PDFium's text API: each character's code, origin,
 * advance box and size, grouped into words by the page's own spacing.
 */
import type { WrappedPdfiumModule } from '@embedpdf/pdfium';
import type { Box, Word } from '../extract/types.js';
import { HeapViews } from './pdf-heap-views.js';
import { clamp01, frameX, frameY, type PageFrame } from './pdf-page-frame.js';

/** PDFium's text page calls, straight from the wasm exports (the cwrap'd ones cost a microsecond each, per character). */
interface TextExports {
  FPDFText_LoadPage(page: number): number;
  FPDFText_ClosePage(text: number): void;
  FPDFText_CountChars(text: number): number;
  FPDFText_GetUnicode(text: number, i: number): number;
  FPDFText_IsGenerated(text: number, i: number): number;
  FPDFText_GetCharOrigin(text: number, i: number, x: number, y: number): number;
  FPDFText_GetLooseCharBox(text: number, i: number, rect: number): number;
  FPDFText_GetMatrix(text: number, i: number, matrix: number): number;
  FPDFText_GetFontSize(text: number, i: number): number;
  malloc(bytes: number): number;
  free(pointer: number): void;
}

/**
 * A gap between two glyphs wider than this share of the font size is a space
 * the writer left out (pdfjs's `trackingSpaceMin`, the text layer the engine
 * was tuned on, uses the same 0.102).
 */
const SPACE_GAP_EM = 0.102;
/** Glyphs whose baselines differ by more than this share of the font size are on different lines. */
const BASELINE_SHIFT_EM = 0.3;
/** Where the word box's top and bottom sit around the baseline, in font sizes (as pdfjs placed them). */
const ASCENT_EM = 0.8;
const DESCENT_EM = 0.2;
/** PDFium's mark for a hyphen that ends a line, and the soft hyphen, print as a hyphen. */
const HYPHENS = new Set([0x02, 0xad]);

interface Glyph {
  text: string;
  /** Origin and advance end on the device frame (points, y down), and the font size there. */
  x: number;
  end: number;
  baseline: number;
  size: number;
}

/** The page's horizontal words, boxes normalized to the page frame (0..1, top-left origin). */
export function readWords(m: WrappedPdfiumModule, page: number, frame: PageFrame): Word[] {
  const ex = m.pdfium.wasmExports as unknown as TextExports;
  const text = ex.FPDFText_LoadPage(page);
  if (!text) return [];
  const at = ex.malloc(64);
  const scratch: GlyphScratch = {
    at,
    views: new HeapViews(m, (heap) => ({ origin: new Float64Array(heap, at, 2), matrix: new Float32Array(heap, at + 16, 4), box: new Float32Array(heap, at + 40, 4) })),
  };
  const words: Word[] = [];
  try {
    let word: Glyph | null = null;
    const flush = () => {
      if (word) {
        const box = normalizedBox(word, frame);
        if (box) words.push({ text: word.text, box });
      }
      word = null;
    };
    const count = ex.FPDFText_CountChars(text);
    for (let i = 0; i < count; i++) {
      const code = ex.FPDFText_GetUnicode(text, i);
      // Spaces PDFium inferred, line breaks and real blanks all end a word; gaps are judged below on geometry.
      if (ex.FPDFText_IsGenerated(text, i) || (isBlank(code) && !HYPHENS.has(code))) {
        flush();
        continue;
      }
      const glyph = readGlyph(ex, text, i, code, scratch, frame);
      if (!glyph) {
        flush();
        continue;
      }
      if (word && continues(word, glyph)) {
        word.text += glyph.text;
        word.end = Math.max(word.end, glyph.end);
      } else {
        flush();
        word = glyph;
      }
    }
    flush();
  } finally {
    ex.free(at);
    ex.FPDFText_ClosePage(text);
  }
  return words;
}

function isBlank(code: number): boolean {
  return code <= 0x20 || code === 0xa0 || code === 0xfeff || (code >= 0x2000 && code <= 0x200b) || code === 0x3000;
}

/** Where a glyph's out-parameters are written: two doubles (origin), then a FS_MATRIX and a FS_RECTF (floats). */
interface GlyphScratch {
  at: number;
  views: HeapViews<{ origin: Float64Array; matrix: Float32Array; box: Float32Array }>;
}

/** One character on the device frame, or null when it is not upright text (rotated runs make no table cells). */
function readGlyph(ex: TextExports, text: number, i: number, code: number, scratch: GlyphScratch, frame: PageFrame): Glyph | null {
  const { at } = scratch;
  if (!ex.FPDFText_GetMatrix(text, i, at + 16) || !ex.FPDFText_GetCharOrigin(text, i, at, at + 8) || !ex.FPDFText_GetLooseCharBox(text, i, at + 40)) return null;
  const { origin, matrix, box } = scratch.views.get();
  // The glyph's x axis on the device frame: upright text runs along +x only.
  const ux = frameX(frame, matrix[0], matrix[1], 0);
  const uy = frameY(frame, matrix[0], matrix[1], 0);
  if (Math.abs(uy) > 0.01 * Math.abs(ux) || ux <= 0) return null;
  const size = ex.FPDFText_GetFontSize(text, i) * Math.hypot(frameX(frame, matrix[2], matrix[3], 0), frameY(frame, matrix[2], matrix[3], 0));
  if (!(size > 0)) return null;
  const x = frameX(frame, origin[0], origin[1], 1);
  const baseline = frameY(frame, origin[0], origin[1], 1);
  // The frame turns by quarter turns only, so two opposite corners of the advance box give its extent across.
  const x1 = frameX(frame, box[0], box[1], 1);
  const x2 = frameX(frame, box[2], box[3], 1);
  return { text: glyphText(code), x: Math.min(x, x1, x2), end: Math.max(x1, x2), baseline, size };
}

/** Ligatures and other compatibility forms read as their letters (pdfjs normalizes them too). */
function glyphText(code: number): string {
  if (HYPHENS.has(code)) return '-';
  const s = String.fromCodePoint(code);
  return code >= 0xfb00 && code <= 0xfb4f ? s.normalize('NFKC') : s;
}

/** The next glyph on the same baseline, starting where the word ends, no wider gap than a left-out space. */
function continues(word: Glyph, glyph: Glyph): boolean {
  const size = Math.max(word.size, glyph.size);
  if (Math.abs(glyph.baseline - word.baseline) > BASELINE_SHIFT_EM * size) return false;
  const gap = glyph.x - word.end;
  return gap <= SPACE_GAP_EM * size && gap > -size;
}

function normalizedBox(word: Glyph, frame: PageFrame): Box | null {
  const box = {
    x1: clamp01(word.x / frame.width),
    x2: clamp01(word.end / frame.width),
    y1: clamp01((word.baseline - word.size * ASCENT_EM) / frame.height),
    y2: clamp01((word.baseline + word.size * DESCENT_EM) / frame.height),
  };
  return box.x2 > box.x1 && box.y2 > box.y1 ? box : null;
}
