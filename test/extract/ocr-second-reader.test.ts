import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import type { GreyRaster } from '../../src/extract/read/grey-raster.js';
import { createLineRecognizer, ctcClasses, decodeCtc } from '../../src/extract/read/line-recognizer.js';
import { rereadUnsureWords } from '../../src/extract/read/second-reading.js';
import { DEFAULT_SETTINGS, withSettings, type SettingsOverrides } from '../../src/extract/settings.js';
import type { Word } from '../../src/extract/types.js';

/** Text drawn black on white, each piece at its x (px) on its baseline (px; one line by default); the grey raster and each piece's ink box. */
function render(pieces: Array<[number, string, number?]>, width = 520, height = 60) {
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#000';
  g.font = '30px sans-serif';
  const boxes = pieces.map(([x, text, y = 42]) => {
    g.fillText(text, x, y);
    const m = g.measureText(text);
    return { x1: x / width, y1: (y - m.actualBoundingBoxAscent) / height, x2: (x + m.width) / width, y2: (y + m.actualBoundingBoxDescent) / height };
  });
  const rgba = g.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4];
  const raster: GreyRaster = { width, height, data };
  return { raster, boxes };
}

const recognizer = createLineRecognizer(1);
afterAll(() => recognizer.close());

describe('PP-OCR line recognizer', () => {
  it('decodes CTC: repeats collapse, blanks split them, the space is the last class', () => {
    const classes = ctcClasses('7\n.\n5\n8\n');
    expect(classes).toEqual(['', '7', '.', '5', '8', ' ']);
    // Columns: 7 7 blank . 5 blank 5 8 space 8; one-hot with score 0.9 on the best class.
    const best = [1, 1, 0, 2, 3, 0, 3, 4, 5, 4];
    const probs = new Float32Array(best.length * classes.length).fill(0.02);
    best.forEach((k, t) => (probs[t * classes.length + k] = 0.9));
    const { text, scores } = decodeCtc(probs, best.length, classes);
    expect(text).toBe('7.558 8');
    expect(scores).toHaveLength(text.length);
  });

  it('reads a rendered line of figures from the npm package model', async () => {
    const { raster } = render([[10, 'TOTAL 1,234.50']], 360);
    const reading = await recognizer.recognize(raster);
    expect(reading.text).toBe('TOTAL 1,234.50');
    expect(Math.min(...reading.scores)).toBeGreaterThan(0.5);
  });
});

describe('second reading of unsure figures', () => {
  const { raster, boxes } = render([[10, 'Cash'], [160, '7.58'], [320, '3.99']]);
  const word = (text: string, confidence: number, k: number): Word => ({ text, confidence, box: boxes[k] });
  const rereadFigures = (words: Word[]) => rereadUnsureWords(raster, { words, aspect: raster.width / raster.height, language: 'en' }, recognizer, DEFAULT_SETTINGS);

  it('replaces a figure read with stray marks or low confidence where the recognizer is surer, and keeps other words as read', async () => {
    const words = [word('Cash', 0.5, 0), word('7..58', 0.85, 1), word('3.9g', 0.4, 2)];
    const out = await rereadFigures(words);
    expect(out.map((w) => w.text)).toEqual(['Cash', '7.58', '3.99']);
    expect(out[1].box).toEqual(boxes[1]);
    expect(out[1].confidence).toBeGreaterThan(0.85);
  });

  it('leaves a confidently read figure without stray marks alone, even when it is wrong', async () => {
    const words = [word('Cash', 0.95, 0), word('7.53', 0.96, 1)];
    expect((await rereadFigures(words)).map((w) => w.text)).toEqual(['Cash', '7.53']);
  });
});

describe("second reading of a till head's unsure words", () => {
  // A receipt's head (name, street, town) over an item line further down the page.
  const { raster, boxes } = render([[40, 'MINES MALL', 40], [40, 'SERDANG', 90], [40, 'SELANGOR', 140], [40, 'BREAD', 560]], 400, 600);
  const word = (text: string, confidence: number, k: number): Word => ({ text, confidence, box: boxes[k] });
  const reread = (words: Word[], language: 'en' | 'de') => rereadUnsureWords(raster, { words, aspect: raster.width / raster.height, language }, recognizer, DEFAULT_SETTINGS);

  it('reads again a word of letters the scan smudged in the head, and takes the surer reading', async () => {
    const out = await reread([word('MINES MALL', 0.96, 0), word('SERDAHNG', 0.45, 1), word('SFLANGOR', 0.4, 2)], 'en');
    expect(out.map((w) => w.text)).toEqual(['MINES MALL', 'SERDANG', 'SELANGOR']);
    expect(out[1].box).toEqual(boxes[1]);
    expect(out[1].confidence).toBeGreaterThan(0.45);
  });

  it('leaves letters alone below the head, read surely, or on a page read in a language with accents the recognizer lacks', async () => {
    const below = await reread([word('MINES MALL', 0.96, 0), word('SERDANG', 0.95, 1), word('SELANGOR', 0.95, 2), word('BRFAD', 0.4, 3)], 'en');
    expect(below.map((w) => w.text)).toEqual(['MINES MALL', 'SERDANG', 'SELANGOR', 'BRFAD']);
    expect((await reread([word('MINES MALL', 0.96, 0), word('SERDAHNG', 0.97, 1)], 'en')).map((w) => w.text)).toEqual(['MINES MALL', 'SERDAHNG']);
    expect((await reread([word('MINES MALL', 0.96, 0), word('SERDAHNG', 0.45, 1)], 'de')).map((w) => w.text)).toEqual(['MINES MALL', 'SERDAHNG']);
  });
});

describe('the second reader as an engine setting', () => {
  it('is on by default, turns off by an override, and refuses a switch given as a number', () => {
    expect(DEFAULT_SETTINGS.read.secondReader.enabled).toBe(true);
    expect(withSettings({ read: { secondReader: { enabled: false } } }).read.secondReader.enabled).toBe(false);
    expect(() => withSettings({ read: { secondReader: { enabled: 0 } } } as unknown as SettingsOverrides)).toThrow(/true or false/);
  });
});
