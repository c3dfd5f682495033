import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueWebhookEvent } from '../../src/core/webhooks/index.js';
import type { Engine } from '../../src/extract/types.js';
import { startWorkers } from '../../src/workers.js';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { api, waitUntil } from './helpers.js';

/** A receiver that records each delivery and, when `hang`, never answers. */
async function receiver(hang: boolean) {
  let open = 0;
  let maxOpen = 0;
  let received = 0;
  const server = http.createServer((req, res) => {
    received++;
    open++;
    maxOpen = Math.max(maxOpen, open);
    res.on('close', () => { open--; });
    req.resume();
    if (!hang) req.on('end', () => res.writeHead(200).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received: () => received,
    maxOpen: () => maxOpen,
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}

/** Webhook deliveries need no engine. */
const NO_ENGINE: Engine = { name: 'none', extract: async () => ({ ok: false, failure: { code: 'engine_error', message: 'unused' } }) };

/**
 * Four receivers that hang until the 15 s delivery timeout, with three queued
 * deliveries each, must not hold up another host's delivery queued after them:
 * each host gets at most its share of deliveries at once, the io lane has
 * slots beyond them, and a delivery waiting for its host keeps its attempts.
 */
describe.each(DIALECTS)('webhook deliveries per host (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect, { DOCROWS_ALLOW_PRIVATE_URLS: 'true' }); });
  afterAll(async () => { await t.destroy(); });

  it('a delivery to a quick host goes out while four hosts hang', async () => {
    const { accountId, apiKey } = await t.createAccount({ credits: 10 });
    const hanging = await Promise.all([0, 1, 2, 3].map(() => receiver(true)));
    const quick = await receiver(false);
    const batches: Array<[string, string]> = [
      ...hanging.flatMap((h, i) => [0, 1, 2].map((j): [string, string] => [`hang-${i}-${j}`, h.url])),
      ['quick', quick.url],
    ];
    for (const [name, url] of batches) {
      expect((await api(t, apiKey)('PUT', `/batches/${name}/webhook`, { callback_url: url })).statusCode).toBe(200);
    }
    // The quick host's delivery is queued last, behind all twelve that will hang.
    await t.services.db.transaction().execute(async (trx) => {
      for (const [name] of batches) await enqueueWebhookEvent(trx, t.services, accountId, name, 'batch.completed', { batch_name: name });
    });
    const workers = startWorkers(t.services, { engine: NO_ENGINE, workers: 1, pollMs: 20 });
    try {
      await waitUntil(async () => quick.received() === 1, 10_000, 'the quick host\'s delivery');
      await waitUntil(async () => hanging.every((h) => h.received() === 2), 10_000, 'two deliveries at each hanging host');
      // Deliveries waiting for their host come back every 2 s: past that, still no host has more than two at once.
      await new Promise((r) => setTimeout(r, 3_000));
      for (const h of hanging) {
        expect(h.received()).toBe(2);
        expect(h.maxOpen()).toBe(2);
      }
      const waiting = await t.services.db.selectFrom('jobs').select(['state', 'attempts'])
        .where('kind', '=', 'webhook.deliver').where('state', '=', 'pending').execute();
      expect(waiting).toHaveLength(4);
      expect(waiting.every((j) => j.attempts === 0)).toBe(true);
    } finally {
      await Promise.all([...hanging, quick].map((r) => r.close()));
      await workers.stop(5_000);
    }
  }, 60_000);
});
