import { afterAll, describe, expect, it } from 'vitest';
import { createLayoutEngine } from '../../src/extract/layout/index.js';
import type { EnginePage } from '../../src/extract/types.js';
import { generateDigitalSet } from '../fixtures/extract/documents.js';
import { f1 } from './helpers/cell-score.js';
import { digitalPage, runGenerated } from './helpers/generated-eval.js';

describe('generated business documents (text layer)', () => {
  const engine = createLayoutEngine();
  afterAll(() => engine.close?.());

  it('extracts every cell of invoices, statements and price lists, ruled or not', { timeout: 60_000 }, async () => {
    const docs = await generateDigitalSet(9, 7);
    const pages: EnginePage[] = [];
    for (const d of docs) pages.push(await digitalPage(d));
    const run = await runGenerated(engine, docs, pages, 'fast');
    expect(f1(run.given)).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(f1(run.inferred)).toEqual({ precision: 1, recall: 1, f1: 1 });
  });
});
