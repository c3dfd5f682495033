import { describe, expect, it } from 'vitest';
import { groupWordsIntoLines } from '../../src/extract/layout/lines/lines.js';
import type { Word } from '../../src/extract/types.js';
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

  it('spaces a line of one or two gaps like its page: a wide font read by OCR keeps "Fonseca Lda." whole', () => {
    // Glyph-tight OCR boxes of a monospaced font: every space is a full line height wide.
    const words: Word[] = [];
    const line = (y: number, cells: Array<[number, string]>) => {
      for (const [x0, text] of cells) {
        let x = x0;
        for (const t of text.split(' ')) {
          words.push({ text: t, box: { x1: x / 1000, y1: y / 1000, x2: (x + t.length * 6) / 1000, y2: (y + 10) / 1000 } });
          x += t.length * 6 + 10;
        }
      }
    };
    line(50, [[60, 'Fonseca Lda.']]);
    line(70, [[60, 'Travessa do Carmo 57']]);
    line(85, [[60, '1100-148 Lisboa'], [600, 'Data 2024-03-24']]);
    line(120, [[60, 'Cabo USB-C 2 m'], [400, '63'], [500, '144,8']]);
    // A row of heads, one 1.4 line heights from the next: cells, not words spaced like the page.
    line(150, [[60, 'Buchung'], [119, 'Wert'], [179, 'Vorgang'], [371, 'Belastung'], [439, 'Gutschrift'], [541, 'Saldo']]);
    expect(groupWordsIntoLines(words, 1).map((l) => l.segments.map((s) => s.text))).toEqual([
      ['Fonseca Lda.'],
      ['Travessa do Carmo 57'],
      ['1100-148 Lisboa', 'Data 2024-03-24'],
      ['Cabo USB-C 2 m', '63', '144,8'],
      ['Buchung', 'Wert', 'Vorgang', 'Belastung', 'Gutschrift', 'Saldo'],
    ]);
  });

  it('parts narrow cell gaps from the word spaces of a line that has more of them: a statement row of two dates', () => {
    // Born-digital, A4 (width / height 0.707): the dates 1.4 line heights apart, one word space in the description.
    const row = (y: number, cells: Array<[string, number, number]>): Word[] => cells.map(([text, x1, x2]) => ({ text, box: { x1, y1: y, x2, y2: y + 0.0113 } }));
    const words = [
      ...row(0.3585, [['01.03.2024', 0.0773, 0.1571], ['01.03.2024', 0.1789, 0.2587], ['Gutschrift', 0.2805, 0.3487], ['Rückerstattung', 0.3531, 0.4604], ['1.425,52', 0.7405, 0.8026], ['2.403,99', 0.8606, 0.9227]]),
      ...row(0.3821, [['02.03.2024', 0.0773, 0.1571], ['02.03.2024', 0.1789, 0.2587], ['Gehalt', 0.2805, 0.3274], ['ACME', 0.3319, 0.3779], ['GmbH', 0.3824, 0.4284], ['1.099,80', 0.6297, 0.6918], ['1.304,19', 0.8606, 0.9227]]),
    ];
    expect(groupWordsIntoLines(words, 595.28 / 841.89).map((l) => l.segments.map((s) => s.text))).toEqual([
      ['01.03.2024', '01.03.2024', 'Gutschrift Rückerstattung', '1.425,52', '2.403,99'],
      ['02.03.2024', '02.03.2024', 'Gehalt ACME GmbH', '1.099,80', '1.304,19'],
    ]);
  });
});
