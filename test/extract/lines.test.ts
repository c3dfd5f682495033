import { describe, expect, it } from 'vitest';
import { groupWordsIntoLines } from '../../src/extract/layout/lines.js';
import { typeset } from './helpers/words.js';

describe('word grouping', () => {
  it('groups words into lines top to bottom and lines into cells at wide gaps', () => {
    const words = typeset([
      [100, [[50, 'Invoice No: 123'], [600, 'Date: 2024-01-05']]],
      [130, [[50, 'Widget blue'], [400, '2'], [500, '10.00']]],
    ]).reverse();
    const lines = groupWordsIntoLines(words, 1);
    expect(lines.map((l) => l.segments.map((s) => s.text))).toEqual([
      ['Invoice No: 123', 'Date: 2024-01-05'],
      ['Widget blue', '2', '10.00'],
    ]);
  });

  it('keeps words of one line together despite small baseline jitter and drops leader dots', () => {
    const words = typeset([[200, [[50, 'Total ........'], [400, '99.00']]]]);
    words[words.length - 1].box.y1 += 0.002;
    words[words.length - 1].box.y2 += 0.002;
    const lines = groupWordsIntoLines(words, 1);
    expect(lines).toHaveLength(1);
    expect(lines[0].segments.map((s) => s.text)).toEqual(['Total', '99.00']);
  });

  it('does not split justified text whose spaces are all stretched alike', () => {
    const words = typeset([[100, [[50, 'a']]]]);
    words.length = 0;
    let x = 50;
    for (const t of ['stretched', 'words', 'in', 'a', 'justified', 'line']) {
      words.push({ text: t, box: { x1: x / 1000, y1: 0.1, x2: (x + t.length * 6) / 1000, y2: 0.11 } });
      x += t.length * 6 + 10;
    }
    expect(groupWordsIntoLines(words, 1)[0].segments).toHaveLength(1);
  });
});
