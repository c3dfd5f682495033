/** A test app listening on a loopback port, with workers on a canned engine, for the client and the client CLI. */
import type { Clock } from '../../src/clock.js';
import type { RunningWorkers } from '../../src/workers.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { cannedEngine, runWorkers } from '../pipeline/helpers.js';

export interface ServedApp {
  t: TestApp;
  baseUrl: string;
  workers: RunningWorkers | null;
  stop(): Promise<void>;
}

/** Every page answers two rows, Item and Amount, except page 3 of a document, which fails. */
export const LINE_ENGINE = cannedEngine((page) => (page === 3
  ? { ok: false, failure: { code: 'no_content', message: 'blank page' } }
  : {
    ok: true,
    fields: ['Item', 'Amount'],
    rows: [
      { Item: { value: `Item ${page}a`, box: null }, Amount: { value: '1,250.00', box: null } },
      { Item: { value: `Item ${page}b`, box: null }, Amount: { value: '10.50', box: null } },
    ],
  }));

export async function startServedApp(opts: { env?: Record<string, string>; clock?: Clock; workers?: boolean } = {}): Promise<ServedApp> {
  const t = await startTestApp('sqlite', opts.env ?? {}, opts.clock ? { clock: opts.clock } : {});
  const address = await t.server.listen({ port: 0, host: '127.0.0.1' });
  const workers = opts.workers === false ? null : runWorkers(t, { engine: LINE_ENGINE, workers: 1 });
  return {
    t,
    baseUrl: address,
    workers,
    async stop() {
      await workers?.stop();
      await t.destroy();
    },
  };
}
