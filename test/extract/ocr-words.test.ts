import { describe, expect, it } from 'vitest';
import { normalizeOcrWords, type OcrWord } from '../../src/extract/read/tesseract-pool.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

const word = (text: string, x0: number, confidence = 90): OcrWord => ({ text, confidence, x0, y0: 10, x1: x0 + 40, y1: 30 });

describe('OCR words kept for the engine', () => {
  it('drops a lone bar (a box edge read as text) and keeps single-character content', () => {
    const words = normalizeOcrWords([word('|', 0), word('22', 50), word('LRG', 100), word('|', 150), word('x', 200), word('-', 250), word('€', 300)], 400, 100, DEFAULT_SETTINGS);
    expect(words.map((w) => w.text)).toEqual(['22', 'LRG', 'x', '-', '€']);
  });
});

describe('dates a receipt printer spaced out', () => {
  const line = (...texts: string[]) => {
    let x = 0;
    return texts.map((t) => {
      const w = word(t, x);
      w.x1 = x + t.length * 10;
      x = w.x1 + 8;
      return w;
    });
  };

  it('joins "02. 05. 2020" and "21/ 05/17" into one date, leaving amounts and far words alone', () => {
    expect(normalizeOcrWords(line('Datum', '02.', '05.', '2020', '16:39'), 1000, 100, DEFAULT_SETTINGS).map((w) => w.text)).toEqual(['Datum', '02.05.2020', '16:39']);
    expect(normalizeOcrWords(line('21/', '05/17'), 1000, 100, DEFAULT_SETTINGS).map((w) => w.text)).toEqual(['21/05/17']);
    expect(normalizeOcrWords(line('19.', '00', '%'), 1000, 100, DEFAULT_SETTINGS).map((w) => w.text)).toEqual(['19.00', '%']);
    const far = [word('02.', 0), word('05.', 300), word('2020', 600)];
    expect(normalizeOcrWords(far, 1000, 100, DEFAULT_SETTINGS).map((w) => w.text)).toEqual(['02.', '05.', '2020']);
  });
});
