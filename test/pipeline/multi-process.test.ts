import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { authenticate, createAccount } from '../../src/core/accounts/index.js';
import { processBatch } from '../../src/core/processing/index.js';
import { loadConfig } from '../../src/config.js';
import { createServices } from '../../src/services.js';
import { DIALECTS, TEST_PG_URL, withSchemaLock } from '../helpers/app.js';
import { expectCreditsInvariant } from '../helpers/credits.js';
import { seedUploadedDocuments, textLayerPage } from '../helpers/seed-documents.js';
import { startDocrows, type Child } from './child-server.js';
import { waitUntil } from './helpers.js';

const PAGES = 120;

/** Three `docrows worker` processes drain one queue on PostgreSQL: every page exactly once. */
describe.runIf(DIALECTS.includes('postgres'))('multi-process workers (postgres)', () => {
  const schema = `mp_${process.pid}_${Date.now().toString(36)}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-mp-'));
  const children: Child[] = [];
  let close: (() => Promise<void>) | null = null;
  afterAll(async () => {
    for (const c of children) c.proc.kill('SIGKILL');
    await close?.();
    await withSchemaLock(async () => {
      const admin = new pg.Client({ connectionString: TEST_PG_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`processes ${PAGES} queued pages exactly once across 3 worker processes`, async () => {
    const env = { DOCROWS_DATA_DIR: dataDir, DOCROWS_DATABASE_URL: TEST_PG_URL, DOCROWS_LOG_LEVEL: 'silent', DOCROWS_WORKERS: '0' };
    const services = await withSchemaLock(() => createServices(loadConfig(env), { db: { schema, poolSize: 4 } }));
    close = services.close;
    const { account, apiKey } = await createAccount(services.db, services.clock, services.ids, { plan: 'business', credits: 1000 });
    const ids = await seedUploadedDocuments(services, account.id, 'mp', PAGES, await textLayerPage(2));
    const principal = await authenticate(services.db, apiKey);
    expect((await processBatch(services, principal, 'mp', { fields: ['Item', 'Qty'] })).queued).toBe(PAGES);

    const childUrl = `${TEST_PG_URL}${TEST_PG_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    for (let i = 0; i < 3; i++) {
      children.push(startDocrows('worker', { ...env, DOCROWS_DATABASE_URL: childUrl, DOCROWS_WORKERS: '1', DOCROWS_LOG_LEVEL: 'warn' }));
    }
    const db = services.db;
    await waitUntil(async () => {
      const open = await db.selectFrom('documents').select('id').where('status', 'not in', ['succeeded', 'failed']).execute();
      if (children.some((c) => c.proc.exitCode !== null)) throw new Error(`a worker exited:\n${children.map((c) => c.output()).join('\n')}`);
      return open.length === 0;
    }, 180_000, 'all pages terminal');
    await waitUntil(async () => (await db.selectFrom('events').select('id').where('type', '=', 'batch.completed').execute()).length === 1, 10_000, 'batch.completed');

    const docs = await db.selectFrom('documents').select(['id', 'status', 'attempts', 'result']).execute();
    expect(docs.filter((d) => d.status === 'succeeded').length).toBe(PAGES);
    expect(docs.every((d) => d.attempts === 1)).toBe(true);
    expect(JSON.parse(docs[0].result!).rows.map((r: Record<string, { value: string }>) => r.Item.value)).toEqual(['Widget 1-1', 'Widget 1-2']);
    const jobs = await db.selectFrom('jobs').select(['state', 'attempts']).where('kind', '=', 'document.extract').execute();
    expect(jobs.length).toBe(PAGES);
    expect(jobs.every((j) => j.state === 'done' && j.attempts === 1)).toBe(true);
    const ledger = await db.selectFrom('ledger_entries').select('document_id').where('document_id', 'is not', null).execute();
    expect(ledger.length).toBe(PAGES);
    expect(new Set(ledger.map((l) => l.document_id))).toEqual(new Set(ids));
    const events = await db.selectFrom('events').select(['type', 'document_id']).execute();
    expect(events.length).toBe(PAGES + 1);
    expect(new Set(events.filter((e) => e.type === 'document.completed').map((e) => e.document_id)).size).toBe(PAGES);
    await expectCreditsInvariant(db);
    for (const c of children) c.proc.kill('SIGTERM');
    await Promise.all(children.map((c) => c.exited));
  }, 300_000);
});
