import { describe, expect, it } from 'vitest';
import { mapWords, mergeColumnsReading, mergeLanguageReadings, mergeReadings } from '../../src/extract/read/merge-readings.js';
import type { OcrWord } from '../../src/extract/read/tesseract-pool.js';
import { withFiguresOf } from '../../src/extract/read/language-reading.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

const w = (text: string, confidence: number, x0: number, y0: number, x1: number, y1: number): OcrWord => ({ text, confidence, x0, y0, x1, y1 });

describe('merging two readings of a page (quality high)', () => {
  it('takes each word from the reading that is surer of it, keeping its box', () => {
    const fine = [w('Total', 90, 10, 10, 60, 30), w('48.00', 60, 200, 10, 260, 30)];
    const coarse = [w('Tota1', 70, 11, 9, 61, 31), w('48.08', 40, 199, 11, 259, 29)];
    expect(mergeReadings(fine, coarse, DEFAULT_SETTINGS)).toEqual(fine);
    const sharper = [w('Tota1', 70, 11, 9, 61, 31), w('48.00', 95, 199, 11, 259, 29)];
    expect(mergeReadings(fine, sharper, DEFAULT_SETTINGS)).toEqual([w('Total', 90, 10, 10, 60, 30), w('48.00', 95, 199, 11, 259, 29)]);
  });

  it('compares a word one reading split with the pieces of the other as one group', () => {
    const joined = [w('39.75', 60, 100, 50, 180, 70)];
    const split = [w('3', 85, 100, 50, 112, 70), w('9.75', 90, 130, 50, 180, 70)];
    expect(mergeReadings(joined, split, DEFAULT_SETTINGS).map((x) => x.text)).toEqual(['3', '9.75']);
    expect(mergeReadings(split, [w('39.75', 95, 100, 50, 180, 70)], DEFAULT_SETTINGS).map((x) => x.text)).toEqual(['39.75']);
  });

  it('fills in confident words only one reading saw, and drops unsure ones', () => {
    const fine = [w('Qty', 92, 300, 10, 340, 30)];
    const coarse = [w('Qty', 88, 300, 10, 340, 30), w('12', 75, 300, 50, 320, 70), w('~', 20, 500, 90, 505, 95)];
    expect(mergeReadings(fine, coarse, DEFAULT_SETTINGS)).toEqual([w('Qty', 92, 300, 10, 340, 30), w('12', 75, 300, 50, 320, 70)]);
  });

  it('does not pair words on neighbouring lines, and keeps reading order', () => {
    const fine = [w('Coffee', 80, 10, 10, 80, 30), w('Milk', 80, 10, 60, 60, 80)];
    const coarse = [w('Coffee', 70, 10, 10, 80, 30), w('Tea', 85, 10, 26, 60, 46), w('Milk', 75, 10, 60, 60, 80)];
    expect(mergeReadings(fine, coarse, DEFAULT_SETTINGS).map((x) => x.text)).toEqual(['Coffee', 'Tea', 'Milk']);
  });

  it('takes a group from the reading without a letter next to a digit that looks like a 1, even when less sure', () => {
    const fine = [w('A184-45', 84, 100, 50, 200, 70), w('Beans', 90, 250, 50, 330, 70)];
    const own = [w('Al84-45', 88, 101, 50, 200, 70), w('Beans', 95, 250, 50, 330, 70)];
    expect(mergeReadings(fine, own, DEFAULT_SETTINGS).map((x) => x.text)).toEqual(['A184-45', 'Beans']);
    expect(mergeReadings(own, fine, DEFAULT_SETTINGS).map((x) => x.text)).toEqual(['A184-45', 'Beans']);
    // Both readings with a lookalike ("AI", "l1"): the surer one.
    expect(mergeReadings([w('AI84-45', 70, 100, 50, 200, 70)], [w('Al118-41', 61, 100, 50, 200, 70)], DEFAULT_SETTINGS)[0].text).toBe('AI84-45');
    // Letters next to letters are no lookalikes: "Il" in "Illinois" competes on confidence.
    expect(mergeReadings([w('Illinois', 60, 100, 50, 200, 70)], [w('1llinois', 40, 100, 50, 200, 70)], DEFAULT_SETTINGS)[0].text).toBe('Illinois');
  });

  it('lets a third reading win a group the first two misread alike, when surer', () => {
    const two = mergeReadings([w('AT756-62', 36, 178, 931, 301, 971)], [w('AT756-62', 40, 179, 930, 301, 974)], DEFAULT_SETTINGS);
    expect(mergeReadings(two, [w('A756-62', 41, 179, 935, 301, 960)], DEFAULT_SETTINGS).map((x) => x.text)).toEqual(['A756-62']);
    const split = mergeReadings([w('25.0.7', 48, 1637, 1048, 1730, 1078), w('366', 40, 1750, 1052, 1798, 1074)], [w('2,017', 80, 1637, 1051, 1732, 1078), w('266', 41, 1747, 1051, 1798, 1074)], DEFAULT_SETTINGS);
    expect(mergeReadings(split, [w('2,017.66', 96, 1636, 1053, 1796, 1079)], DEFAULT_SETTINGS).map((x) => x.text)).toEqual(['2,017.66']);
  });

  it('scales a coarse reading into the fine frame', () => {
    expect(mapWords([w('7', 50, 10, 20, 30, 40)], { width: 100, height: 200 }, { width: 150, height: 400 })).toEqual([w('7', 50, 15, 40, 45, 80)]);
  });

  it('turns a reading of a raster straightened by another angle about the centres', () => {
    const [turned] = mapWords([w('7', 50, 90, 40, 110, 60)], { width: 100, height: 100 }, { width: 200, height: 200 }, 90);
    // 90° clockwise (y down): the box right of the centre goes below it.
    expect([turned.x0, turned.y0, turned.x1, turned.y1].map(Math.round)).toEqual([80, 180, 120, 220]);
  });
});

