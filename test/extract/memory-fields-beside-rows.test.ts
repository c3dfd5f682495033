import { afterAll, describe, expect, it } from 'vitest';
import { generateBusinessDoc } from '../../bench/lib/business/index.js';
import { ingestPages } from '../../bench/lib/business/scan.js';
import { splitSeeds } from '../../bench/lib/splits.js';
import { learnLayout, memoryOfPage } from '../../src/extract/memory/index.js';
import { createPageReader } from '../../src/extract/read/page-reader.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';
import type { ExtractResult } from '../../src/extract/types.js';
import { readWithMemory } from './helpers/memory-pages.js';

/**
 * A packing list's sender corrected once on its document fields (the series
 * bench's fields batch: shipper, numbers, the total packages and weights).
 * Its items print their weights with one decimal (`257,1`): those lines are
 * item rows, whose words are no anchor of the layout (memory/layout-match.ts,
 * anchorsOf), so a page with fewer items is the layout still. And a request
 * for its items (code, description, …, each item's weights) is a request for
 * rows though it asks the names the correction set as the document's totals
 * (memory/apply.ts): where the general rules read the rows, those names are
 * their columns, not the totals on every row.
 */

const reader = createPageReader();
afterAll(() => reader.close());

// The tuning split's packing list sender of the series bench (bench/lib/business/series.ts), in German.
const doc = (seed: number) => generateBusinessDoc({ seed, kind: 'packing_list', lang: 'de', series: splitSeeds('tuning', 8, 1)[7] });

async function contentOf(seed: number) {
  const d = await doc(seed);
  const [page] = await ingestPages(d.pdf);
  return { d, content: (await reader.read(page, 'fast')).content };
}

const valuesOf = (r: ExtractResult, name: string) => (r.ok ? r.rows.map((row) => { const c = row[name]; return 'value' in c ? c.value : null; }) : null);

describe('layout memory: a document fields correction beside a table of items', () => {
  it('knows the layout on a page with fewer items, and leaves the items\' weights to the rows', async () => {
    const first = await contentOf(1000);
    const fields = first.d.request.fields;
    const model = learnLayout(first.content, { fields: fields.map((f) => f.name), rows: [Object.fromEntries(fields.map((f) => [f.name, first.d.fields[f.key]]))] }, DEFAULT_SETTINGS)!;
    const memories = [{ id: 'm', model }];
    // Seven items taught; two on this page.
    const fewer = await contentOf(1003);
    expect([first.d.lines.length, fewer.d.lines.length]).toEqual([7, 2]);
    expect(memoryOfPage(fewer.content, memories)).toBe('m');
    // The items asked, with the weights a person set as the totals on the first page.
    const more = await contentOf(1005);
    const lines = more.d.request.lines;
    const gross = lines.find((f) => f.key === 'gross_weight')!;
    expect(fields.some((f) => f.name === gross.name)).toBe(true);
    const asked = lines.map((f) => ({ name: f.name, formatRequirement: '' }));
    expect(valuesOf(readWithMemory(more.content, asked), gross.name)).toEqual(more.d.lines.map((l) => l.gross_weight));
    expect(valuesOf(readWithMemory(more.content, asked, memories), gross.name)).toEqual(more.d.lines.map((l) => l.gross_weight));
  }, 60_000);
});
