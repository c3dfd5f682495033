import { describe, expect, it } from 'vitest';
import { indexPage, keyOf, locateRow, locateValue } from '../../src/core/bbox/index.js';
import type { Box, Word } from '../../src/extract/types.js';
import { generatePage, iou, PAGE_H, PAGE_W } from '../helpers/bbox-page.js';

const ASPECT = PAGE_W / PAGE_H;

function word(text: string, x1: number, y1: number, x2: number, y2: number): Word {
  return { text, box: { x1, y1, x2, y2 } };
}

describe('bbox-locate', () => {
  it('keys ignore case, spacing and punctuation but keep digits and letters', () => {
    expect(keyOf('Acme, Inc.')).toBe('acmeinc');
    expect(keyOf(' 1,234.50 ')).toBe('123450');
    expect(keyOf('—')).toBe('');
  });

  it('returns the union of the words carrying a multi-word value', () => {
    const index = indexPage([
      word('Blue', 0.1, 0.2, 0.14, 0.21), word('widget', 0.15, 0.2, 0.2, 0.21), word('7', 0.21, 0.2, 0.22, 0.21),
      word('12', 0.5, 0.2, 0.52, 0.21),
    ], ASPECT);
    expect(locateValue('Blue widget 7', { x1: 0.09, y1: 0.198, x2: 0.2, y2: 0.212 }, index)).toEqual({ x1: 0.1, y1: 0.2, x2: 0.22, y2: 0.21 });
  });

  it('finds reformatted numbers and dates by meaning', () => {
    const index = indexPage([word('1,234.50', 0.6, 0.3, 0.66, 0.31), word('05/03/2024', 0.7, 0.3, 0.78, 0.31)], ASPECT);
    expect(locateValue('1234.50', { x1: 0.6, y1: 0.3, x2: 0.66, y2: 0.31 }, index)).toEqual({ x1: 0.6, y1: 0.3, x2: 0.66, y2: 0.31 });
    expect(locateValue('2024-03-05', { x1: 0.7, y1: 0.3, x2: 0.78, y2: 0.31 }, index)).toEqual({ x1: 0.7, y1: 0.3, x2: 0.78, y2: 0.31 });
  });

  it('drops a box no word supports to null, and null or blank values too', () => {
    const index = indexPage([word('Invoice', 0.1, 0.1, 0.2, 0.11), word('42', 0.3, 0.1, 0.32, 0.11)], ASPECT);
    expect(locateValue('Zirconium', { x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.11 }, index)).toBeNull();
    expect(locateValue(null, { x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.11 }, index)).toBeNull();
    expect(locateValue(' - ', null, index)).toBeNull();
  });

  it('searches the whole page only for distinctive values', () => {
    const index = indexPage([
      word('INV-20931', 0.1, 0.1, 0.2, 0.11), word('5', 0.3, 0.5, 0.31, 0.51), word('5', 0.3, 0.6, 0.31, 0.61),
    ], ASPECT);
    expect(locateValue('INV-20931', { x1: 0.6, y1: 0.8, x2: 0.7, y2: 0.81 }, index)).toEqual({ x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.11 });
    expect(locateValue('5', { x1: 0.6, y1: 0.8, x2: 0.7, y2: 0.81 }, index)).toBeNull();
    expect(locateValue('INV-20931', null, index)).toEqual({ x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.11 });
    const twice = indexPage([word('ABCD', 0.1, 0.1, 0.2, 0.11), word('ABCD', 0.1, 0.5, 0.2, 0.51)], ASPECT);
    expect(locateValue('ABCD', { x1: 0.6, y1: 0.8, x2: 0.7, y2: 0.81 }, twice)).toBeNull();
  });

  it('picks the occurrence nearest the engine box when a value repeats', () => {
    const index = indexPage([word('10', 0.3, 0.5, 0.32, 0.51), word('10', 0.3, 0.53, 0.32, 0.54)], ASPECT);
    expect(locateValue('10', { x1: 0.3, y1: 0.528, x2: 0.32, y2: 0.539 }, index)).toEqual({ x1: 0.3, y1: 0.53, x2: 0.32, y2: 0.54 });
  });

  it('accepts OCR-split words that together cover the value', () => {
    const index = indexPage([word('Acme', 0.1, 0.1, 0.15, 0.11), word('Inc', 0.16, 0.1, 0.19, 0.11), word('Ltd', 0.5, 0.1, 0.53, 0.11)], ASPECT);
    expect(locateValue('Acme Incorporated', { x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.11 }, index)).toBeNull();
    expect(locateValue('Acme-Inc.', { x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.11 }, index)).toEqual({ x1: 0.1, y1: 0.1, x2: 0.19, y2: 0.11 });
  });

  it('passes image regions through and uses the row band for unplaced cells', () => {
    const index = indexPage([word('Bolt', 0.1, 0.4, 0.14, 0.41), word('3', 0.5, 0.4, 0.51, 0.41), word('3', 0.5, 0.7, 0.51, 0.71)], ASPECT);
    const region: Box = { x1: 0.8, y1: 0.1, x2: 0.9, y2: 0.2 };
    expect(locateRow({
      Item: { value: 'Bolt', box: { x1: 0.1, y1: 0.4, x2: 0.14, y2: 0.41 } },
      Qty: { value: '3', box: null },
      Photo: { type: 'image_region', box: region },
    }, index)).toEqual({ Item: { x1: 0.1, y1: 0.4, x2: 0.14, y2: 0.41 }, Qty: { x1: 0.5, y1: 0.4, x2: 0.51, y2: 0.41 }, Photo: region });
  });

  it('on a generated 40-row page every box overlaps the true box with IoU >= 0.7 and phantoms are null', () => {
    const page = generatePage(40, { seed: 11, phantomRows: [3, 17] });
    const index = indexPage(page.textLayer.words, ASPECT);
    let checked = 0;
    page.result.rows.forEach((row, r) => {
      const boxes = locateRow(row, index);
      for (const [field, truth] of Object.entries(page.truth[r])) {
        if (truth === null) {
          expect(boxes[field], `row ${r} ${field}`).toBeNull();
          continue;
        }
        expect(boxes[field], `row ${r} ${field}`).not.toBeNull();
        expect(iou(boxes[field] as Box, truth), `row ${r} ${field}`).toBeGreaterThanOrEqual(0.7);
        checked++;
      }
      expect(boxes.Photo).toEqual(page.photoBox);
    });
    expect(checked).toBe(40 * 4 - 2);
  });
});
