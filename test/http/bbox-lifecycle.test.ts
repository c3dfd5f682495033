import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishRowGroup, type PageOcr } from '../../src/core/bbox/index.js';
import { saveRegistration } from '../../src/core/webhooks/index.js';
import type { Word } from '../../src/extract/types.js';
import { bearer, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { generatePage } from '../helpers/bbox-page.js';
import { startBboxWorkers, startReceiver, waitUntil } from '../helpers/bbox-workers.js';
import { expectCreditsInvariant } from '../helpers/credits.js';
import { seedSucceededDocument } from '../helpers/seed-succeeded.js';

/** OCR stand-in that holds every read until released (so a job can be caught mid-run), then returns the page's words. */
function gatedOcr(words: Word[], failFirst = 0): PageOcr & { release(): void; calls: number } {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => { open = resolve; });
  const ocr = {
    calls: 0,
    release: () => open(),
    async readWords() {
      ocr.calls++;
      await gate;
      if (ocr.calls <= failFirst) throw new Error('Tesseract worker crashed');
      return words;
    },
    close: async () => undefined,
  };
  return ocr;
}

describe.each(DIALECTS)('bbox job lifecycle (%s)', (dialect) => {
  let t: TestApp;
  const page = generatePage(40, { seed: 9 });

  beforeAll(async () => { t = await startTestApp(dialect, { DOCROWS_ALLOW_PRIVATE_URLS: 'true' }); });
  afterAll(async () => { await t.destroy(); });

  const api = (apiKey: string, method: 'GET' | 'POST', url: string) => t.inject({ method, url: `/api/v1${url}`, headers: bearer(apiKey) });
  const state = async (apiKey: string, id: string) => (await api(apiKey, 'GET', `/documents/${id}/bbox`)).json();
  const rowGroupJobsSettled = async () => {
    const open = await t.services.db.selectFrom('jobs').select('id').where('kind', '=', 'bbox.row_group').where('state', 'in', ['pending', 'running']).execute();
    return open.length === 0;
  };

  it('reports queued, then processing while row groups run (a second trigger sees it running), then succeeded', async () => {
    const { accountId, apiKey } = await t.createAccount({ credits: 5 });
    const doc = await seedSucceededDocument(t.services, { accountId, page, textLayer: false });
    const started = (await api(apiKey, 'POST', `/documents/${doc.documentId}/bbox`)).json();
    expect((await state(apiKey, doc.documentId)).status).toBe('queued');
    const ocr = gatedOcr(page.textLayer.words);
    const workers = startBboxWorkers(t.services, { ocr, cpuSlots: 1 });
    try {
      await waitUntil(async () => ocr.calls > 0, 10_000, 'a row group to start');
      expect(await state(apiKey, doc.documentId)).toEqual({ document_id: doc.documentId, exists: true, status: 'processing', group_batch_id: started.group_batch_id, rows: {} });
      const again = await api(apiKey, 'POST', `/documents/${doc.documentId}/bbox`);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ ...started, status: 'processing', already_running: true });
      ocr.release();
      await waitUntil(async () => (await state(apiKey, doc.documentId)).status === 'succeeded', 30_000, 'bbox job');
    } finally {
      await workers.stop();
    }
    expect(Object.keys((await state(apiKey, doc.documentId)).rows)).toHaveLength(40);
    expect((await api(apiKey, 'GET', '/account')).json().available_credits).toBe(4);
  });

  it('a row group that fails once is retried and the job still succeeds, charged once', async () => {
    const { accountId, apiKey } = await t.createAccount({ credits: 5 });
    const doc = await seedSucceededDocument(t.services, { accountId, page: generatePage(8, { seed: 2 }), textLayer: false });
    await api(apiKey, 'POST', `/documents/${doc.documentId}/bbox`);
    const ocr = gatedOcr(doc.page.textLayer.words, 1);
    ocr.release();
    const workers = startBboxWorkers(t.services, { ocr, cpuSlots: 1 });
    try {
      await waitUntil(async () => (await state(apiKey, doc.documentId)).status === 'succeeded', 30_000, 'bbox job');
    } finally {
      await workers.stop();
    }
    expect(ocr.calls).toBe(2);
    expect((await api(apiKey, 'GET', '/account')).json().available_credits).toBe(4);
    await expectCreditsInvariant(t.services.db);
  });

  it('a batch deleted while its job runs leaves no bbox rows, refunds the job once and sends no event', async () => {
    const receiver = await startReceiver();
    const { accountId, apiKey } = await t.createAccount({ credits: 5 });
    const doc = await seedSucceededDocument(t.services, { accountId, page, textLayer: false });
    await saveRegistration(t.services.db, t.services.clock, t.services.ids, accountId, doc.batchName, receiver.url);
    const { group_batch_id: jobId } = (await api(apiKey, 'POST', `/documents/${doc.documentId}/bbox`)).json();
    const ocr = gatedOcr(page.textLayer.words);
    const workers = startBboxWorkers(t.services, { ocr, cpuSlots: 2 });
    try {
      await waitUntil(async () => ocr.calls > 0, 10_000, 'a row group to start');
      const deleted = await t.inject({ method: 'DELETE', url: `/api/v1/batches/${doc.batchName}`, headers: bearer(apiKey) });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ batch_name: doc.batchName, deleted: true, document_count: 1, refunded_credits: 1 });
      ocr.release();
      await waitUntil(rowGroupJobsSettled, 30_000, 'row-group jobs to drain');
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await workers.stop();
      await receiver.close();
    }
    expect(await t.services.db.selectFrom('bbox_jobs').select('id').where('document_id', '=', doc.documentId).execute()).toEqual([]);
    expect(await t.services.db.selectFrom('bbox_row_groups').select('bbox_job_id').where('bbox_job_id', '=', jobId).execute()).toEqual([]);
    const orphans = await t.services.db.selectFrom('bbox_row_groups').leftJoin('bbox_jobs', 'bbox_jobs.id', 'bbox_row_groups.bbox_job_id')
      .select('bbox_row_groups.bbox_job_id').where('bbox_jobs.id', 'is', null).execute();
    expect(orphans).toEqual([]);
    expect(await t.services.db.selectFrom('jobs').select('state').where('kind', '=', 'bbox.row_group').where('state', '=', 'failed').execute()).toEqual([]);
    const ledger = await t.services.db.selectFrom('ledger_entries').select(['action', 'amount']).where('pool_account_id', '=', accountId).where('reason', '=', 'bbox').orderBy('id').execute();
    expect(ledger).toEqual([{ action: 'deduction', amount: -1 }, { action: 'refund', amount: 1 }]);
    expect((await api(apiKey, 'GET', '/account')).json().available_credits).toBe(5);
    expect((await api(apiKey, 'GET', `/documents/${doc.documentId}/bbox`)).json().error.code).toBe('document_not_found');
    expect(receiver.received).toEqual([]);
    expect(await t.services.blobs.list(`acct/${accountId}/`)).toEqual([]);
    await expectCreditsInvariant(t.services.db);
  });

  it('row groups finishing at the same moment end the job exactly once: one webhook, one status change', async () => {
    const { accountId, apiKey } = await t.createAccount({ credits: 5 });
    const doc = await seedSucceededDocument(t.services, { accountId, page: generatePage(30, { seed: 4 }) });
    await saveRegistration(t.services.db, t.services.clock, t.services.ids, accountId, doc.batchName, 'http://127.0.0.1:9/unused');
    const { group_batch_id: jobId } = (await api(apiKey, 'POST', `/documents/${doc.documentId}/bbox`)).json();
    const finished = await Promise.all([0, 1, 2].map((g) => t.services.db.transaction().execute((trx) =>
      finishRowGroup(trx, t.services, jobId, g, { status: 'succeeded', boxes: JSON.stringify({ [String(g * 10)]: { Qty: null } }) }))));
    expect(finished).toEqual([true, true, true]);
    // A late duplicate (a retried worker) changes nothing.
    expect(await t.services.db.transaction().execute((trx) => finishRowGroup(trx, t.services, jobId, 1, { status: 'failed' }))).toBe(false);
    expect(await state(apiKey, doc.documentId)).toMatchObject({ status: 'succeeded', rows: { 0: { Qty: null }, 10: { Qty: null }, 20: { Qty: null } } });
    const hooks = await t.services.db.selectFrom('jobs').select('payload').where('kind', '=', 'webhook.deliver').where('payload', 'like', `%${jobId}%`).execute();
    expect(hooks.map((h) => JSON.parse(h.payload).data)).toEqual([{ document_id: doc.documentId, group_batch_id: jobId, status: 'succeeded' }]);
    expect((await api(apiKey, 'GET', '/account')).json().available_credits).toBe(4);
    await expectCreditsInvariant(t.services.db);
  });
});
