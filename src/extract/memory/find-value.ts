/** A value a person set, found among the page's words: the run of words that prints it, over one line or several. */
import type { Box, Word } from '../types.js';
import { unionBoxes } from '../layout/lines/geometry.js';
import type { Line, Segment } from '../layout/lines/lines.js';
import type { EngineSettings } from '../settings.js';
import { compact } from './sender.js';

export interface ValueHit {
  /** Index of its first line. */
  line: number;
  /** Lines from its first to its last, and those of them that print its words (a line of another column may lie between). */
  lines: number;
  printed: number;
  words: Word[];
  box: Box;
}

export const segmentOf = (line: Line, w: Word): Segment => line.segments.find((s) => s.words.includes(w)) ?? line.segments[0];

/** The runs of words printing `value` (spaces and case aside), each from its first word on. */
export function findValue(lines: Line[], value: string, settings: EngineSettings): ValueHit[] {
  const { wrapAlign, wrapLinesBelow } = settings.memory;
  const target = compact(value);
  if (!target) return [];
  const hits: ValueHit[] = [];
  lines.forEach((line, li) => {
    line.words.forEach((w0) => {
      const words: Word[] = [];
      let acc = '';
      let l = li;
      let printed = 1;
      let seg = segmentOf(line, w0);
      let k = seg.words.indexOf(w0);
      while (true) {
        const next = compact(seg.words[k].text);
        if (!target.startsWith(acc + next)) return;
        acc += next;
        words.push(seg.words[k]);
        if (acc === target) break;
        if (k + 1 < seg.words.length) {
          k++;
          continue;
        }
        // The segment ends before the value: it may go on under its first word (an address over two lines).
        const below = lines.slice(l + 1, l + 1 + wrapLinesBelow).find((n) => n.segments.some((s) => Math.abs(s.box.x1 - words[0].box.x1) <= wrapAlign));
        if (!below) return;
        l = lines.indexOf(below);
        printed++;
        seg = below.segments.find((s) => Math.abs(s.box.x1 - words[0].box.x1) <= wrapAlign)!;
        k = 0;
      }
      hits.push({ line: li, lines: l - li + 1, printed, words, box: unionBoxes(words.map((w) => w.box)) });
    });
  });
  return hits;
}
