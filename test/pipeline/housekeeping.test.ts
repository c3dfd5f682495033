import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock.js';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectError } from '../http/helpers/uploads.js';
import { api, cannedEngine, runWorkers, uploadTextPdf, waitForBatch, waitUntil } from './helpers.js';

const DAY = 24 * 3600 * 1000;

describe.each(DIALECTS)('housekeeping jobs (%s)', (dialect) => {
  let t: TestApp;
  let offset = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offset) };
  beforeAll(async () => { t = await startTestApp(dialect, {}, { clock }); });
  afterAll(async () => t.destroy());

  it('purges files past retention_days (rows stay), events after 30 days, idempotency keys after 24 h and past rate-limit windows, once per slot', async () => {
    const keep = await t.createAccount({ credits: 10 });
    const short = await t.createAccount({ credits: 10, settings: { retention_days: 2 } });
    const member = await t.createAccount({ credits: 0, owner_id: short.accountId });
    const [kept] = await uploadTextPdf(t, keep.apiKey, 'keep', 1, 1);
    const [purged] = await uploadTextPdf(t, short.apiKey, 'short', 1, 1);
    const [memberDoc] = await uploadTextPdf(t, member.apiKey, 'member', 1, 1);
    await api(t, short.apiKey)('POST', '/batches/short/process', { fields: ['Item'] }, { 'idempotency-key': 'old-key' });
    // The words an OCR reading hands back with the answer are kept beside the page (core/layout-memory/page-words.ts) and purged with it.
    const content = { words: [{ text: 'x', box: { x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.12 } }], rules: [], pictures: [], aspect: 0.7 };
    const engine = cannedEngine(() => ({ ok: true, fields: ['Item'], rows: [{ Item: { value: 'x', box: null } }], content }));
    let workers = runWorkers(t, { engine, workers: 1 });
    await waitForBatch(t, short.accountId, 'short');
    await workers.stop();
    const image = (key: string, id: string) => api(t, key)('GET', `/documents/${id}/image`);
    expect((await image(short.apiKey, purged)).statusCode).toBe(200);
    const blobsBefore = await t.services.blobs.list(`acct/${short.accountId}/`);
    expect(blobsBefore.length).toBeGreaterThan(0);
    expect(blobsBefore.filter((k) => k.endsWith('.words.json.gz'))).toHaveLength(1);

    // A rate-limit window of a minute long past (one row per API key per minute otherwise piles up forever).
    const minute = Math.floor(Date.now() / 60_000) * 60;
    await t.services.db.insertInto('rate_windows').values({ bucket: `key:${short.apiKey}`, window_start: minute, count: 3 }).execute();

    offset = 3 * DAY;
    // Two pools scheduling at once: still one job per time slot.
    workers = runWorkers(t, { engine });
    const second = runWorkers(t, { engine });
    try {
      await waitUntil(async () => (await image(short.apiKey, purged)).statusCode === 404, 20_000, 'retention purge');
      await waitUntil(async () => (await t.services.db.selectFrom('idempotency_keys').select('id').execute()).length === 0, 20_000, 'key expiry');
      await waitUntil(async () => (await t.services.db.selectFrom('rate_windows').select('bucket').execute()).length === 0, 20_000, 'rate window expiry');
    } finally {
      await Promise.all([workers.stop(), second.stop()]);
    }
    expectError(await image(short.apiKey, purged), 404, 'document_not_found');
    expectError(await image(member.apiKey, memberDoc), 404, 'document_not_found');
    expect((await image(keep.apiKey, kept)).statusCode).toBe(200);
    const doc = await api(t, short.apiKey)('GET', `/documents/${purged}`);
    expect(doc.json()).toMatchObject({ document_id: purged, status: 'succeeded', line_items: [{ Item: 'x' }] });
    expect(await t.services.blobs.list(`acct/${short.accountId}/`)).toEqual([]);
    const upload = await t.services.db.selectFrom('uploads').select('original_key').where('account_id', '=', short.accountId).executeTakeFirstOrThrow();
    expect(upload.original_key).toBeNull();
    const periodic = await t.services.db.selectFrom('jobs').select(['kind', 'dedupe_key']).where('kind', 'like', 'housekeeping.%').execute();
    expect(new Set(periodic.map((j) => j.dedupe_key)).size).toBe(periodic.length);
    expect(await api(t, short.apiKey)('GET', '/events').then((r) => r.json().data.length)).toBe(2);

    offset = 31 * DAY;
    workers = runWorkers(t, { engine, workers: 1 });
    try {
      await waitUntil(async () => (await api(t, short.apiKey)('GET', '/events')).json().data.length === 0, 20_000, 'event expiry');
    } finally {
      await workers.stop();
    }
  }, 120_000);

  it('a page painted while its upload is purged leaves no image behind', async () => {
    offset = 40 * DAY;
    const short = await t.createAccount({ credits: 10, settings: { retention_days: 2 } });
    const [id] = await uploadTextPdf(t, short.apiKey, 'racing', 1, 1);
    const { image_key: imageKey } = await t.services.db.selectFrom('documents').select('image_key').where('id', '=', id).executeTakeFirstOrThrow();
    const originalKey = async () => (await t.services.db.selectFrom('uploads').select('original_key').where('account_id', '=', short.accountId).executeTakeFirstOrThrow()).original_key;
    // The retention sweep runs after the first viewer's paint read the original and before it stores the page (its unpainted
    // page is painted into keys the purge found nothing under).
    const blobs = t.services.blobs;
    const put = blobs.put.bind(blobs);
    blobs.put = async (key, data, contentType) => {
      if (key === imageKey) {
        blobs.put = put;
        offset += 3 * DAY;
        const workers = runWorkers(t, { engine: cannedEngine(() => ({ ok: true, fields: [], rows: [] })), workers: 1 });
        try {
          await waitUntil(async () => (await originalKey()) === null, 20_000, 'retention purge');
        } finally {
          await workers.stop();
        }
      }
      return put(key, data, contentType);
    };
    try {
      expectError(await api(t, short.apiKey)('GET', `/documents/${id}/image`), 404, 'document_not_found');
    } finally {
      blobs.put = put;
    }
    expect(await t.services.blobs.list(`acct/${short.accountId}/`)).toEqual([]);
  }, 120_000);
});
