/** A page as the memory reads it: its lines, and its words indexed for finding a sender and a layout. */
import type { PageContent } from '../read/page-content.js';
import { groupWordsIntoLines, type Line } from '../layout/lines/lines.js';
import { withTaxClassesApart } from '../layout/rows/tax-classes.js';
import { isUnsureReading } from '../layout/values/reading-certainty.js';
import type { EngineSettings } from '../settings.js';
import { middle } from '../units.js';
import { compact, letterWord } from './near-text.js';

export interface MemoryPage {
  lines: Line[];
  /** Every line's text without spaces, upper case (ids are searched in it). */
  text: string;
  /** Letter words (lower case) → where they sit. */
  words: Map<string, Array<{ x: number; y: number }>>;
  /** Read by OCR (its words carry a recognizer's confidence): what a memory learned may be read with a slip (near-text.ts). */
  ocr: boolean;
  /** Where the recognizer doubted a word (reading-certainty.ts, isUnsureReading): what it printed there is not known. */
  doubted: Array<{ x: number; y: number }>;
}

export function memoryPage(content: PageContent, settings: EngineSettings): MemoryPage {
  // A till's tax class a scan joined to the amounts ("1.381") is read apart, as the general rules read it.
  const { words: read, aspect } = withTaxClassesApart(content, settings);
  const lines = groupWordsIntoLines(read, aspect, settings);
  const words = new Map<string, Array<{ x: number; y: number }>>();
  for (const l of lines) {
    for (const w of l.words) {
      const t = letterWord(w.text, settings);
      if (!t) continue;
      const at = { x: middle(w.box.x1, w.box.x2), y: middle(w.box.y1, w.box.y2) };
      const list = words.get(t);
      if (list) list.push(at);
      else words.set(t, [at]);
    }
  }
  const doubted = read.filter((w) => isUnsureReading([w], settings)).map((w) => ({ x: middle(w.box.x1, w.box.x2), y: middle(w.box.y1, w.box.y2) }));
  return { lines, text: compact(lines.map((l) => l.text).join(' ')), words, ocr: content.words.some((w) => w.confidence !== undefined), doubted };
}
