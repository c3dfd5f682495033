import type { Word } from '../../types.js';
import { half } from '../../units.js';

/** The words' text as printed, one space apart. */
export const textOf = (ws: Word[]): string => ws.map((w) => w.text).join(' ');

/**
 * A block's words as the page breaks them (an address over three lines): one space apart on a line, a line break
 * where a word stands below the one before it (its middle under that word's foot). Words in reading order.
 */
export const blockTextOf = (ws: Word[]): string =>
  ws.map((w, i) => (i === 0 ? '' : half(w.box.y1 + w.box.y2) > ws[i - 1].box.y2 ? '\n' : ' ') + w.text).join('');

/** A label's text without the colon that ends it ("Total:" → "Total"). */
export const stripColon = (t: string): string => t.replace(/\s*[:：]\s*$/, '').trim();
