import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLayoutEngine } from '../../src/extract/layout/index.js';
import type { Box, Engine } from '../../src/extract/types.js';
import { startWorkers, type RunningWorkers } from '../../src/workers.js';
import { bearer, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { generatePage, iou } from '../helpers/bbox-page.js';
import { bboxPdf, type GeneratedPdf } from '../helpers/bbox-pdf.js';
import { waitUntil } from '../helpers/bbox-workers.js';
import { expectCreditsInvariant } from '../helpers/credits.js';
import { seedSucceededDocument } from '../helpers/seed-succeeded.js';
import { upload } from './helpers/uploads.js';

describe.each(DIALECTS)('bbox in results and auto_annotate_bbox (%s)', (dialect) => {
  let t: TestApp;
  let engine: Engine;
  let workers: RunningWorkers | null = null;
  let table: GeneratedPdf;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    engine = createLayoutEngine({ ocrThreads: 1 });
    table = await bboxPdf(12);
  });
  afterAll(async () => {
    await workers?.stop();
    await engine.close?.();
    await t.destroy();
  });

  const api = (apiKey: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.inject({ method, url: `/api/v1${url}`, headers: bearer(apiKey), ...(payload === undefined ? {} : { payload: payload as object }) });
  const bboxJobCount = async () => (await t.services.db.selectFrom('bbox_jobs').select('id').execute()).length;

  it('include=bbox reads computed boxes only: nulls before a job, never starts one, image regions keep their shape', async () => {
    const page = generatePage(12, { seed: 3 });
    const { accountId, apiKey } = await t.createAccount({ credits: 5 });
    const doc = await seedSucceededDocument(t.services, { accountId, page });
    const jobsBefore = await bboxJobCount();
    const res = await api(apiKey, 'GET', `/batches/${doc.batchName}/results?include=bbox`);
    expect(res.statusCode).toBe(200);
    const [entry] = res.json().documents;
    const valueOf = (field: string) => (page.result.rows[0][field] as { value: string }).value;
    expect(entry.bbox_status).toBeNull();
    expect(entry.line_items[0]).toEqual({
      Description: { value: valueOf('Description'), bbox: null },
      Qty: { value: valueOf('Qty'), bbox: null },
      'Unit price': { value: valueOf('Unit price'), bbox: null },
      Date: { value: valueOf('Date'), bbox: null },
      Photo: { type: 'image_region', bbox: { ...page.photoBox, unit: 'normalized' }, image_url: expect.stringContaining(`/documents/${doc.documentId}/image?crop=`) },
    });
    const plain = (await api(apiKey, 'GET', `/batches/${doc.batchName}/results`)).json().documents[0];
    expect(plain.bbox_status).toBeUndefined();
    expect(plain.line_items[0].Photo).toEqual(entry.line_items[0].Photo);
    expect(plain.line_items[0].Qty).toBe(valueOf('Qty'));
    const merged = (await api(apiKey, 'GET', `/batches/${doc.batchName}/results?merge=true`)).json().documents[0];
    expect(merged.line_items[0].Photo).toEqual(entry.line_items[0].Photo);
    const single = (await api(apiKey, 'GET', `/documents/${doc.documentId}`)).json();
    expect(single.line_items[0].Photo).toEqual(entry.line_items[0].Photo);
    // A queued job shows its status, still without boxes, and reading started nothing.
    await api(apiKey, 'POST', `/documents/${doc.documentId}/bbox`);
    const queued = (await api(apiKey, 'GET', `/batches/${doc.batchName}/results?include=bbox`)).json().documents[0];
    expect(queued.bbox_status).toBe('queued');
    expect(queued.line_items[5].Qty.bbox).toBeNull();
    expect(queued.line_items[5].Photo).toEqual(entry.line_items[0].Photo);
    expect(await bboxJobCount()).toBe(jobsBefore + 1);
    expect((await api(apiKey, 'GET', '/account')).json().available_credits).toBe(4);
  });

  it('auto_annotate_bbox: processing queues and bills a bbox job per succeeded document; results carry its boxes', async () => {
    const auto = await t.createAccount({ credits: 10, settings: { auto_annotate_bbox: true } });
    const manual = await t.createAccount({ credits: 10 });
    const broke = await t.createAccount({ credits: 1, settings: { auto_annotate_bbox: true } });
    const ids: Record<string, string> = {};
    for (const [name, acct] of Object.entries({ auto, manual, broke })) {
      const up = await upload(t, acct.apiKey, { fields: { batch_name: `tbl_${name}` }, file: { filename: 'invoice.pdf', content: table.pdf, contentType: 'application/pdf' } });
      expect(up.statusCode).toBe(200);
      ids[name] = (up.json().document_id as string[])[0];
      const proc = await api(acct.apiKey, 'POST', `/batches/tbl_${name}/process`, { fields: table.fields });
      expect(proc.statusCode).toBe(200);
    }
    workers = startWorkers(t.services, { workers: 1, engine, pollMs: 20 });
    const status = async (acct: { apiKey: string }, id: string) => (await api(acct.apiKey, 'GET', `/documents/${id}`)).json().status as string;
    await waitUntil(async () => (await status(manual, ids.manual)) === 'succeeded' && (await status(broke, ids.broke)) === 'succeeded', 60_000, 'extraction');
    await waitUntil(async () => (await api(auto.apiKey, 'GET', `/documents/${ids.auto}/bbox`)).json().status === 'succeeded', 60_000, 'auto bbox');

    const results = (await api(auto.apiKey, 'GET', '/batches/tbl_auto/results?include=bbox')).json();
    const [entry] = results.documents;
    expect(entry).toMatchObject({ document_id: ids.auto, status: 'succeeded', bbox_status: 'succeeded' });
    expect(entry.line_items).toHaveLength(12);
    const bbox = (await api(auto.apiKey, 'GET', `/documents/${ids.auto}/bbox`)).json();
    let located = 0;
    entry.line_items.forEach((item: Record<string, { value: string; bbox: (Box & { unit: string }) | null }>, r: number) => {
      for (const field of table.fields) {
        const { bbox: got } = item[field];
        expect(got).toEqual(bbox.rows[String(r)][field]);
        if (got === null) continue;
        expect(iou(got, table.cells[r][field].box), `row ${r} ${field}`).toBeGreaterThanOrEqual(0.7);
        located++;
      }
    });
    expect(located).toBe(12 * 3);
    const ledger = async (acct: { apiKey: string }) =>
      ((await api(acct.apiKey, 'GET', '/account/usage')).json().data as Array<{ action: string; reason: string; amount: number }>)
        .filter((e) => e.reason !== null).map((e) => [e.reason, e.action, e.amount]).sort();
    expect(await ledger(auto)).toEqual([['bbox', 'deduction', -1], ['extraction', 'deduction', -1]]);
    // Setting off, or a pool that cannot pay: extraction still succeeds, no bbox job, no bbox charge.
    for (const [acct, id] of [[manual, ids.manual], [broke, ids.broke]] as const) {
      expect((await api(acct.apiKey, 'GET', `/documents/${id}/bbox`)).json()).toMatchObject({ exists: false, status: null });
      expect(await ledger(acct)).toEqual([['extraction', 'deduction', -1]]);
    }
    const manualResults = (await api(manual.apiKey, 'GET', '/batches/tbl_manual/results?include=bbox')).json().documents[0];
    expect(manualResults.bbox_status).toBeNull();
    expect(manualResults.line_items[0].Qty).toEqual({ value: expect.any(String), bbox: null });
    await expectCreditsInvariant(t.services.db);
  }, 150_000);
});
