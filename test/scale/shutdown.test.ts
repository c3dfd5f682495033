import fs from 'node:fs';
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
import { client, createAccountOver, startDocrows, waitForHttp, type Child } from '../pipeline/child-server.js';
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
    const s = await open();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = startDocrows('serve', { DOCROWS_DATA_DIR: dataDir, DOCROWS_PORT: String(port), DOCROWS_WORKERS: '0' });
    await waitForHttp(base, child);
    const account = await createAccountOver(base, { plan: 'business', credits: 100 });
    const pdf = await textPdf({ pages: 12, rows: 8 });
    const upload = client(base, account.api_key).upload('term', 'long.pdf', pdf);
    // The upload reserves its blob prefix before writing: from then on it is in the server's hands.
    await waitUntil(async () => (await s.db.selectFrom('blob_sweeps').select('prefix').execute()).length > 0, 30_000, 'upload underway');
    child.proc.kill('SIGTERM');
    expect(await upload).toHaveLength(12);
    expect((await child.exited).code, child.output()).toBe(0);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  }, 90_000);
});
