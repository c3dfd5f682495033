import { afterAll, describe, expect, it } from 'vitest';
import { createLayoutEngine } from '../../src/extract/layout/index.js';
import { generateBusinessDoc, KINDS, LANGS, splitSeeds } from '../../bench/lib/business/index.js';
import { scoreDocument, summarize, type DocScore } from '../../bench/lib/business/evaluate.js';
import { ingestPages } from '../../bench/lib/business/scan.js';

/**
 * A floor under the engine on generated business documents (digital, one
 * document per kind and language of the tuning split): line-item cell F1 with
 * the requested names, and document-field accuracy. The floors sit just under
 * what the engine reaches today and only move up; `npm run bench:extract`
 * reports the full figures (scans included) on both splits. Each kind
 * appears in two languages and each language at least twice, to stay quick.
 */
// Today: line F1 0.971, fields 0.99 on the generator widened again for issue 28 item 5 (article lines over their
// descriptions, heads set apart from or left of their columns, single items, receipt columns in several orders);
// 1.000 / 0.984 on the narrower one before the first widening (the engine before the #13 work: 0.157 and 0.109).
// The Polish packing list and the Dutch bank statement that held it at 0.94 read whole: "Kartony" and "Waga netto
// kg" name their columns, a column's total is no item's value, and columns are no longer drawn into each other.
// 0.936 line F1 on the generator widened a fifth time (payslips, packing lists and orders as other payroll, warehouse
// and ERP systems print them: two tables side by side, carton numbers, lot lines, delivery dates per line): a harder
// set, not a weaker engine (the same engine read 0.971 on the set before it).
const FLOOR = { lineF1: 0.93, fields: 0.95 };

describe('business documents: accuracy floor (digital, tuning split)', () => {
  const engine = createLayoutEngine();
  afterAll(() => engine.close?.());

  it('keeps line items and document fields above the floor over every kind and language', { timeout: 120_000 }, async () => {
    const seeds = splitSeeds('tuning', 2);
    const scores: DocScore[] = [];
    for (const [i, kind] of KINDS.entries()) {
      for (const [k, seed] of seeds.entries()) {
        const doc = await generateBusinessDoc({ seed, kind, lang: LANGS[(i * 2 + k) % LANGS.length] });
        scores.push(await scoreDocument(engine, doc, await ingestPages(doc.pdf), 'fast'));
      }
    }
    const s = summarize(scores);
    expect(s.line_items.f1).toBeGreaterThanOrEqual(FLOOR.lineF1);
    expect(s.fields.accuracy).toBeGreaterThanOrEqual(FLOOR.fields);
  });
});
