import { afterAll, describe, expect, it } from 'vitest';
import type { PageContent } from '../../src/extract/layout/index.js';
import { learnLayout, type LayoutModel } from '../../src/extract/memory/index.js';
import { createPageReader } from '../../src/extract/read/page-reader.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';
import type { ExtractResult } from '../../src/extract/types.js';
import { fieldTruth, monthValues, NORDLICHT, SENDER_FIELDS, SUEDWIND, type Sender } from '../fixtures/sender-pages.js';
import { readWithMemory, senderPageContent } from './helpers/memory-pages.js';

/**
 * Layout memory on pages read by OCR (src/extract/memory/near-text.ts): the
 * scan of a sender's page prints what the memory learned, OCR reads a letter
 * of it wrong. Pages are the sender fixture's text layer with a recognizer's
 * confidence on every word and misread words swapped in, so the test sees the
 * matching, not tesseract. A person types a date as the format requirement
 * asks (ISO), the page prints it `04.02.2024`: the value is found by its kind.
 */

const reader = createPageReader();
afterAll(() => reader.close());

const textLayerContent = (sender: Sender, month: number): Promise<PageContent> => senderPageContent(reader, sender, monthValues(month));

/** The page as OCR would hand it over: every word with a confidence, the given words misread. */
const scanned = (content: PageContent, misread: Record<string, string>): PageContent => ({
  ...content,
  words: content.words.map((w) => ({ ...w, text: misread[w.text] ?? w.text, confidence: 0.9 })),
});

/** The fixture's fields, and the sender's name (the same on every page: a scan's reading a slip off it is it). */
const NAMES = [...SENDER_FIELDS, 'Lieferant'];

const FIELDS = NAMES.map((name) => ({ name, formatRequirement: name === 'Datum' ? 'YYYY-MM-DD' : '' }));

const read = (content: PageContent, memories?: Array<{ id: string; model: LayoutModel }>): ExtractResult => readWithMemory(content, FIELDS, memories);

const valuesOf = (r: ExtractResult) => (r.ok ? Object.fromEntries(Object.entries(r.rows[0]).map(([k, c]) => [k, 'value' in c ? c.value : null])) : null);

/** The truth a person types: the date as the requirement asks. */
const typed = (month: number) => {
  const t = fieldTruth(monthValues(month));
  const [d, m, y] = t.Datum.split('.');
  return { ...t, Datum: `${y}-${m}-${d}`, Lieferant: NORDLICHT.name };
};

describe('layout memory on pages read by OCR', () => {
  it('learns a date typed as ISO where the page prints it day first, and reads the next scan of the sender despite misread words', async () => {
    const first = scanned(await textLayerContent(NORDLICHT, 1), { Werkstatt: 'Werkstatl', Vorgang: 'Vorqang' });
    const model = learnLayout(first, { fields: NAMES, rows: [typed(1)] }, DEFAULT_SETTINGS);
    expect(model?.fields.map((f) => f.name).sort()).toEqual([...NAMES].sort());
    const memories = [{ id: 'm', model: model! }];
    // The next month's scan: other slips on the name (read back as the sender's name), the VAT id and the label that leads to the reference.
    const next = scanned(await textLayerContent(NORDLICHT, 2), { Nordlicht: 'Nordllcht', '456': '45б', Vorgang: 'Vorgamg' });
    expect(valuesOf(read(next))?.Kundenreferenz).not.toBe(typed(2).Kundenreferenz);
    expect(valuesOf(read(next, memories))).toEqual({ ...typed(2), Summe: fieldTruth(monthValues(2)).Summe });
  }, 60_000);

  it('tells a sender without ids by its name read with as many slips as its name is read by (a till\'s letterhead in large print)', async () => {
    // No tax id on the page: the name and the letterhead are all that tell the sender.
    const withoutIds = (c: PageContent): PageContent => {
      const line = c.words.find((w) => w.text.startsWith('USt-IdNr'))!.box.y1;
      return { ...c, words: c.words.filter((w) => Math.abs(w.box.y1 - line) > 0.002) };
    };
    const first = withoutIds(scanned(await textLayerContent(NORDLICHT, 1), {}));
    const model = learnLayout(first, { fields: NAMES, rows: [typed(1)] }, DEFAULT_SETTINGS)!;
    expect(model.sender.taxIds).toEqual([]);
    // Four slips in the name's 22 letters: more than a value's (one in seven), as many as the name's (one in five).
    const next = withoutIds(scanned(await textLayerContent(NORDLICHT, 2), { Nordlicht: 'Nordllcht', Werkstatt: 'Werkstatl', GmbH: 'CmhH' }));
    expect(valuesOf(read(next))?.Kundenreferenz).not.toBe(typed(2).Kundenreferenz);
    expect(valuesOf(read(next, [{ id: 'm', model }]))?.Kundenreferenz).toBe(typed(2).Kundenreferenz);
  }, 60_000);

  it('a text-layer page holds its words as printed: a name one letter off is another sender, read as without memory', async () => {
    const first = scanned(await textLayerContent(NORDLICHT, 1), {});
    const model = learnLayout(first, { fields: NAMES, rows: [typed(1)] }, DEFAULT_SETTINGS)!;
    const digital = await textLayerContent(NORDLICHT, 2);
    const renamed: PageContent = { ...digital, words: digital.words.map((w) => (w.text === 'Nordlicht' ? { ...w, text: 'Nordllcht' } : w)) };
    expect(read(renamed, [{ id: 'm', model }])).toEqual(read(renamed));
    // Another sender's scan is not near enough to be this one.
    const other = scanned(await textLayerContent(SUEDWIND, 2), {});
    expect(read(other, [{ id: 'm', model }])).toEqual(read(other));
  }, 60_000);
});
