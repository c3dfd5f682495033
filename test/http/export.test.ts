import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectError } from './helpers/uploads.js';
import { api, cannedEngine, runWorkers, uploadTextPdf, waitForBatch } from '../pipeline/helpers.js';

async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  expect(wb.worksheets.length).toBe(1);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe.each(DIALECTS)('GET /batches/{name}/export (%s)', (dialect) => {
  let t: TestApp;
  let apiKey: string;
  let ids: string[];
  let templateId: number;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) => api(t, apiKey)(method, url, payload);
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const account = await t.createAccount({ credits: 20 });
    apiKey = account.apiKey;
    templateId = (await call('POST', '/templates', { name: 'Lines' })).json().template.id;
    for (const name of ['Invoice No', 'Item']) await call('POST', `/templates/${templateId}/fields`, { name });
    ids = await uploadTextPdf(t, apiKey, 'exp', 3, 1);
    await call('POST', '/batches/exp/process', { template_id: templateId });
    const engine = cannedEngine((page) => (page === 3
      ? { ok: false, failure: { code: 'no_content', message: 'blank' } }
      : { ok: true, fields: ['Invoice No', 'Item'], rows: [
        { 'Invoice No': { value: page === 1 ? 'INV-9' : '', box: null }, Item: { value: `Item ${page}a`, box: null } },
        { 'Invoice No': { value: null, box: null }, Item: { value: `Item ${page}b`, box: null } },
      ] }));
    const workers = runWorkers(t, { engine, workers: 1 });
    await waitForBatch(t, account.accountId, 'exp');
    await workers.stop();
  }, 120_000);
  afterAll(async () => t.destroy());

  it('streams a real xlsx: document_id, filename and the fields as columns, one line per row', async () => {
    const res = await call('GET', '/batches/exp/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="exp.xlsx"');
    expect(await sheetRows(res.rawPayload)).toEqual([
      ['document_id', 'filename', 'Invoice No', 'Item'],
      [ids[0], 'invoice-3p.pdf', 'INV-9', 'Item 1a'],
      [ids[0], 'invoice-3p.pdf', undefined, 'Item 1b'],
      [ids[1], 'invoice-3p.pdf', undefined, 'Item 2a'],
      [ids[1], 'invoice-3p.pdf', undefined, 'Item 2b'],
    ].map((r) => r.slice(0, r.length)));
    expect((await call('GET', '/batches/exp/export?format=xlsx')).statusCode).toBe(200);
  });

  it('always applies the template\'s merge', async () => {
    await call('PUT', `/templates/${templateId}/settings`, { merge_enabled: true, merge_group_by: 'upload', merge_mode: 'append' });
    const rows = await sheetRows((await call('GET', '/batches/exp/export')).rawPayload);
    expect(rows.slice(1)).toEqual([
      [ids[0], 'invoice-3p.pdf', 'INV-9', 'Item 1a'],
      [ids[0], 'invoice-3p.pdf', 'INV-9', 'Item 1b'],
      [ids[0], 'invoice-3p.pdf', 'INV-9', 'Item 2a'],
      [ids[0], 'invoice-3p.pdf', 'INV-9', 'Item 2b'],
    ]);
    await call('PUT', `/templates/${templateId}/settings`, { merge_mode: 'fold' });
    expect((await sheetRows((await call('GET', '/batches/exp/export')).rawPayload)).slice(1)).toEqual([[ids[0], 'invoice-3p.pdf', 'INV-9', 'Item 1a']]);
  });

  it('answers batch_not_found and invalid_parameter for another format', async () => {
    expectError(await call('GET', '/batches/nope/export'), 404, 'batch_not_found');
    expectError(await call('GET', '/batches/exp/export?format=csv'), 400, 'invalid_parameter', 'format');
  });
});
