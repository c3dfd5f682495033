import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/extract/types.js';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { api, runWorkers, uploadTextPdf, waitUntil } from './helpers.js';

/**
 * docs/operations.md: a dead process's extraction jobs return to the queue
 * after 15 s. The lease a job gets at its claim is what a crash leaves behind,
 * so it must be its own kind's, not the 60 s of a bbox row group sharing the lane.
 */
describe.each(DIALECTS)('job leases (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.destroy(); });

  it('an extraction job is claimed with the 15 s extraction lease', async () => {
    const { apiKey } = await t.createAccount({ credits: 10 });
    await uploadTextPdf(t, apiKey, 'lease', 1, 2);
    let release = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    // The page stays in the engine until the lease is read, long before the first heartbeat (5 s).
    const engine: Engine = {
      name: 'held',
      extract: async () => {
        await held;
        return { ok: false, failure: { code: 'engine_error', message: 'held' } };
      },
    };
    expect((await api(t, apiKey)('POST', '/batches/lease/process', { fields: ['Item'] })).statusCode).toBe(200);
    const workers = runWorkers(t, { engine, workers: 1 });
    try {
      const running = () => t.services.db.selectFrom('jobs').select(['kind', 'locked_until', 'updated_at'])
        .where('state', '=', 'running').where('kind', '=', 'document.extract').executeTakeFirst();
      await waitUntil(async () => (await running()) !== undefined, 10_000, 'extraction claimed');
      const job = (await running())!;
      expect(Date.parse(job.locked_until!) - Date.parse(job.updated_at)).toBe(15_000);
    } finally {
      release();
      await workers.stop();
    }
  });
});
