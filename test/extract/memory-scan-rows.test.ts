import { afterAll, describe, expect, it } from 'vitest';
import type { PageContent } from '../../src/extract/layout/index.js';
import { learnLayout, mergeLayouts, type LayoutModel } from '../../src/extract/memory/index.js';
import { createPageReader } from '../../src/extract/read/page-reader.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';
import type { ExtractResult } from '../../src/extract/types.js';
import { fieldTruth, LINE_FIELDS, lineTruth, monthValues, NORDLICHT, SENDER_FIELDS, type SenderValues } from '../fixtures/sender-pages.js';
import { readWithMemory, senderPageContent } from './helpers/memory-pages.js';

/**
 * A memory's rows against the general rules' on scans whose OCR garbled a
 * figure (src/extract/memory/apply.ts readTable, compete.ts memoryRowsWin).
 * Pages are the sender fixture's text layer with a recognizer's confidence on
 * every word and the garbled words swapped in, so the test sees the rows, not
 * tesseract.
 */

const reader = createPageReader();
afterAll(() => reader.close());

/** The page as OCR hands it over: every word with a confidence, the words of `misread` (by text and line) read as given. */
const scanned = async (v: SenderValues, misread: (text: string, y: number, ys: number[]) => string | null = () => null): Promise<PageContent> => {
  const content = await senderPageContent(reader, NORDLICHT, v);
  const ys = [...new Set(content.words.map((w) => w.box.y1))].sort((a, b) => a - b);
  return { ...content, words: content.words.map((w) => ({ ...w, text: misread(w.text, w.box.y1, ys) ?? w.text, confidence: 0.9 })) };
};

const FIELDS = LINE_FIELDS.map((name) => ({ name, formatRequirement: '' }));
const read = (content: PageContent, memories?: Array<{ id: string; model: LayoutModel }>): ExtractResult => readWithMemory(content, FIELDS, memories);
const rowsOf = (r: ExtractResult) => (r.ok ? r.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, c]) => [k, 'value' in c ? c.value : null]))) : null);

const learned = async (v: SenderValues) => [{ id: 'm', model: learnLayout(await scanned(v), { fields: [...LINE_FIELDS], rows: lineTruth(v) }, DEFAULT_SETTINGS)! }];

describe('layout memory: rows on a scan that garbled a figure', () => {
  it('a row whose amount OCR garbled is a row still where it fills every column of its line: the rows go on under it', async () => {
    const memories = await learned(monthValues(1));
    const next = monthValues(4);
    const garbled = next.items[1].amount;
    const page = await scanned(next, (t) => (t === garbled ? 'STR]' : null));
    const want = lineTruth(next).map((r, i) => (i === 1 ? { ...r, Betrag: null } : r));
    expect(rowsOf(read(page, memories))).toEqual(want);
  }, 60_000);

  it('a quantity OCR garbled (`iI:`) fills no cell: the memory\'s rows, its description whole over two lines, are not outdone by it', async () => {
    const item = (n: number, note: string): SenderValues => {
      const v = monthValues(n, 1);
      return { ...v, items: [{ ...v.items[0], quantity: '1', amount: v.items[0].price, note }] , total: v.items[0].price };
    };
    const memories = await learned(item(1, 'SN 1574-2139'));
    const next = item(2, 'EAN 4910497124310');
    const page = await scanned(next, (t, y, ys) => (t === '1' && y > ys[ys.length / 2 | 0] ? 'iI:' : null));
    expect(rowsOf(read(page, memories))).toEqual(lineTruth(next).map((r) => ({ ...r, Menge: null })));
  }, 60_000);

  it('Σ line totals = the total counts for the rows that hold a line total: notes the general rules read as rows of their own do not outweigh the memory\'s items read whole', async () => {
    // Every item with a second line (a serial number) under its description; the memory knows the total as well.
    const noted = (n: number): SenderValues => {
      const v = monthValues(n, 3);
      return { ...v, items: v.items.map((item, i) => ({ ...item, note: `SN ${4100 + n * 10 + i}-${2200 + i}` })) };
    };
    const first = noted(1);
    const page1 = await scanned(first);
    const fields = learnLayout(page1, { fields: [...SENDER_FIELDS], rows: [fieldTruth(first)] }, DEFAULT_SETTINGS)!;
    const lines = learnLayout(page1, { fields: [...LINE_FIELDS], rows: lineTruth(first) }, DEFAULT_SETTINGS)!;
    const memories = [{ id: 'm', model: mergeLayouts(fields, lines, page1, DEFAULT_SETTINGS) }];
    const next = noted(4);
    // A scan's note a little lower than the print's: the general rules read it as a row of its own.
    const printed = await scanned(next);
    const notes = new Set(next.items.flatMap((i) => i.note!.split(' ')));
    const page = { ...printed, words: printed.words.map((w) => (notes.has(w.text) ? { ...w, box: { ...w.box, y1: w.box.y1 + 0.004, y2: w.box.y2 + 0.004 } } : w)) };
    expect(rowsOf(read(page))).toHaveLength(6);
    expect(rowsOf(read(page, memories))).toEqual(lineTruth(next));
  }, 60_000);
});
