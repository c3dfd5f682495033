import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocrowsAdminClient, DocrowsClient, DocrowsError, verifyWebhook, WebhookVerificationError } from '../../src/client/index.js';
import { signDelivery } from '../../src/core/webhooks/index.js';
import { ADMIN_TOKEN } from '../helpers/app.js';
import { textPdf } from '../fixtures/ingest/pdf-fixtures.js';
import { startServedApp, type ServedApp } from './served-app.js';

// The client talks HTTP to a real server; storage is not its subject, so SQLite only.
describe('DocrowsClient against a running server', { timeout: 120_000 }, () => {
  let app: ServedApp;
  let admin: DocrowsAdminClient;
  let client: DocrowsClient;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-client-'));

  beforeAll(async () => {
    app = await startServedApp({ env: { DOCROWS_ALLOW_PRIVATE_URLS: 'true' } });
    admin = new DocrowsAdminClient({ baseUrl: app.baseUrl, adminToken: ADMIN_TOKEN });
    const created = await admin.createAccount({ plan: 'basic', credits: 40 });
    client = new DocrowsClient({ baseUrl: app.baseUrl, apiKey: created.api_key });
  });
  afterAll(async () => {
    await app.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('uploads from a path, a Buffer and a stream, document_id always a list', async () => {
    const pdfPath = path.join(tmp, 'invoice.pdf');
    fs.writeFileSync(pdfPath, await textPdf({ pages: 2, rows: 3 }));
    const fromPath = await client.upload(pdfPath, { batchName: 'up' });
    expect(fromPath).toMatchObject({ batchName: 'up', pageCount: 2, documentIds: [expect.stringMatching(/_p1$/), expect.stringMatching(/_p2$/)] });
    expect((await client.document(fromPath.documentIds[0])).filename).toBe('invoice.pdf');

    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#fff' } }).png().toBuffer();
    const fromBuffer = await client.upload(png, { batchName: 'up', filename: 'scan.png' });
    expect(fromBuffer.documentIds).toHaveLength(1);
    expect(fromBuffer.pageCount).toBe(1);

    const fromStream = await client.upload(Readable.from([png.subarray(0, 100), png.subarray(100)]), { batchName: 'up', filename: 'streamed.png' });
    expect((await client.document(fromStream.documentIds[0])).filename).toBe('streamed.png');
    expect((await client.batch('up')).document_count).toBe(4);
    expect((await client.documentImage(fromBuffer.documentIds[0], { size: 'thumb' })).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // A path that names no file is named in the error, and nothing is uploaded.
    const missing = path.join(tmp, 'missing.pdf');
    await expect(client.upload(missing, { batchName: 'up' })).rejects.toThrow(`cannot open ${missing}: no such file`);
    expect((await client.batch('up')).document_count).toBe(4);
  });

  it('processes with ad-hoc fields, waits for the batch with progress, reads rows and the xlsx', async () => {
    await client.upload(await textPdf({ pages: 2, rows: 3 }), { batchName: 'run', filename: 'a.pdf' });
    const queued = await client.process('run', { fields: ['Item', { name: 'Amount', format_requirement: 'two decimals' }], quality: 'fast' });
    expect(queued).toEqual({ batch_name: 'run', queued: 2, quality: 'fast', webhook_registered: false });
    const seen: number[] = [];
    const done = await client.waitForBatch('run', { intervalMs: 50, onProgress: (s) => seen.push(s.status_counts.succeeded) });
    expect(done.all_done).toBe(true);
    expect(done.status_counts.succeeded).toBe(2);
    expect(seen.length).toBeGreaterThan(0);
    const results = await client.results('run');
    expect(results.documents.flatMap((d) => d.line_items ?? []).map((r) => r.Item)).toEqual(['Item 1a', 'Item 1b', 'Item 2a', 'Item 2b']);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await client.exportXlsx('run')) as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(2).getCell(4).value).toBe(1250);
  });

  it('iterates every page of a paged list', async () => {
    for (const name of ['T1', 'T2', 'T3']) await client.createTemplate({ name });
    const names: string[] = [];
    for await (const template of client.iterateTemplates({ limit: 1 })) names.push(template.name);
    expect(names).toEqual(['T1', 'T2', 'T3']);
    const ledger: number[] = [];
    for await (const entry of client.iterateUsage({ limit: 1 })) ledger.push(entry.amount);
    // The grant and one debit per processed page, one entry per page of the list.
    expect(ledger).toEqual([-1, -1, 40]);
    expect((await client.account()).available_credits).toBe(38);
  });

  it('corrects a document, lists its revisions and reprocesses the batch', async () => {
    const [doc] = (await client.results('run')).documents;
    const corrected = await client.correctLineItems(doc.document_id, [{ Item: 'Item 1a', Amount: '12.75' }]);
    expect(corrected.line_items).toEqual([{ Item: 'Item 1a', Amount: '12.75' }]);
    expect(corrected.corrected_at).not.toBeNull();
    const revisions = [];
    for await (const r of client.iterateRevisions(doc.document_id, { limit: 1 })) revisions.push(r);
    expect(revisions.map((r) => r.source)).toEqual(['correction', 'engine']);
    // Rows the page does not print teach nothing: the account has no layout memory.
    expect((await client.layoutMemories()).data).toEqual([]);
    expect((await client.process('run', { fields: ['Item'], reprocess: true })).queued).toBe(2);
    await client.waitForBatch('run', { intervalMs: 50 });
    expect((await client.document(doc.document_id)).corrected_at).toBeNull();
  });

  it('throws typed errors: bad key, batch not found, invalid parameter, insufficient credits', async () => {
    const caught = async (p: Promise<unknown>) => p.then(() => { throw new Error('expected a DocrowsError'); }, (err: unknown) => err as DocrowsError);

    const badKey = await caught(new DocrowsClient({ baseUrl: app.baseUrl, apiKey: 'dr_live_nope' }).account());
    expect(badKey).toBeInstanceOf(DocrowsError);
    expect(badKey).toMatchObject({ status: 401, code: 'invalid_api_key', type: 'authentication_error', doc_url: `${app.t.config.baseUrl}/docs/errors#invalid_api_key` });

    expect(await caught(client.batch('no-such-batch'))).toMatchObject({ status: 404, code: 'batch_not_found' });
    expect(await caught(client.deleteLayoutMemory('mem_nope'))).toMatchObject({ status: 404, code: 'layout_memory_not_found', type: 'not_found_error' });
    expect(await caught(client.batches({ source: 'fax' as 'direct' }))).toMatchObject({ status: 400, code: 'invalid_parameter', param: 'source' });

    const poor = await admin.createAccount({ plan: 'basic', credits: 1 });
    const poorClient = new DocrowsClient({ baseUrl: app.baseUrl, apiKey: poor.api_key });
    await poorClient.upload(await textPdf({ pages: 2, rows: 2 }), { batchName: 'poor', filename: 'p.pdf' });
    const credits = await caught(poorClient.process('poor', { fields: ['Item'] }));
    expect(credits).toMatchObject({ status: 402, code: 'insufficient_credits', type: 'insufficient_credits' });
    expect((await poorClient.account()).available_credits).toBe(1);
  });

  it('retries a lost answer with the same Idempotency-Key: the batch is queued and charged once', async () => {
    const keys: string[] = [];
    let dropped = false;
    const flaky: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      keys.push(new Headers(init?.headers).get('idempotency-key') ?? '');
      // The server did the work; the answer is lost on the way back.
      if (!dropped && String(input).endsWith('/process')) { dropped = true; throw new TypeError('socket hang up'); }
      return res;
    };
    const created = await admin.createAccount({ plan: 'basic', credits: 10 });
    const retrying = new DocrowsClient({ baseUrl: app.baseUrl, apiKey: created.api_key, fetch: flaky, retry: { baseDelayMs: 1 } });
    await retrying.upload(await textPdf({ pages: 3, rows: 2 }), { batchName: 'idem', filename: 'i.pdf' });
    const answer = await retrying.process('idem', { fields: ['Item'] });
    expect(answer.queued).toBe(3);
    const processKeys = keys.slice(1);
    expect(processKeys).toHaveLength(2);
    expect(processKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(processKeys[1]).toBe(processKeys[0]);
    expect((await retrying.account()).available_credits).toBe(7);
    // A second logical call is a new key.
    await retrying.upload(await textPdf({ pages: 1, rows: 2 }), { batchName: 'idem', filename: 'j.pdf' });
    expect(new Set(keys.slice(-1)).has(processKeys[0])).toBe(false);
  });

  it('verifies webhook deliveries as the server signs them, and refuses a tampered one', async () => {
    const registration = await client.setWebhook('run', `${app.baseUrl}/hook`);
    const { body, headers } = signDelivery(registration.webhook_secret, {
      registrationId: 1, messageId: 'msg_1', type: 'batch.completed', createdAt: new Date().toISOString(), data: { batch_name: 'run' },
    }, new Date());
    expect(verifyWebhook(registration.webhook_secret, body, headers)).toMatchObject({ type: 'batch.completed', data: { batch_name: 'run' } });
    expect(verifyWebhook(registration.webhook_secret, Buffer.from(body), new Headers(headers)).type).toBe('batch.completed');
    expect(() => verifyWebhook(registration.webhook_secret, body.replace('run', 'other'), headers)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(registration.webhook_secret, body, { ...headers, 'webhook-signature': '' })).toThrow(WebhookVerificationError);
  });
});

describe('DocrowsClient on a rate-limited server', { timeout: 60_000 }, () => {
  let app: ServedApp;
  let now = Date.parse('2026-11-22T10:00:05Z');
  beforeAll(async () => {
    app = await startServedApp({ env: { DOCROWS_RATE_LIMIT_PER_MIN: '2' }, clock: { now: () => new Date(now) }, workers: false });
  });
  afterAll(async () => app.stop());

  it('waits the Retry-After the server sends, then succeeds; gives up after maxRetries', async () => {
    const { apiKey } = await app.t.createAccount();
    const waits: number[] = [];
    // The server's clock moves when the client waits, so the test takes no real time.
    const sleep = async (ms: number) => { waits.push(ms); now += ms; };
    const client = new DocrowsClient({ baseUrl: app.baseUrl, apiKey, sleep });
    await client.account();
    await client.account();
    expect((await client.account()).plan).toBe('basic');
    expect(waits).toEqual([55_000]);

    const impatient = new DocrowsClient({ baseUrl: app.baseUrl, apiKey, sleep, retry: { maxRetries: 0 } });
    await impatient.account();
    await expect(impatient.account()).rejects.toMatchObject({ status: 429, code: 'rate_limit_exceeded', retryAfter: expect.any(Number) });
  });
});
