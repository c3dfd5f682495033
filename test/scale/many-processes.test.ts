import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, DIALECTS } from '../helpers/app.js';
import { expectCreditsInvariant } from '../helpers/credits.js';
import { waitUntil } from '../pipeline/helpers.js';
import { startCluster, type Cluster, type Proc } from './cluster.js';
import { metricValue, parseMetrics } from './metrics-text.js';
import { Balancer, createTenants, INITIAL_CREDITS, listEvents, uploadAndProcess, type Plan } from './workload.js';

const PLAN: Plan = { accounts: 2, batchesPerAccount: 2, pagesPerBatch: 40, concurrency: 6 };
const PAGES = PLAN.accounts * PLAN.batchesPerAccount * PLAN.pagesPerBatch;
const TERMINAL = ['succeeded', 'failed'];

async function scrape(proc: Proc) {
  const res = await fetch(`${proc.base}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(res.status).toBe(200);
  return parseMetrics(await res.text());
}

/**
 * 2 API and 3 worker processes on one PostgreSQL database and one S3 bucket;
 * a worker and an API process are SIGKILLed mid-way and restarted. Every
 * promise a single process keeps must still hold.
 */
describe.runIf(DIALECTS.includes('postgres'))('many processes on PostgreSQL and S3', () => {
  let cluster: Cluster | null = null;
  afterAll(async () => { await cluster?.destroy(); }, 60_000);

  it(`processes ${PAGES} pages through 2 APIs and 3 workers, surviving SIGKILLs`, async () => {
    cluster = await startCluster({ apis: 2, workers: 3 });
    const c = cluster;
    const db = c.services.db;
    const count = async (statuses?: string[]) => {
      let q = db.selectFrom('documents').select((eb) => eb.fn.countAll<number>().as('n'));
      if (statuses) q = q.where('status', 'in', statuses);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    const balancer = new Balancer(c.apis);
    const tenants = await createTenants(balancer, PLAN);

    let trafficDone = false;
    const traffic = uploadAndProcess(c, balancer, tenants, PLAN).finally(() => { trafficDone = true; });
    const kills: string[] = [];
    // An API is killed while uploads still arrive; a worker while documents are still processed, which on a
    // loaded machine can be after the last upload (the workers then trail the traffic).
    const allTerminal = async () => trafficDone && await count(TERMINAL) === await count();
    const killWhen = async (proc: Proc, label: string, ready: () => Promise<boolean>, tooLate: () => Promise<boolean>) => {
      let late = false;
      await waitUntil(async () => (late = await tooLate()) || await ready(), 120_000, label);
      expect(late, `${label} in time`).toBe(false);
      kills.push(`${label} at ${await count()} documents, ${await count(['succeeded'])} succeeded`);
      await c.killAndRestart(proc);
    };
    // While it runs: what /metrics shows lies between what the database showed just before and just after.
    let scrapes = 0;
    const watch = (async () => {
      while (!trafficDone) {
        const before = await count(['succeeded']);
        const shown = metricValue(await scrape(c.apis[0]), 'docrows_pages', { status: 'succeeded' })!;
        const after = await count(['succeeded']);
        expect(shown).toBeGreaterThanOrEqual(before);
        expect(shown).toBeLessThanOrEqual(after);
        scrapes++;
        await new Promise((r) => setTimeout(r, 1000));
      }
    })();
    await Promise.all([
      traffic,
      watch,
      killWhen(c.workers[0], 'SIGKILL worker', async () => await count(['succeeded']) >= 40, allTerminal),
      killWhen(c.apis[1], 'SIGKILL API', async () => await count() >= PAGES / 2, async () => trafficDone),
    ]);
    expect(kills).toHaveLength(2);
    expect(scrapes).toBeGreaterThan(3);

    // Every document terminal, every webhook job settled.
    await waitUntil(async () => await count(TERMINAL) === await count(), 120_000, 'every document terminal');
    await waitUntil(async () => (await db.selectFrom('jobs').select('id')
      .where('kind', '=', 'webhook.deliver').where('state', 'in', ['pending', 'running']).execute()).length === 0, 60_000, 'webhooks delivered');
    const docs = await db.selectFrom('documents').select(['id', 'status', 'account_id', 'batch_id', 'charged_amount']).execute();
    expect(docs.length).toBeGreaterThanOrEqual(PAGES);
    expect(docs.filter((d) => d.status === 'succeeded').length).toBeGreaterThan(PAGES * 0.95);

    // Each charged exactly once (and refunded once if it failed); the money invariant per pool.
    const ledger = await db.selectFrom('ledger_entries').select(['pool_account_id', 'action', 'amount', 'document_id']).execute();
    for (const d of docs) {
      const own = ledger.filter((l) => l.document_id === d.id);
      expect(own.filter((l) => l.action.startsWith('deduction')).map((l) => l.amount), d.id).toEqual([-1]);
      expect(own.filter((l) => l.action.startsWith('refund')).length, d.id).toBe(d.status === 'failed' ? 1 : 0);
    }
    await expectCreditsInvariant(db);
    for (const t of tenants) {
      const account = await (await balancer.send('/api/v1/account', () => ({ headers: { authorization: `Bearer ${t.apiKey}` } }))).json() as { available_credits: number };
      const spent = ledger.filter((l) => l.pool_account_id === t.accountId && l.document_id !== null).reduce((s, l) => s + l.amount, 0);
      expect(account.available_credits).toBe(INITIAL_CREDITS + spent);
    }

    // Every event once: one per document and one batch.completed per batch, through GET /events.
    const batches = await db.selectFrom('batches').select(['id', 'name', 'account_id']).execute();
    for (const t of tenants) {
      const events = await listEvents(balancer, t);
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
      const ownDocs = docs.filter((d) => d.account_id === t.accountId);
      const perDoc = events.filter((e) => e.document_id !== null).map((e) => e.document_id).sort();
      expect(perDoc).toEqual(ownDocs.map((d) => d.id).sort());
      expect(events.filter((e) => e.type === 'batch.completed').map((e) => e.batch_name).sort()).toEqual([...t.batches].sort());
    }
    // Every webhook delivered: each batch's batch.completed arrived; a repeat only from a job that was retried (at-least-once, same webhook-id).
    const webhookJobs = await db.selectFrom('jobs').select(['payload', 'attempts', 'state']).where('kind', '=', 'webhook.deliver').execute();
    expect(webhookJobs.length).toBe(batches.length);
    expect(webhookJobs.every((j) => j.state === 'done')).toBe(true);
    for (const job of webhookJobs) {
      const { messageId } = JSON.parse(job.payload) as { messageId: string };
      const got = c.webhooks.filter((w) => w.webhookId === messageId);
      expect(got.length).toBeGreaterThanOrEqual(1);
      expect(got.length).toBeLessThanOrEqual(job.attempts);
    }
    expect(new Set(c.webhooks.map((w) => w.batchName))).toEqual(new Set(batches.map((b) => b.name)));

    // Every stored blob has its row and every row its blob; bytes no row owns only under a prefix the sweep will delete.
    // A PDF's page is painted on first use (src/core/shared/page-images.ts): until then its image and thumbnail
    // keys have no blob, and the stored original they are painted from stands for them.
    const stored = new Set(await c.services.blobs.list(''));
    const uploads = await db.selectFrom('uploads').select(['id', 'kind', 'original_key']).execute();
    const pages = await db.selectFrom('documents').select(['upload_id', 'image_key', 'thumb_key', 'text_layer_key']).execute();
    const paintable = new Set(uploads.filter((u) => u.kind === 'pdf' && u.original_key !== null && stored.has(u.original_key)).map((u) => u.id));
    const owned = new Set([...uploads.map((u) => u.original_key), ...pages.flatMap((p) => [p.image_key, p.thumb_key, p.text_layer_key])]
      .filter((k): k is string => k !== null));
    const unpainted = new Set(pages.filter((p) => paintable.has(p.upload_id)).flatMap((p) => [p.image_key, p.thumb_key]));
    for (const key of owned) if (!unpainted.has(key)) expect(stored.has(key), `blob of ${key}`).toBe(true);
    const reserved = (await db.selectFrom('blob_sweeps').select('prefix').execute()).map((r) => r.prefix);
    const orphans = [...stored].filter((k) => !owned.has(k));
    for (const key of orphans) expect(reserved.some((p) => key.startsWith(p)), `row of ${key}`).toBe(true);

    // /metrics of every process shows the database's pages and credits.
    const succeeded = docs.filter((d) => d.status === 'succeeded').length;
    const charged = -ledger.filter((l) => l.action.startsWith('deduction')).reduce((s, l) => s + l.amount, 0);
    const refunded = ledger.filter((l) => l.action.startsWith('refund')).reduce((s, l) => s + l.amount, 0);
    for (const proc of [...c.apis, ...c.workers]) {
      const m = await scrape(proc);
      expect(metricValue(m, 'docrows_pages', { status: 'succeeded' })).toBe(succeeded);
      expect(metricValue(m, 'docrows_pages', { status: 'failed' })).toBe(docs.length - succeeded);
      expect(metricValue(m, 'docrows_credits_spent_total')).toBe(charged);
      expect(metricValue(m, 'docrows_credits_refunded_total')).toBe(refunded);
    }
    const workerJobs = (await Promise.all(c.workers.map(scrape)))
      .map((m) => metricValue(m, 'docrows_job_duration_seconds_count', { kind: 'document.extract', outcome: 'done' }) ?? 0);
    expect(workerJobs.reduce((s, n) => s + n, 0)).toBeGreaterThan(0);

    // SIGTERM: every process exits cleanly and leaves no job running.
    expect(await c.stopAll()).toEqual([0, 0, 0, 0, 0]);
    expect(await db.selectFrom('jobs').select('id').where('state', '=', 'running').execute()).toEqual([]);
    console.log(`many-processes: ${docs.length} documents; ${kills.join('; ')}; ${balancer.retries} requests retried; ${scrapes} scrapes`);
  }, 300_000);
});
