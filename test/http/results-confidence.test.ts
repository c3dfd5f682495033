import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedCell, ExtractResult } from '../../src/extract/types.js';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectError } from './helpers/uploads.js';
import { api, cannedEngine, runWorkers, uploadTextPdf, waitForBatch } from '../pipeline/helpers.js';

const BOX = { x1: 0.5, y1: 0.5, x2: 0.6, y2: 0.55 };
const cell = (value: string | null, confidence?: number): ExtractedCell => ({ value, box: value === null ? null : BOX, ...(confidence === undefined ? {} : { confidence }) });

/** Two pages of one upload: the invoice number on page 1 (sure), items on both, one value the engine did not score. */
function pageRows(page: number, fields: string[]): ExtractResult {
  const rows: Array<Record<string, ExtractedCell>> = page === 1
    ? [{ invoice_number: cell('INV-7', 0.97), description: cell('Apples', 0.9), amount: cell('3.50', 0.42) }]
    : [{ invoice_number: cell(null), description: cell('Pears', 0.88), amount: cell('2.00') }];
  return { ok: true, fields, rows: rows.map((r) => Object.fromEntries(fields.map((f) => [f, r[f]]))) };
}

describe.each(DIALECTS)('GET /batches/{name}/results?include=confidence (%s)', (dialect) => {
  let t: TestApp;
  let apiKey: string;
  let ids: string[];
  let templateId: number;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) => api(t, apiKey)(method as 'GET', url, payload);
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const account = await t.createAccount({ credits: 20 });
    apiKey = account.apiKey;
    templateId = (await call('POST', '/templates', { name: 'Invoices' })).json().template.id;
    for (const name of ['invoice_number', 'description', 'amount']) await call('POST', `/templates/${templateId}/fields`, { name });
    ids = await uploadTextPdf(t, apiKey, 'conf', 2, 1);
    await call('POST', '/batches/conf/process', { template_id: templateId });
    const workers = runWorkers(t, { engine: cannedEngine((page, request) => pageRows(page, request.fields.map((f) => f.name))), workers: 1 });
    await waitForBatch(t, account.accountId, 'conf');
    await workers.stop();
  }, 120_000);
  afterAll(async () => t.destroy());

  it('wraps every value as {value, confidence}; no value or no score is confidence null', async () => {
    const res = await call('GET', '/batches/conf/results?include=confidence');
    expect(res.statusCode).toBe(200);
    const docs = res.json().documents;
    expect(docs.map((d: { document_id: string }) => d.document_id)).toEqual(ids);
    expect(docs[0].line_items).toEqual([{ invoice_number: { value: 'INV-7', confidence: 0.97 }, description: { value: 'Apples', confidence: 0.9 }, amount: { value: '3.50', confidence: 0.42 } }]);
    expect(docs[1].line_items).toEqual([{ invoice_number: { value: null, confidence: null }, description: { value: 'Pears', confidence: 0.88 }, amount: { value: '2.00', confidence: null } }]);
    expect(docs[0].bbox_status).toBeUndefined();
  });

  it('combines with bbox as {value, bbox, confidence}, in either order', async () => {
    for (const include of ['bbox,confidence', 'confidence,bbox']) {
      const doc = (await call('GET', `/batches/conf/results?include=${include}`)).json().documents[0];
      expect(doc.line_items[0].invoice_number).toEqual({ value: 'INV-7', bbox: null, confidence: 0.97 });
      expect(Object.keys(doc.line_items[0].amount)).toEqual(['value', 'bbox', 'confidence']);
      expect(doc.bbox_status).toBeNull();
    }
  });

  it('combines with merge=true: merged rows keep their confidences and group by value', async () => {
    await call('PUT', `/templates/${templateId}/settings`, { merge_enabled: true, merge_group_by: 'upload', merge_mode: 'append' });
    const res = await call('GET', '/batches/conf/results?merge=true&include=confidence');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.merge_active).toBe(true);
    expect(body.documents).toHaveLength(1);
    expect(body.documents[0].line_items).toEqual([
      { invoice_number: { value: 'INV-7', confidence: 0.97 }, description: { value: 'Apples', confidence: 0.9 }, amount: { value: '3.50', confidence: 0.42 } },
      // The record-level invoice number carries into the second page's row, with its confidence.
      { invoice_number: { value: 'INV-7', confidence: 0.97 }, description: { value: 'Pears', confidence: 0.88 }, amount: { value: '2.00', confidence: null } },
    ]);
  });

  it('refuses unknown include items and merge=true with bbox, changing nothing', async () => {
    for (const bad of ['confidences', 'bbox,score', 'bbox,', '']) {
      expectError(await call('GET', `/batches/conf/results?include=${bad}`), 400, 'invalid_parameter', 'include');
    }
    expectError(await call('GET', '/batches/conf/results?merge=true&include=bbox,confidence'), 400, 'invalid_parameter', 'include');
    expect((await call('GET', '/batches/conf/results')).json().documents[0].line_items[0].invoice_number).toBe('INV-7');
  });
});
