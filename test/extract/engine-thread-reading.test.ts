import { afterAll, describe, expect, it } from 'vitest';
import { startEngineThreads } from '../../src/extract/engines/engine-threads.js';
import { createLayoutEngine } from '../../src/extract/index.js';
import { generateInvoice } from '../fixtures/extract/documents.js';
import { scanPdf } from '../fixtures/extract/scans.js';

/**
 * The service's engine threads (src/extract/engines/engine-thread.ts) read a scan as `docrows extract` and
 * createLayoutEngine() do: the page recognized in the same bands, so the API answers what the CLI and the bench's
 * figures answer. One band read other words (a scanned invoice's item table here).
 */
describe('engine threads read a scan as createLayoutEngine() does', () => {
  const threads = startEngineThreads(1);
  const local = createLayoutEngine();
  afterAll(() => Promise.all([threads.close(), local.close?.()]));

  it('returns the same rows, values, confidences and boxes for a grainy scanned invoice', { timeout: 300_000 }, async () => {
    const doc = await generateInvoice(SEED);
    const image = await scanPdf(doc.pdf, { dpi: 200, rotate: 0.6, blur: 0.5, noise: 12, jpegQuality: 60 }, SEED);
    const request = { fields: doc.columns.map((name) => ({ name, formatRequirement: '' })), globalFormatRequirement: '', quality: 'fast' as const };
    const [inThread, inProcess] = await Promise.all([threads.layout.extract({ image, textLayer: null }, request), local.extract({ image, textLayer: null }, request)]);
    expect(inProcess.ok && inProcess.rows.length).toBeGreaterThan(1);
    expect(inThread).toEqual(inProcess);
  });
});

const SEED = 11;
