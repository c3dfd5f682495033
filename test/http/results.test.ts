import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedCell, ExtractResult } from '../../src/extract/types.js';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectError } from './helpers/uploads.js';
import { api, cannedEngine, runWorkers, uploadTextPdf, waitForBatch } from '../pipeline/helpers.js';

const PHOTO = { x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.4 };
const cell = (value: string | null, box = { x1: 0.5, y1: 0.5, x2: 0.6, y2: 0.55 }): ExtractedCell => ({ value, box });

/** Three pages of one record-ish upload: invoice number on pages 1 and 3, a photo on page 1 only. */
function pageRows(page: number, fields: string[]): ExtractResult {
  const rows: Array<Record<string, ExtractedCell>> = {
    1: [{ 'Invoice No': cell('INV-1'), Item: cell('A'), Qty: cell('1'), Photo: { type: 'image_region', box: PHOTO } as ExtractedCell }],
    2: [{ 'Invoice No': cell(''), Item: cell('B'), Qty: cell('2'), Photo: { type: 'image_region', box: null } as ExtractedCell }],
    3: [{ 'Invoice No': cell('INV-2'), Item: cell('C'), Qty: cell('3') }, { 'Invoice No': cell(null), Item: cell('D'), Qty: cell('4') }],
  }[page] ?? [];
  // Rows keyed in the request's column order, as engines answer.
  return { ok: true, fields, rows: rows.map((r) => Object.fromEntries(fields.filter((f) => f in r).map((f) => [f, r[f]]))) };
}

