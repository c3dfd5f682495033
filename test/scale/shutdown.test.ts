import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { authenticate, createAccount } from '../../src/core/accounts/index.js';
import { processBatch } from '../../src/core/processing/index.js';
import { loadConfig } from '../../src/config.js';
import { createServices, type Services } from '../../src/services.js';
import { textPdf } from '../fixtures/ingest/pdf-fixtures.js';
import { freePort } from '../helpers/free-port.js';
import { seedUploadedDocuments, textLayerPage } from '../helpers/seed-documents.js';
import { createAccountOver, startDocrows, waitForHttp, type Child } from '../pipeline/child-server.js';
import { waitUntil } from '../pipeline/helpers.js';

/** SIGTERM (decisions.md, Operator endpoints; docs/operations.md): no new work, running work finished or handed back, pools closed, exit 0. */
describe('graceful shutdown (sqlite, child process)', () => {
  let dataDir = '';
  let child: Child | null = null;
  let services: (Services & { close(): Promise<void> }) | null = null;
  afterEach(async () => {
    child?.proc.kill('SIGKILL');
    await child?.exited;
    await services?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const open = async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-term-'));
    services = await createServices(loadConfig({ DOCROWS_DATA_DIR: dataDir, DOCROWS_LOG_LEVEL: 'silent' }));
    return services;
  };

  it('puts jobs still running after the grace period back on the queue and exits 0', async () => {
    const s = await open();
    const { account, apiKey } = await createAccount(s.db, s.clock, s.ids, { plan: 'business', credits: 100 });
    await seedUploadedDocuments(s, account.id, 'term', 40, await textLayerPage(3));
    await processBatch(s, await authenticate(s.db, apiKey), 'term', { fields: ['Item', 'Qty'] });
    child = startDocrows('worker', { DOCROWS_DATA_DIR: dataDir, DOCROWS_WORKERS: '2', DOCROWS_SHUTDOWN_GRACE_S: '0' });
    const processing = async () => (await s.db.selectFrom('documents').select('id').where('status', '=', 'processing').execute()).length;
    await waitUntil(async () => await processing() === 2, 60_000, 'both slots busy');
    child.proc.kill('SIGTERM');
    const exit = await child.exited;
    expect(exit.code, child.output()).toBe(0);
    expect(child.output()).toMatch(/released a running job at shutdown/);
    expect(await s.db.selectFrom('jobs').select('id').where('state', '=', 'running').execute()).toEqual([]);
    expect(await processing()).toBe(0);
    const jobs = await s.db.selectFrom('jobs').select(['state', 'locked_by']).where('kind', '=', 'document.extract').execute();
    expect(jobs.some((j) => j.state === 'pending')).toBe(true);
    expect(jobs.every((j) => j.locked_by === null)).toBe(true);
  }, 90_000);

  it('finishes a request in flight, then stops listening and exits 0', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-term-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Debug logging makes the server say when a request has reached it.
    child = startDocrows('serve', { DOCROWS_DATA_DIR: dataDir, DOCROWS_PORT: String(port), DOCROWS_WORKERS: '0', DOCROWS_LOG_LEVEL: 'debug' });
    await waitForHttp(base, child);
    const account = await createAccountOver(base, { plan: 'business', credits: 100 });
    const form = new FormData();
    form.set('batch_name', 'term');
    form.set('file', new Blob([await textPdf({ pages: 12, rows: 8 })], { type: 'application/pdf' }), 'long.pdf');
    const encoded = new Request(base, { method: 'POST', body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    // Half the body goes out before SIGTERM and the rest after it, so the
    // request is in flight at the signal whatever the machine's speed.
    const seen = child.output().split('incoming request').length;
    const req = http.request(`${base}/api/v1/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.api_key}`, 'content-type': encoded.headers.get('content-type')!, 'content-length': body.length },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => { text += c.toString(); });
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      });
      req.on('error', reject);
    });
    req.write(body.subarray(0, body.length >> 1));
    await waitUntil(async () => child!.output().split('incoming request').length > seen, 30_000, 'the upload to reach the server');
    child.proc.kill('SIGTERM');
    await waitUntil(async () => child!.output().includes('SIGTERM received'), 30_000, 'the signal to be handled');
    req.end(body.subarray(body.length >> 1));
    const done = await answer;
    expect(done.status, done.body).toBe(200);
    expect((JSON.parse(done.body) as { document_id: string[] }).document_id).toHaveLength(12);
    expect((await child.exited).code, child.output()).toBe(0);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  }, 90_000);
});
