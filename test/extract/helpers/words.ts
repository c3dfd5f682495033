import type { Word } from '../../../src/extract/types.js';

/** A line to typeset: its y position and its [x, text] cells. */
export type TypesetLine = [number, Array<[number, string]>];

/**
 * Lays out words like a typewriter on a page 1000 units wide and 1000 high
 * (aspect 1): each line is a y position and a list of [x, text] cells; words
 * inside a cell are spaced one character apart, characters are 6 units wide
 * and 10 high.
 */
export function typeset(lines: TypesetLine[]): Word[] {
  const words: Word[] = [];
  for (const [y, cells] of lines) {
    for (const [x, text] of cells) {
      let cx = x;
      for (const t of text.split(' ')) {
        words.push({ text: t, box: { x1: cx / 1000, y1: y / 1000, x2: (cx + t.length * 6) / 1000, y2: (y + 10) / 1000 } });
        cx += (t.length + 1) * 6;
      }
    }
  }
  return words;
}
