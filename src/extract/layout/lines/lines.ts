import { DEFAULT_SETTINGS, type EngineSettings } from '../../settings.js';
import type { Box, Word } from '../../types.js';
import { middle } from '../../units.js';
import { median, unionBoxes } from './geometry.js';

/** Consecutive words of a line separated by ordinary word spacing: one cell candidate. */
export interface Segment {
  words: Word[];
  text: string;
  box: Box;
}

export interface Line {
  words: Word[];
  segments: Segment[];
  box: Box;
  text: string;
  /** Typical word height on this line (font size proxy), normalized to page height. */
  height: number;
  /** Page width / height, to regroup the line's words (`cropLine`). */
  aspect: number;
}

/** Leader dots and typed rules ("......", "-----") are layout, not content. */
function dropLeaders(words: Word[]): Word[] {
  const out: Word[] = [];
  for (const w of words) {
    if (/^[.·…_\-=–—]{3,}$/.test(w.text)) continue;
    const text = w.text.replace(/[.·…]{3,}$/, '').replace(/^[.·…]{3,}/, '');
    if (text.trim() === '') continue;
    out.push(text === w.text ? w : { text, box: w.box });
  }
  return out;
}

/**
 * Groups words into text lines (by vertical overlap) and each line into
 * segments (by horizontal gaps; settings.lines). `aspect` is page width / height, needed to
 * compare horizontal gaps with line heights in normalized coordinates.
 */
export function groupWordsIntoLines(words: Word[], aspect: number, settings: EngineSettings = DEFAULT_SETTINGS): Line[] {
  const { openLines, sameLineOverlap, duplicateOffset, wordGapEm } = settings.lines;
  const sorted = dropLeaders(words).sort((a, b) => cy(a.box) - cy(b.box) || a.box.x1 - b.box.x1);
  const open: Array<{ words: Word[]; y1: number; y2: number; h: number }> = [];
  for (const w of sorted) {
    const h = w.box.y2 - w.box.y1;
    let best: (typeof open)[number] | null = null;
    let bestOverlap = 0;
    // Only recent lines can still receive words: words are sorted by centre.
    for (let i = open.length - 1; i >= 0 && i >= open.length - openLines; i--) {
      const l = open[i];
      const overlap = Math.min(l.y2, w.box.y2) - Math.max(l.y1, w.box.y1);
      const ratio = overlap / Math.min(h, l.h);
      if (ratio > sameLineOverlap && ratio > bestOverlap && !collides(l.words, w, duplicateOffset)) {
        best = l;
        bestOverlap = ratio;
      }
    }
    if (best) {
      best.words.push(w);
      // Keep the line's band near its first words so a tall word doesn't swallow the next line.
      best.y1 = (best.y1 * (best.words.length - 1) + w.box.y1) / best.words.length;
      best.y2 = (best.y2 * (best.words.length - 1) + w.box.y2) / best.words.length;
    } else {
      open.push({ words: [w], y1: w.box.y1, y2: w.box.y2, h });
    }
  }
  const spacing = median(open.flatMap((l) => wordGaps(l.words, aspect, settings).gaps.filter((g) => g < wordGapEm)));
  return open.map((l) => buildLine(l.words, aspect, settings, spacing)).sort((a, b) => a.box.y1 - b.box.y1);
}

/** A line's words left to right, its height (font size proxy), and the gaps between its words in that height. */
function wordGaps(words: Word[], aspect: number, settings: EngineSettings): { ws: Word[]; height: number; gaps: number[] } {
  const ws = [...words].sort((a, b) => a.box.x1 - b.box.x1);
  const heights = ws.map((w) => w.box.y2 - w.box.y1);
  // OCR boxes hug the glyphs (x-height words are short); the tallest words show the font size.
  const height = Math.max(median(heights), settings.lines.tallWordShare * Math.max(...heights));
  return { ws, height, gaps: ws.slice(1).map((w, i) => ((w.box.x1 - ws[i].box.x2) * aspect) / height) };
}

