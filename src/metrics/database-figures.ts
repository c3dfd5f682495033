import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/connect.js';
import * as documents from '../db/queries/documents.js';
import * as ledger from '../db/queries/ledger.js';
import { queueDepth } from '../jobs/queue.js';
import type { Metrics } from './metrics.js';

/** A counter whose total is read from the database when scraped (it must only ever grow there). */
function databaseCounter(registry: Registry, name: string, help: string, read: () => Promise<number>): void {
  new Counter({
    name, help, registers: [registry],
    async collect() {
      const total = await read();
      this.reset();
      this.inc(total);
    },
  });
}

/**
 * The service's truth, read from the database at scrape time, added to a
 * process's registry by the composition roots (src/app.ts, `docrows worker`):
 * every process shows the same figures however many run and restart.
 */
export function addDatabaseFigures({ registry }: Metrics, db: Db): void {
  new Gauge({
    name: 'docrows_queue_depth', help: 'Jobs waiting or running, by kind and state (from the database).',
    labelNames: ['kind', 'state'], registers: [registry],
    async collect() {
      const rows = await queueDepth(db);
      this.reset();
      for (const r of rows) this.set({ kind: r.kind, state: r.state }, r.n);
    },
  });

  new Gauge({
    name: 'docrows_pages', help: 'Pages (documents) by status: succeeded = processed, failed = failed (from the database).',
    labelNames: ['status'], registers: [registry],
    async collect() {
      const rows = await documents.countByStatus(db);
      this.reset();
      for (const status of ['uploaded', 'queued', 'processing', 'succeeded', 'failed', 'canceled']) this.set({ status }, 0);
      for (const r of rows) this.set({ status: r.status }, r.n);
    },
  });

  databaseCounter(registry, 'docrows_credits_spent_total', 'Credits charged over the ledger\'s whole history (from the database: the same in every process).',
    async () => (await ledger.chargedAndRefunded(db)).charged);
  databaseCounter(registry, 'docrows_credits_refunded_total', 'Credits refunded over the ledger\'s whole history (from the database: the same in every process).',
    async () => (await ledger.chargedAndRefunded(db)).refunded);
}
