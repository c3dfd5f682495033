import { afterAll, describe, expect, it } from 'vitest';
import { generateBusinessDoc } from '../../bench/lib/business/index.js';
import { ingestPages } from '../../bench/lib/business/scan.js';
import { splitSeeds } from '../../bench/lib/splits.js';
import { learnLayout } from '../../src/extract/memory/index.js';
import { createPageReader } from '../../src/extract/read/page-reader.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';
import { readWithMemory } from './helpers/memory-pages.js';

/**
 * A column whose value is the same on every row (a purchase order's `IVA`,
 * 21% on each item) is a column still where the page prints it on every row
 * (src/extract/memory/learn.ts, splitFields), read as the rate its rows hold,
 * not as the document's tax amount its name means (compete.ts, fittedWords).
 * Learned as a document value, the memory read the total under `IVA` on
 * every row. A generated sender's series: one sender, one layout.
 */

const reader = createPageReader();
afterAll(() => reader.close());

// The tuning split's purchase order sender of the series bench (bench/lib/business/series.ts).
const doc = (seed: number) => generateBusinessDoc({ seed, kind: 'purchase_order', lang: 'es', series: splitSeeds('tuning', 8, 1)[3] });

async function contentOf(seed: number) {
  const d = await doc(seed);
  const [page] = await ingestPages(d.pdf);
  return { d, content: (await reader.read(page, 'fast')).content };
}

describe('layout memory: a column of one value on every row', () => {
  it('learns it as a column and reads each row\'s rate', async () => {
    const first = await contentOf(1000);
    const names = first.d.request.lines.map((f) => f.name);
    const tax = first.d.request.lines.find((f) => f.key === 'tax_rate')!;
    const rows = first.d.lines.map((row) => Object.fromEntries(first.d.request.lines.map((f) => [f.name, row[f.key] ?? ''])));
    expect(new Set(rows.map((r) => r[tax.name])).size).toBe(1);
    const model = learnLayout(first.content, { fields: names, rows }, DEFAULT_SETTINGS)!;
    expect(model.table?.columns.map((c) => c.name)).toContain(tax.name);
    const next = await contentOf(1003);
    const result = readWithMemory(next.content, names.map((name) => ({ name, formatRequirement: '' })), [{ id: 'm', model }]);
    expect(result.ok && result.rows.map((r) => { const c = r[tax.name]; return 'value' in c ? c.value : null; })).toEqual(next.d.lines.map((l) => l.tax_rate));
  }, 60_000);
});
