import { afterAll, describe, expect, it } from 'vitest';
import type { PageContent } from '../../src/extract/layout/index.js';
import { learnLayout, type LayoutModel } from '../../src/extract/memory/index.js';
import { createPageReader } from '../../src/extract/read/page-reader.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';
import type { ExtractResult } from '../../src/extract/types.js';
import { LINE_FIELDS, lineTruth, monthValues, NORDLICHT, type SenderValues } from '../fixtures/sender-pages.js';
import { readWithMemory, senderPageContent } from './helpers/memory-pages.js';

/**
 * A memory's table on a page that does not print the header line it learned (src/extract/memory/apply.ts tableStart):
 * a scan that garbled the heads past any slip, or a heading over the items on the page learned from (an order number)
 * that the next page leaves out. The rows start where they started on the page learned from.
 */

const reader = createPageReader();
afterAll(() => reader.close());

const HEADS = new Set(['Artikel', 'Menge', 'Preis', 'Betrag']);

/** The page as OCR hands it over: every word with a confidence, the words `misread` names read as it says. */
const scanned = async (v: SenderValues, misread: (text: string) => string | null = () => null): Promise<PageContent> => {
  const content = await senderPageContent(reader, NORDLICHT, v);
  return { ...content, words: content.words.map((w) => ({ ...w, text: misread(w.text) ?? w.text, confidence: 0.9 })) };
};

const FIELDS = LINE_FIELDS.map((name) => ({ name, formatRequirement: '' }));
const read = (content: PageContent, memories: Array<{ id: string; model: LayoutModel }>): ExtractResult => readWithMemory(content, FIELDS, memories);
const rowsOf = (r: ExtractResult) => (r.ok ? r.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, c]) => [k, 'value' in c ? c.value : null]))) : null);

describe('layout memory: a header line the page does not print', () => {
  it('heads OCR garbled past any slip: the memory\'s rows start at the learned top, a garbled amount a row still', async () => {
    const memories = [{ id: 'm', model: learnLayout(await scanned(monthValues(1)), { fields: [...LINE_FIELDS], rows: lineTruth(monthValues(1)) }, DEFAULT_SETTINGS)! }];
    expect(memories[0].model.table?.header?.words).toEqual(['artikel', 'menge', 'preis', 'betrag']);
    const next = monthValues(4);
    const garbled = next.items[1].amount;
    const page = await scanned(next, (t) => (HEADS.has(t) ? '~~~' : t === garbled ? 'STR]' : null));
    expect(rowsOf(read(page, memories))).toEqual(lineTruth(next).map((r, i) => (i === 1 ? { ...r, Betrag: null } : r)));
  }, 60_000);
});
