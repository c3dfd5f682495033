import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDb, type DbHandle } from '../../src/db/connect.js';
import { expectCreditsInvariant } from '../helpers/credits.js';
import { textPdf } from '../fixtures/ingest/pdf-fixtures.js';
import { freePort } from '../helpers/free-port.js';
import { client, createAccountOver, startDocrows, waitForHttp, type Child } from './child-server.js';
import { waitUntil } from './helpers.js';

/** A server killed with SIGKILL mid-processing: after a restart every document ends terminal, billed exactly once. */
describe('crash recovery (sqlite, child process)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-crash-'));
  let child: Child | null = null;
  let handle: DbHandle | null = null;
  afterAll(async () => {
    child?.proc.kill('SIGKILL');
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes every document after SIGKILL and restart, with the credits invariant and no duplicate rows', async () => {
    const port = await freePort();
    const env = { DOCROWS_DATA_DIR: dataDir, DOCROWS_PORT: String(port), DOCROWS_WORKERS: '2' };
    const base = `http://127.0.0.1:${port}`;
    child = startDocrows('serve', env);
    await waitForHttp(base, child);
    const account = await createAccountOver(base, { plan: 'pro', credits: 200 });
    const api = client(base, account.api_key);
    const ids = [
      ...await api.upload('crash', 'a.pdf', await textPdf({ pages: 20, rows: 8 })),
      ...await api.upload('crash', 'b.pdf', await textPdf({ pages: 20, rows: 8 })),
    ];
    expect((await api.json('POST', '/batches/crash/process', { fields: ['Item', 'Qty', 'Price'] })).body.queued).toBe(40);

    handle = await connectDb(`sqlite://${path.join(dataDir, 'docrows.sqlite')}`);
    const db = handle.db;
    const statusCounts = async () => {
      const rows = await db.selectFrom('documents').select('status').execute();
      return rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
    };
    // Kill while some pages are done and others are in a worker's hands.
    await waitUntil(async () => {
      const c = await statusCounts();
      return (c.succeeded ?? 0) >= 2 && (c.processing ?? 0) >= 1;
    }, 60_000, 'processing underway');
    child.proc.kill('SIGKILL');
    await child.exited;
    const atKill = await statusCounts();
    expect((atKill.queued ?? 0) + (atKill.processing ?? 0)).toBeGreaterThan(0);

    child = startDocrows('serve', env);
    await waitForHttp(base, child);
    // Leases of the dead process expire (15 s), its jobs are reclaimed and finished.
    await waitUntil(async () => {
      const c = await statusCounts();
      return (c.succeeded ?? 0) + (c.failed ?? 0) === ids.length;
    }, 90_000, 'all documents terminal');
    await waitUntil(async () => (await db.selectFrom('events').select('id').where('type', '=', 'batch.completed').execute()).length === 1, 10_000, 'batch.completed');

    expect(await statusCounts()).toEqual({ succeeded: 40 });
    await expectCreditsInvariant(db);
    const ledger = await db.selectFrom('ledger_entries').select(['document_id', 'action']).where('document_id', 'is not', null).execute();
    expect(ledger.length).toBe(40);
    expect(new Set(ledger.map((l) => l.document_id)).size).toBe(40);
    const events = await db.selectFrom('events').select(['type', 'document_id']).execute();
    expect(events.filter((e) => e.type === 'document.completed').length).toBe(40);
    expect(new Set(events.map((e) => `${e.type}:${e.document_id}`)).size).toBe(events.length);
    expect((await api.json('GET', '/account')).body.available_credits).toBe(160);
    const results = await api.json('GET', '/batches/crash/results');
    expect((results.body.documents as Array<{ status: string; line_items: unknown[] }>).every((d) => d.status === 'succeeded' && d.line_items.length === 8)).toBe(true);
    child.proc.kill('SIGTERM');
    await child.exited;
    child = null;
  }, 240_000);
});