describe('merging a photographed page read as one block with its reading by columns', () => {
  it('keeps the lone digit of a quantity column that only the block reading saw, however unsure', () => {
    // A packing list's row: the description read by both, the quantity "2" read unsurely by the block reading alone
    // (tesseract's page analysis dropped the narrow column).
    const block = [w('Papier', 60, 10, 10, 80, 30), w('A4', 55, 90, 10, 115, 30), w('2', 34, 400, 10, 412, 30)];
    const byColumns = [w('Papier', 91, 10, 10, 80, 30), w('A4', 93, 90, 10, 115, 30)];
    expect(mergeColumnsReading(block, byColumns, DEFAULT_SETTINGS).map((x) => x.text)).toEqual(['Papier', 'A4', '2']);
    // The general merge wants a word one reading alone saw to be read surely.
    expect(mergeReadings(block, byColumns, DEFAULT_SETTINGS).map((x) => x.text)).toEqual(['Papier', 'A4']);
  });

  it('still wants a word only the columns reading saw to be read surely', () => {
    const block = [w('Papier', 60, 10, 10, 80, 30)];
    const byColumns = [w('Papier', 91, 10, 10, 80, 30), w('ramette', 88, 10, 40, 90, 60), w('~', 20, 500, 90, 505, 95)];
    expect(mergeColumnsReading(block, byColumns, DEFAULT_SETTINGS).map((x) => x.text)).toEqual(['Papier', 'ramette']);
  });
});

describe('merging a reading in the page language with the English one', () => {
  it("keeps the language model's words (accents) and takes figures from the English model", () => {
    const native = [w('Größe', 70, 10, 10, 80, 30), w('€', 80, 200, 10, 212, 30), w('138925', 60, 215, 10, 290, 30), w('Lai', 60, 400, 10, 430, 30)];
    const english = [w('GroBe', 95, 10, 10, 80, 30), w("€1'389.95", 85, 199, 10, 291, 30), w('1.21', 50, 398, 10, 432, 30)];
    expect(mergeLanguageReadings(native, english, DEFAULT_SETTINGS).map((x) => x.text)).toEqual(['Größe', "€1'389.95", '1.21']);
  });

  it("keeps the language model's decimal commas where both read the same digits", () => {
    const native = [w('5.073,90', 80, 10, 10, 90, 30), w('9,90', 60, 200, 10, 240, 30)];
    expect(mergeLanguageReadings(native, [w('5.073.90', 95, 10, 10, 90, 30), w('9.90', 90, 200, 10, 240, 30)], DEFAULT_SETTINGS)).toEqual(native);
  });

  it("keeps the language model's codes with letters, even when English is surer", () => {
    const native = [w('IT97778191471', 70, 10, 10, 150, 30)];
    expect(mergeLanguageReadings(native, [w('1T97778191471', 95, 10, 10, 150, 30)], DEFAULT_SETTINGS)).toEqual(native);
  });
});

describe('a native reading with the English reading of its top rows', () => {
  it('takes the English figures in those rows and keeps every native word below them, sure or not', () => {
    const native = [w('Lai', 80, 200, 10, 240, 30), w('Saldo', 95, 10, 10, 60, 30), w('R3A', 30, 10, 300, 50, 320), w('1.805,81', 40, 200, 300, 280, 320)];
    const english = [w('1.21', 85, 200, 10, 240, 30), w('Saldo', 90, 10, 10, 60, 30)];
    expect(withFiguresOf(native, english, { y0: 0, y1: 100 }, DEFAULT_SETTINGS).map((x) => x.text)).toEqual(['1.21', 'Saldo', 'R3A', '1.805,81']);
  });
});
