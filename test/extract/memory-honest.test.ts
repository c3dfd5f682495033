import { afterAll, describe, expect, it } from 'vitest';
import type { PageContent } from '../../src/extract/layout/index.js';
import { learnLayout } from '../../src/extract/memory/index.js';
import { createPageReader } from '../../src/extract/read/page-reader.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';
import type { ExtractResult } from '../../src/extract/types.js';
import { fieldTruth, LINE_FIELDS, lineTruth, monthValues, NORDLICHT, SENDER_FIELDS, type SenderValues } from '../fixtures/sender-pages.js';
import { readWithMemory, senderPageContent } from './helpers/memory-pages.js';

/**
 * Layout memory on scans, honest (src/extract/memory/honest.ts, learn.ts):
 * a memory's values go through the arithmetic the general rules' do, a table
 * whose rows the words print in part is not learned, and the seller's tax id
 * a person set is the sender's own where OCR misread it. Pages are the sender
 * fixture's text layer with a recognizer's confidence on every word and the
 * misread words swapped in.
 */

const reader = createPageReader();
afterAll(() => reader.close());

const scanned = async (v: SenderValues, misread: (text: string) => string | null = () => null): Promise<PageContent> => {
  const content = await senderPageContent(reader, NORDLICHT, v);
  return { ...content, words: content.words.map((w) => ({ ...w, text: misread(w.text) ?? w.text, confidence: 0.9 })) };
};

const LINES = LINE_FIELDS.map((name) => ({ name, formatRequirement: '' }));
const cellOf = (r: ExtractResult, row: number, name: string) => (r.ok ? r.rows[row][name] : undefined);
const valueOf = (r: ExtractResult, row: number, name: string) => {
  const c = cellOf(r, row, name);
  return c && 'value' in c ? c.value : undefined;
};
const confidenceOf = (r: ExtractResult, row: number, name: string) => {
  const c = cellOf(r, row, name);
  return c && 'confidence' in c ? c.confidence : undefined;
};

describe('layout memory on scans: honest', () => {
  it('a row of the memory whose quantity × price is not its amount claims less than 0.9; the rows that add up stay sure', async () => {
    const first = monthValues(1);
    const memories = [{ id: 'm', model: learnLayout(await scanned(first), { fields: [...LINE_FIELDS], rows: lineTruth(first) }, DEFAULT_SETTINGS)! }];
    const next = monthValues(4);
    const printed = next.items[1].amount;
    const misread = `${printed.slice(0, -2)}${printed.at(-2) === '9' ? '1' : '9'}${printed.at(-1)}`;
    const page = await scanned(next, (t) => (t === printed ? misread : null));
    const answer = readWithMemory(page, LINES, memories);
    expect(valueOf(answer, 1, 'Betrag')).toBe(misread);
    expect(confidenceOf(answer, 1, 'Betrag')).toBeLessThan(0.9);
    expect(valueOf(answer, 0, 'Betrag')).toBe(next.items[0].amount);
    expect(confidenceOf(answer, 0, 'Betrag')).toBeGreaterThanOrEqual(0.9);
  }, 60_000);

  it('a table whose amounts the words print for fewer than half its rows (a tax class glued to them) is not learned; with most found it is', async () => {
    const first = monthValues(1);
    const glued = (n: number) => {
      const amounts = new Set(first.items.slice(0, n).map((i) => i.amount));
      return (t: string) => (amounts.has(t) ? `${t}1` : null);
    };
    const learned = async (n: number) => learnLayout(await scanned(first, glued(n)), { fields: [...LINE_FIELDS], rows: lineTruth(first) }, DEFAULT_SETTINGS);
    expect(first.items).toHaveLength(3);
    expect((await learned(2))?.table ?? null).toBeNull();
    expect((await learned(1))?.table).toBeTruthy();
  }, 60_000);

  it("the seller's tax id a person set is what a scan reads a slip off it, where OCR misread it on the page learned from too", async () => {
    const NAMES = [...SENDER_FIELDS, 'vat_id'];
    const fields = NAMES.map((name) => ({ name, formatRequirement: '' }));
    const slip = (t: string) => (t === '456' ? '456.' : null);
    const first = monthValues(1);
    const memories = [{ id: 'm', model: learnLayout(await scanned(first, slip), { fields: NAMES, rows: [{ ...fieldTruth(first), vat_id: NORDLICHT.vatId }] }, DEFAULT_SETTINGS)! }];
    const page = await scanned(monthValues(4), slip);
    expect(valueOf(readWithMemory(page, fields), 0, 'vat_id')).not.toBe(NORDLICHT.vatId);
    expect(valueOf(readWithMemory(page, fields, memories), 0, 'vat_id')).toBe(NORDLICHT.vatId);
  }, 60_000);
});