function cy(b: Box): number {
  return middle(b.y1, b.y2);
}

/** Two words at the same place are duplicates (fake bold, shadows); keep the line clean of overlaps. */
function collides(words: Word[], w: Word, offset: number): boolean {
  return words.some((o) => o.text === w.text && Math.abs(o.box.x1 - w.box.x1) < offset && Math.abs(o.box.y1 - w.box.y1) < offset);
}

/**
 * One line's words cut into segments. `pageSpacing` is the page's median word
 * gap: a line of one or two spaces ("Fonseca Lda.") is spaced like its page
 * (a wide font, glyph-tight OCR boxes), too few gaps to tell on its own.
 */
export function buildLine(words: Word[], aspect: number, settings: EngineSettings, pageSpacing = 0): Line {
  const { wordGapEm, cellGapEm, minOwnSpaces, maxGapsForPageSpacing, cellGapSpacings } = settings.lines;
  const { ws, height, gaps } = wordGaps(words, aspect, settings);
  // Justified text stretches every space on a line alike; a cell boundary stands out against the line's own spacing.
  const spaces = gaps.filter((g) => g < wordGapEm);
  // A line of four words or fewer has too few gaps to tell its own spacing; a longer one without three word
  // spaces is a row of cells (a scanned statement's heads in a wide font: "Belastung" and "Gutschrift" 1.8 line
  // heights apart on a page spaced at 1.3), kept at the fixed cell gap.
  const own = spaces.length >= minOwnSpaces ? ownSpacing(spaces, settings) : gaps.length <= maxGapsForPageSpacing ? pageSpacing : 0;
  const threshold = Math.max(cellGapEm, own * cellGapSpacings);
  const segments: Segment[] = [];
  let current: Word[] = [];
  for (const w of ws) {
    const prev = current[current.length - 1];
    if (prev && ((w.box.x1 - prev.box.x2) * aspect) / height > threshold) {
      segments.push(makeSegment(current));
      current = [];
    }
    current.push(w);
  }
  if (current.length) segments.push(makeSegment(current));
  return { words: ws, segments, box: unionBoxes(ws.map((w) => w.box)), text: segments.map((s) => s.text).join('  '), height, aspect };
}

/**
 * A line's own word spacing: the median of its spaces, unless they fall in two groups set clearly apart, word spaces
 * under cellGapEm and narrow cell gaps wider than apartSpacings times the widest of them. Then the word spaces alone:
 * a statement's row "01.03.2024 01.03.2024 Gutschrift Rückerstattung" has two cell gaps of 1.4 line heights and one
 * word space of 0.3, and their median, a cell gap, hid both gaps.
 */
function ownSpacing(spaces: number[], settings: EngineSettings): number {
  const { cellGapEm, apartSpacings } = settings.lines;
  const words = spaces.filter((g) => g < cellGapEm);
  const cells = spaces.filter((g) => g >= cellGapEm);
  const apart = words.length > 0 && cells.length > 0 && Math.min(...cells) > Math.max(...words) * apartSpacings;
  return median(apart ? words : spaces);
}

export function makeSegment(words: Word[]): Segment {
  return { words, text: words.map((w) => w.text).join(' '), box: unionBoxes(words.map((w) => w.box)) };
}

/**
 * The part of a line whose words' centres lie in [x1, x2): a line of one of
 * several tables set side by side, regrouped on its own (a taller word of the
 * neighbour no longer sets its font size and cell gaps). Null when empty.
 */
export function cropLine(line: Line, x1: number, x2: number, settings: EngineSettings): Line | null {
  const words = line.words.filter((w) => middle(w.box.x1, w.box.x2) >= x1 && middle(w.box.x1, w.box.x2) < x2);
  return words.length ? buildLine(words, line.aspect, settings) : null;
}
