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
// Today: line F1 0.968, fields 0.95+ on the generator widened for issue 28 (till systems, second lines
// of items, columns at odd positions, logos, stamps, pen marks); 1.000 / 0.984 on the narrower one
// before it (the engine before the #13 work: 0.157 and 0.109). Polish joined the languages and the draw (0.942): its
// packing list names 245 of 294 cells right with the columns named, all 294 inferred, and a Dutch bank statement
// misses 34 of its 85 cells either way; the floor holds what the engine reaches with them until they are fixed.
const FLOOR = { lineF1: 0.94, fields: 0.95 };

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