describe.each(DIALECTS)('GET /batches/{name}/results (%s)', (dialect) => {
  let t: TestApp;
  let apiKey: string;
  let ids: string[];
  let templateId: number;
  const call = (method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: unknown) => api(t, apiKey)(method as 'GET', url, payload);
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const account = await t.createAccount({ credits: 20 });
    apiKey = account.apiKey;
    templateId = (await call('POST', '/templates', { name: 'Invoices' })).json().template.id;
    const fieldIds: number[] = [];
    for (const name of ['Item', 'Qty', 'Invoice No', 'Photo']) fieldIds.push((await call('POST', `/templates/${templateId}/fields`, { name })).json().field.id);
    // Column order is the fields' sort_order: Invoice No first.
    await t.inject({ method: 'PATCH', url: `/api/v1/templates/${templateId}/fields/order`, headers: { authorization: `Bearer ${apiKey}` }, payload: { field_ids: [fieldIds[2], fieldIds[0], fieldIds[1], fieldIds[3]] } });
    ids = await uploadTextPdf(t, apiKey, 'res', 3, 1);
    await call('POST', '/batches/res/process', { template_id: templateId });
    const workers = runWorkers(t, { engine: cannedEngine((page, request) => pageRows(page, request.fields.map((f) => f.name))), workers: 1 });
    await waitForBatch(t, account.accountId, 'res');
    await workers.stop();
  }, 120_000);
  afterAll(async () => t.destroy());

  const region = (id: string) => ({
    type: 'image_region', bbox: { ...PHOTO, unit: 'normalized' }, image_url: `${t.config.baseUrl}/api/v1/documents/${id}/image?crop=0.1,0.2,0.3,0.4`,
  });
  // A pure-location field not found on the page is null (docs/decisions.md).
  const noRegion = null;

  it('returns bare scalars in column order, image_region for located pure-location fields, null when not found', async () => {
    const res = await call('GET', '/batches/res/results');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      batch_name: 'res',
      merge_active: false,
      documents: [
        { document_id: ids[0], filename: 'invoice-3p.pdf', status: 'succeeded', corrected_at: null, line_items: [{ 'Invoice No': 'INV-1', Item: 'A', Qty: '1', Photo: region(ids[0]) }] },
        { document_id: ids[1], filename: 'invoice-3p.pdf', status: 'succeeded', corrected_at: null, line_items: [{ 'Invoice No': '', Item: 'B', Qty: '2', Photo: noRegion }] },
        { document_id: ids[2], filename: 'invoice-3p.pdf', status: 'succeeded', corrected_at: null, line_items: [
          { 'Invoice No': 'INV-2', Item: 'C', Qty: '3', Photo: null }, { 'Invoice No': null, Item: 'D', Qty: '4', Photo: null }] },
      ],
    });
    expect(Object.keys(body.documents[0].line_items[0])).toEqual(['Invoice No', 'Item', 'Qty', 'Photo']);
  });

  it('include=bbox wraps values as {value, bbox} with bbox_status, reading computed boxes only', async () => {
    const now = new Date().toISOString();
    const doc = await t.services.db.selectFrom('documents').selectAll().where('id', '=', ids[0]).executeTakeFirstOrThrow();
    await t.services.db.insertInto('bbox_jobs').values({
      id: 'bbx_01TEST', document_id: ids[0], batch_id: doc.batch_id, pool_account_id: doc.account_id, consumer_id: doc.account_id,
      status: 'succeeded', running_document_id: null, row_groups: 1, charged_amount: 1, charged_tier: 'standard', created_at: now, completed_at: now,
    }).execute();
    await t.services.db.insertInto('bbox_row_groups').values({
      bbox_job_id: 'bbx_01TEST', group_index: 0, row_start: 0, row_end: 1, status: 'succeeded', updated_at: now,
      boxes: JSON.stringify({ 0: { 'Invoice No': { x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.12 }, Item: null, Qty: { x1: 0.3, y1: 0.1, x2: 0.35, y2: 0.12 } } }),
    }).execute();
    const jobsBefore = (await t.services.db.selectFrom('jobs').select('id').execute()).length;
    const body = (await call('GET', '/batches/res/results?include=bbox')).json();
    expect(body.merge_active).toBe(false);
    expect(body.documents[0]).toEqual({
      document_id: ids[0], filename: 'invoice-3p.pdf', status: 'succeeded', corrected_at: null, bbox_status: 'succeeded',
      line_items: [{
        'Invoice No': { value: 'INV-1', bbox: { x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.12, unit: 'normalized' } },
        Item: { value: 'A', bbox: null },
        Qty: { value: '1', bbox: { x1: 0.3, y1: 0.1, x2: 0.35, y2: 0.12, unit: 'normalized' } },
        Photo: region(ids[0]),
      }],
    });
    expect(body.documents[1]).toMatchObject({ bbox_status: null, line_items: [{ Item: { value: 'B', bbox: null } }] });
    expect((await t.services.db.selectFrom('jobs').select('id').execute()).length).toBe(jobsBefore);
  });

  it('merge=true folds by upload or key fields, appends with record values carried forward', async () => {
    // Merge off on the template: merge=true changes nothing but says so.
    const off = (await call('GET', '/batches/res/results?merge=true')).json();
    expect(off.merge_active).toBe(false);
    expect(off.documents.length).toBe(3);

    await call('PUT', `/templates/${templateId}/settings`, { merge_enabled: true, merge_group_by: 'upload', merge_mode: 'fold' });
    expect((await call('GET', '/batches/res/results?merge=true')).json()).toEqual({
      batch_name: 'res', merge_active: true,
      documents: [{ document_id: ids[0], filename: 'invoice-3p.pdf', status: 'succeeded', corrected_at: null, source_document_ids: ids,
        line_items: [{ 'Invoice No': 'INV-1', Item: 'A', Qty: '1', Photo: region(ids[0]) }] }],
    });
    // Without merge=true results keep one entry per document.
    expect((await call('GET', '/batches/res/results')).json().merge_active).toBe(false);

    await call('PUT', `/templates/${templateId}/settings`, { merge_group_by: 'key_fields', merge_key_fields: ['Invoice No'], merge_mode: 'append' });
    expect((await call('GET', '/batches/res/results?merge=true')).json().documents).toEqual([
      { document_id: ids[0], filename: 'invoice-3p.pdf', status: 'succeeded', corrected_at: null, source_document_ids: [ids[0], ids[1]], line_items: [
        { 'Invoice No': 'INV-1', Item: 'A', Qty: '1', Photo: region(ids[0]) },
        { 'Invoice No': 'INV-1', Item: 'B', Qty: '2', Photo: region(ids[0]) },
      ] },
      { document_id: ids[2], filename: 'invoice-3p.pdf', status: 'succeeded', corrected_at: null, source_document_ids: [ids[2]], line_items: [
        { 'Invoice No': 'INV-2', Item: 'C', Qty: '3', Photo: null },
        { 'Invoice No': 'INV-2', Item: 'D', Qty: '4', Photo: null },
      ] },
    ]);
    await call('PUT', `/templates/${templateId}/settings`, { merge_enabled: false });
  });

  it('rejects merge with include=bbox and unknown batches', async () => {
    expectError(await call('GET', '/batches/res/results?merge=true&include=bbox'), 400, 'invalid_parameter', 'include');
    expectError(await call('GET', '/batches/res/results?include=boxes'), 400, 'invalid_parameter', 'include');
    expectError(await call('GET', '/batches/res/results?merge=maybe'), 400, 'invalid_parameter', 'merge');
    expectError(await call('GET', '/batches/nope/results'), 404, 'batch_not_found');
    const other = await t.createAccount();
    expectError(await api(t, other.apiKey)('GET', '/batches/res/results'), 404, 'batch_not_found');
  });
});
