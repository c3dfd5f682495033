import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock.js';
import { textPdf } from '../fixtures/ingest/pdf-fixtures.js';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectError, footprint, upload } from '../http/helpers/uploads.js';
import { api, runWorkers, uploadTextPdf, waitUntil } from './helpers.js';

const HOUR = 3600 * 1000;

/**
 * Bytes are written outside transactions, so a process can die (or the store
 * can fail) between writing an upload's blobs and committing its rows, or
 * between deleting a batch's rows and its blobs. These tests stage exactly
 * those states with a failing blob store and check the sweep leaves no
 * unowned bytes behind and never touches owned ones.
 */
describe.each(DIALECTS)('blob sweep (%s)', (dialect) => {
  let t: TestApp;
  let offset = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offset) };
  beforeAll(async () => { t = await startTestApp(dialect, {}, { clock }); });
  afterAll(async () => t.destroy());

  const sweeps = async () => (await t.services.db.selectFrom('blob_sweeps').select(['prefix', 'due_at']).execute());

  /** Runs the blob store with some operations failing, as during an outage, then restores it. */
  async function withFailingStore<T>(ops: Array<'put' | 'deletePrefix'>, fn: () => Promise<T>): Promise<T> {
    const blobs = t.services.blobs as unknown as Record<string, unknown>;
    const saved = ops.map((op) => [op, blobs[op]] as const);
    for (const op of ops) blobs[op] = () => Promise.reject(new Error(`store ${op} unavailable`));
    try {
      return await fn();
    } finally {
      for (const [op, original] of saved) blobs[op] = original;
    }
  }

  it('a committed upload leaves no reservation; an upload whose cleanup failed is swept only after the grace period', async () => {
    const acct = await t.createAccount({ credits: 10 });
    const [kept] = await uploadTextPdf(t, acct.apiKey, 'kept', 1, 2);
    expect(await sweeps()).toEqual([]);

    const pdf = await textPdf({ pages: 2, rows: 2 });
    const res = await withFailingStore(['put', 'deletePrefix'], () => upload(t, acct.apiKey, {
      fields: { batch_name: 'lost' }, file: { filename: 'lost.pdf', content: pdf, contentType: 'application/pdf' },
    }));
    expect(res.statusCode).toBe(500);
    // The original file made it to the store before the page writes failed; no row owns it.
    const after = await footprint(t, acct.accountId);
    expect(after).toMatchObject({ batches: 1, uploads: 1, documents: 1, blobSweeps: 1 });
    const orphanPrefix = (await sweeps())[0].prefix;
    expect((await t.services.blobs.list(orphanPrefix)).length).toBeGreaterThan(0);
    expect(orphanPrefix.startsWith(`acct/${acct.accountId}/doc_`)).toBe(true);

    // Within the grace period an upload may still be writing: the sweep leaves it alone.
    offset = HOUR / 2;
    let workers = runWorkers(t, { workers: 1 });
    try {
      await waitUntil(async () => (await t.services.db.selectFrom('jobs').select('id').where('kind', '=', 'housekeeping.blobs').where('state', '=', 'done').execute()).length > 0, 20_000, 'a blob sweep to run');
    } finally {
      await workers.stop();
    }
    expect((await t.services.blobs.list(orphanPrefix)).length).toBeGreaterThan(0);

    offset = 2 * HOUR;
    workers = runWorkers(t, { workers: 1 });
    try {
      await waitUntil(async () => (await sweeps()).length === 0, 20_000, 'the abandoned upload to be swept');
    } finally {
      await workers.stop();
    }
    expect(await t.services.blobs.list(orphanPrefix)).toEqual([]);
    // The committed upload is untouched.
    expect((await api(t, acct.apiKey)('GET', `/documents/${kept}/image`)).statusCode).toBe(200);
    expect(await footprint(t, acct.accountId)).toMatchObject({ uploads: 1, documents: 1, blobSweeps: 0 });
  }, 90_000);

  it('a batch deleted while the store is down answers 200 at once and loses its bytes to the next sweep', async () => {
    offset = 0;
    const acct = await t.createAccount({ credits: 10 });
    const [doc] = await uploadTextPdf(t, acct.apiKey, 'doomed', 2, 2);
    const [other] = await uploadTextPdf(t, acct.apiKey, 'other', 1, 2);
    const res = await withFailingStore(['deletePrefix'], () => api(t, acct.apiKey)('DELETE', '/batches/doomed'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ batch_name: 'doomed', deleted: true, document_count: 2 });
    expectError(await api(t, acct.apiKey)('GET', `/documents/${doc}`), 404, 'document_not_found');
    const pending = await sweeps();
    expect(pending).toHaveLength(1);
    expect(new Date(pending[0].due_at).getTime()).toBeLessThanOrEqual(clock.now().getTime());
    expect((await t.services.blobs.list(pending[0].prefix)).length).toBeGreaterThan(0);

    const workers = runWorkers(t, { workers: 1 });
    try {
      await waitUntil(async () => (await sweeps()).length === 0, 20_000, 'the deleted batch to be swept');
    } finally {
      await workers.stop();
    }
    expect(await t.services.blobs.list(pending[0].prefix)).toEqual([]);
    expect((await api(t, acct.apiKey)('GET', `/documents/${other}/image`)).statusCode).toBe(200);
    expect(await footprint(t, acct.accountId)).toMatchObject({ batches: 1, uploads: 1, documents: 1, blobSweeps: 0 });
  }, 90_000);
});
