import { afterAll, describe, expect, it } from 'vitest';
import type { PageContent } from '../../src/extract/layout/index.js';
import { learnLayout, type LayoutModel } from '../../src/extract/memory/index.js';
import { createPageReader } from '../../src/extract/read/page-reader.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';
import type { ExtractResult } from '../../src/extract/types.js';
import { LINE_FIELDS, lineTruth, monthValues, NORDLICHT, SUEDWIND, type Sender, type SenderValues } from '../fixtures/sender-pages.js';
import { readWithMemory, senderPageContent } from './helpers/memory-pages.js';

/**
 * A sender whose invoices carry one item, its description wrapped onto a
 * second line (a serial number), and a received stamp beside the total, on
 * pages read by OCR (the fixture's text layer with a recognizer's confidence
 * on every word, so the test sees the rows, not tesseract). The general rules
 * read the stamp and the total as a row; one corrected page teaches the table
 * (src/extract/memory/learn.ts: one row of line items is a table when the
 * request asks for line items), whose rows end at the summary line.
 */

const reader = createPageReader();
afterAll(() => reader.close());

/** A month's page with one item, its description over two lines. */
const oneItem = (month: number, note: string): SenderValues => {
  const v = monthValues(month, 1);
  return { ...v, items: [{ ...v.items[0], description: `Dichtungssatz Edelstahl Typ ${month}`, note }] };
};

/** The page as OCR would hand it over (every word with a recognizer's confidence), a received stamp beside its total. */
const scannedPage = async (sender: Sender, v: SenderValues): Promise<PageContent> => {
  const content = await senderPageContent(reader, sender, v, { stamp: v.date });
  return { ...content, words: content.words.map((w) => ({ ...w, confidence: 0.9 })) };
};

const FIELDS = LINE_FIELDS.map((name) => ({ name, formatRequirement: '' }));
const read = (content: PageContent, memories?: Array<{ id: string; model: LayoutModel }>): ExtractResult => readWithMemory(content, FIELDS, memories);

const rowsOf = (r: ExtractResult) => (r.ok ? r.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, c]) => [k, 'value' in c ? c.value : null]))) : null);

describe('layout memory: a sender of one item a page', () => {
  it('learns the table from the one row a person set, and reads the next page\'s item alone, its description whole', async () => {
    const first = oneItem(1, 'SN 1574-2139');
    const model = learnLayout(await scannedPage(NORDLICHT, first), { fields: [...LINE_FIELDS], rows: lineTruth(first) }, DEFAULT_SETTINGS);
    expect(model?.table?.columns.map((c) => c.name)).toEqual([...LINE_FIELDS]);
    const memories = [{ id: 'm', model: model! }];
    const next = oneItem(2, 'EAN 4910497124310');
    const page = await scannedPage(NORDLICHT, next);
    // Without the memory the stamp beside the total is a row.
    expect(rowsOf(read(page))).toHaveLength(2);
    expect(rowsOf(read(page, memories))).toEqual(lineTruth(next));
    // Another sender's page is read as without the memory, to the last digit.
    const other = await scannedPage(SUEDWIND, next);
    expect(read(other, memories)).toEqual(read(other));
  }, 60_000);
});

describe('layout memory: where a text cell ends', () => {
  it('a summary label after a stamp\'s word ends the description, as it ends the rows', async () => {
    const first = oneItem(1, 'SN 1574-2139');
    const learnedOn = await senderPageContent(reader, NORDLICHT, first, { totalUnderItems: true });
    const scan = (c: PageContent): PageContent => ({ ...c, words: c.words.map((w) => ({ ...w, confidence: 0.9 })) });
    const model = learnLayout(scan(learnedOn), { fields: [...LINE_FIELDS], rows: lineTruth(first) }, DEFAULT_SETTINGS);
    const next = oneItem(2, 'EAN 4910497124310');
    // The scan lost the total's amount: the total's line is the stamp's word and the label, both in the description's band.
    const page = scan(await senderPageContent(reader, NORDLICHT, next, { totalUnderItems: true }));
    const totalAt = Math.max(...page.words.filter((w) => w.text === next.total).map((w) => w.box.y1));
    const lost: PageContent = { ...page, words: page.words.filter((w) => w.text !== next.total || w.box.y1 < totalAt) };
    expect(rowsOf(read(lost, [{ id: 'm', model: model! }]))).toEqual(lineTruth(next));
  }, 60_000);
});
