import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { api, cannedEngine, runWorkers, uploadTextPdf, waitForBatch } from '../pipeline/helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DIALECTS)('the pause switch is read by the claim itself (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => t.destroy());

  const pause = async (paused: boolean) => {
    const res = await t.inject({ method: 'PUT', url: '/admin/v1/processing', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { paused } });
    expect(res.statusCode).toBe(200);
  };

  it('claims nothing once PUT /admin/v1/processing {paused:true} has answered, with workers polling all along', async () => {
    const { accountId, apiKey } = await t.createAccount({ credits: 100 });
    for (let round = 0; round < 3; round++) await uploadTextPdf(t, apiKey, `paused-${round}`, 3, 1);
    const engine = cannedEngine(() => ({ ok: true, fields: ['Item'], rows: [{ Item: { value: 'x', box: null } }] }));
    // Workers already running and polling: a cached flag would let them claim right after the pause.
    const workers = runWorkers(t, { engine, workers: 2 });
    try {
      for (let round = 0; round < 3; round++) {
        const started = () => t.services.db.selectFrom('documents').select('id')
          .where('account_id', '=', accountId).where('status', 'in', ['processing', 'succeeded', 'failed']).execute();
        const before = (await started()).length;
        await pause(true);
        const batch = `paused-${round}`;
        const processed = await api(t, apiKey)('POST', `/batches/${batch}/process`, { fields: ['Item'] });
        expect(processed.statusCode).toBe(200);
        await sleep(700);
        const claimed = await t.services.db.selectFrom('jobs').select(['kind', 'state'])
          .where('state', '!=', 'pending').where('kind', 'not like', 'housekeeping.%').execute();
        expect(claimed).toEqual([]);
        expect((await started()).length).toBe(before);
        await pause(false);
        await waitForBatch(t, accountId, batch);
        await t.services.db.deleteFrom('jobs').where('state', '=', 'done').execute();
      }
    } finally {
      await workers.stop();
    }
  }, 60_000);
});
