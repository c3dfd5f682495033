import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Clock } from '../../src/clock.js';
import type { Engine } from '../../src/extract/types.js';
import { createThreadedEngine } from '../../src/extract/engines/engine-threads.js';
import { startWorkers } from '../../src/workers.js';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { verifyDelivery, type Received } from '../helpers/bbox-workers.js';
import { expectCreditsInvariant } from '../helpers/credits.js';
import { api, uploadTextPdf, waitForBatch, waitUntil } from '../pipeline/helpers.js';
import { startHostileOrigin } from '../hostile/origins.js';

/** A callback receiver answering each request with the next scripted status (then 200). */
async function scriptedReceiver(script: Array<{ status: number; headers?: Record<string, string> }>) {
  const received: Array<Received & { answered: number }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString('utf8'); });
    req.on('end', () => {
      const next = script.shift() ?? { status: 200 };
      received.push({ headers: req.headers, body, answered: next.status });
      res.writeHead(next.status, next.headers ?? {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(DIALECTS)('batch webhooks (%s)', (dialect) => {
  let t: TestApp;
  let layout: Engine;
  // Real time plus an offset the test moves forward to reach the retry schedule's next slot.
  let offset = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offset) };
  beforeAll(async () => {
    t = await startTestApp(dialect, { DOCROWS_ALLOW_PRIVATE_URLS: 'true' }, { clock });
    layout = createThreadedEngine('layout', 2);
  });
  afterAll(async () => {
    await expectCreditsInvariant(t.services.db);
    await layout.close?.();
    await t.destroy();
  });

  const registration = async (accountId: number, batch: string) =>
    t.services.db.selectFrom('webhook_registrations').selectAll().where('account_id', '=', accountId).where('batch_name', '=', batch).executeTakeFirstOrThrow();

  it('a receiver that fails, then asks to wait, then succeeds gets exactly one successful signed delivery', async () => {
    const receiver = await scriptedReceiver([{ status: 500 }, { status: 429, headers: { 'retry-after': '2' } }]);
    const { accountId, apiKey } = await t.createAccount({ credits: 10 });
    await uploadTextPdf(t, apiKey, 'hooked', 2, 1);
    const res = await api(t, apiKey)('POST', '/batches/hooked/process', { fields: ['Item'], webhook_url: receiver.url });
    expect(res.json().webhook_registered).toBe(true);
    const workers = startWorkers(t.services, { engine: layout, workers: 2, pollMs: 20 });
    try {
      await waitForBatch(t, accountId, 'hooked');
      await waitUntil(async () => receiver.received.length === 1, 20_000, 'first attempt');
      offset += 6_000; // past the 5 s (+ jitter) first retry
      await waitUntil(async () => receiver.received.length === 2, 20_000, 'second attempt');
      expect((await registration(accountId, 'hooked')).fired_at).toBeNull();
      offset += 2_500; // past Retry-After: 2, but a short Retry-After never comes before the schedule's 5 min step
      await new Promise((r) => setTimeout(r, 1_000));
      expect(receiver.received.length).toBe(2);
      offset += 330_000; // past the 300 s (+ jitter) second retry
      await waitUntil(async () => receiver.received.length === 3, 20_000, 'third attempt');
      await waitUntil(async () => (await registration(accountId, 'hooked')).fired_at !== null, 20_000, 'fired_at');
      offset += 3_600_000; // nothing is left to deliver, however long we wait
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      await workers.stop();
    }
    expect(receiver.received.map((r) => r.answered)).toEqual([500, 429, 200]);
    const reg = await registration(accountId, 'hooked');
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    // Each signature is checked at its own send time: the test clock ran minutes ahead of the real one.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (const r of receiver.received) {
        expect(r.headers['content-type']).toBe('application/json');
        vi.setSystemTime(Number(r.headers['webhook-timestamp']) * 1000);
        expect(verifyDelivery(reg.secret, r)).toEqual({
          type: 'batch.completed', created_at: expect.any(String), data: { batch_name: 'hooked', status: 'succeeded', document_count: 2 },
        });
      }
    } finally {
      vi.useRealTimers();
    }
    // The feed's batch.completed id is the delivery's webhook-id.
    const feed = (await api(t, apiKey)('GET', '/events?type=batch.completed&batch_name=hooked')).json().data;
    expect(feed.map((e: { id: string }) => e.id)).toEqual([...ids]);
    await receiver.close();
  }, 120_000);

  it('documents finishing together on different workers give one delivery; reprocess re-arms; 410 stops retries', async () => {
    offset = 0; // signatures carry the clock's time: receivers check it against theirs
    const receiver = await scriptedReceiver([]);
    const { accountId, apiKey } = await t.createAccount({ credits: 20 });
    await uploadTextPdf(t, apiKey, 'raced', 6, 1);
    await api(t, apiKey)('POST', '/batches/raced/process', { fields: ['Item'], webhook_url: receiver.url });
    const pools = [0, 1, 2].map(() => startWorkers(t.services, { engine: layout, workers: 2, pollMs: 10 }));
    try {
      await waitForBatch(t, accountId, 'raced');
      await waitUntil(async () => (await registration(accountId, 'raced')).fired_at !== null, 20_000, 'fired_at');
      await new Promise((r) => setTimeout(r, 500));
      expect(receiver.received.length).toBe(1);
      const firstFired = (await registration(accountId, 'raced')).fired_at;

      // A new wave re-arms the fired webhook and notifies again with a new message id.
      await uploadTextPdf(t, apiKey, 'raced', 1, 1);
      await api(t, apiKey)('POST', '/batches/raced/process', { fields: ['Item'] });
      expect((await registration(accountId, 'raced')).fired_at).toBeNull();
      await waitForBatch(t, accountId, 'raced');
      await waitUntil(async () => receiver.received.length === 2, 20_000, 'second wave delivery');
      await waitUntil(async () => (await registration(accountId, 'raced')).fired_at !== null, 20_000, 'fired_at again');
      expect((await registration(accountId, 'raced')).fired_at! >= firstFired!).toBe(true);
      const [one, two] = receiver.received;
      expect(one.headers['webhook-id']).not.toBe(two.headers['webhook-id']);
      const reg = await registration(accountId, 'raced');
      expect((verifyDelivery(reg.secret, two) as { data: unknown }).data).toEqual({ batch_name: 'raced', status: 'succeeded', document_count: 7 });

      const gone = await scriptedReceiver([{ status: 410 }]);
      await uploadTextPdf(t, apiKey, 'gone', 1, 1);
      await api(t, apiKey)('POST', '/batches/gone/process', { fields: ['Item'], webhook_url: gone.url });
      await waitForBatch(t, accountId, 'gone');
      await waitUntil(async () => gone.received.length === 1, 20_000, '410 attempt');
      const goneJob = () => t.services.db.selectFrom('jobs').select(['state', 'last_error']).where('kind', '=', 'webhook.deliver')
        .where('payload', 'like', `%"batch_name":"gone"%`).executeTakeFirstOrThrow();
      // The worker records the answer just after the receiver saw the request; move time only once it has.
      await waitUntil(async () => (await goneJob()).state !== 'running', 20_000, '410 recorded');
      offset += 25 * 3_600_000;
      await new Promise((r) => setTimeout(r, 800));
      expect(gone.received.length).toBe(1);
      expect((await registration(accountId, 'gone')).fired_at).toBeNull();
      expect(await goneJob()).toEqual({ state: 'failed', last_error: 'receiver answered 410 Gone: no more retries' });
      await gone.close();
    } finally {
      await Promise.all(pools.map((p) => p.stop()));
      await receiver.close();
    }
  }, 120_000);

  it('a receiver that declares a long answer and closes early still gives its status', async () => {
    offset = 0;
    // A hostile receiver: 8 MiB declared, 3 MiB sent, then FIN. Only the status line counts; the body is never read.
    const origin = await startHostileOrigin();
    const { accountId, apiKey } = await t.createAccount({ credits: 10 });
    await uploadTextPdf(t, apiKey, 'short-hook', 1, 1);
    await api(t, apiKey)('POST', '/batches/short-hook/process', { fields: ['Item'], webhook_url: origin.url('/short?mib=8') });
    const workers = startWorkers(t.services, { engine: layout, workers: 1, pollMs: 20 });
    try {
      await waitForBatch(t, accountId, 'short-hook');
      // The receiver's status line said 200: the delivery counts, whatever became of the body.
      await waitUntil(async () => (await registration(accountId, 'short-hook')).fired_at !== null, 20_000, 'delivery recorded');
    } finally {
      await workers.stop();
      await origin.close();
    }
  }, 60_000);

  it('a receiver that hangs does not hold up extraction', async () => {
    offset = 0;
    const held: http.ServerResponse[] = [];
    const server = http.createServer((_req, res) => { held.push(res); });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`;
    const { accountId, apiKey } = await t.createAccount({ credits: 10 });
    await uploadTextPdf(t, apiKey, 'slow-hook', 1, 1);
    await uploadTextPdf(t, apiKey, 'after', 2, 1);
    const workers = startWorkers(t.services, { engine: layout, workers: 1, pollMs: 20 });
    try {
      await api(t, apiKey)('POST', '/batches/slow-hook/process', { fields: ['Item'], webhook_url: url });
      await waitUntil(async () => held.length === 1, 20_000, 'delivery in flight');
      await api(t, apiKey)('POST', '/batches/after/process', { fields: ['Item'] });
      await waitForBatch(t, accountId, 'after', 20_000);
      expect(held.length).toBe(1); // still unanswered while the other batch was extracted
    } finally {
      for (const res of held) res.writeHead(200).end();
      await workers.stop();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  }, 60_000);
});
