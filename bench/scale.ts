/**
 * Scale-out benchmark (issue 15): the many-process scenario of
 * test/scale/many-processes.test.ts (2 API processes, PostgreSQL, S3 on
 * s3rver, one-page text PDFs in batches with a webhook), once per worker
 * process count. Per run, processing is paused while the pages are uploaded
 * and the workers start, then resumed: pages/s is pages / time from resume to
 * the last page terminal, so 1, 2 and 3 workers are measured on the same
 * queue. Upload pages/s through the two APIs is printed beside it.
 * Prints one JSON line per worker count. BENCH_SCALE_PAGES (default 300) sets
 * the pages per run (a multiple of 6).
 */
import { cpus, loadavg } from 'node:os';
import { ADMIN_TOKEN } from '../test/helpers/app.js';
import { waitUntil } from '../test/helpers/bbox-workers.js';
import { startCluster, type Cluster } from '../test/scale/cluster.js';
import { Balancer, createTenants, uploadAndProcess, type Plan } from '../test/scale/workload.js';

const PAGES = Number(process.env.BENCH_SCALE_PAGES ?? 300);
const WORKER_COUNTS = [1, 2, 3];
const round = (x: number, d = 2): number => Number(x.toFixed(d));

async function setPaused(balancer: Balancer, paused: boolean): Promise<void> {
  await balancer.send('/admin/v1/processing', () => ({
    method: 'PUT', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ paused }),
  }));
}

async function runOnce(workers: number): Promise<Record<string, unknown>> {
  const plan: Plan = { accounts: 3, batchesPerAccount: 2, pagesPerBatch: Math.max(1, Math.round(PAGES / 6)), concurrency: 6 };
  const pages = plan.accounts * plan.batchesPerAccount * plan.pagesPerBatch;
  const cluster: Cluster = await startCluster({ apis: 2, workers: 0 });
  try {
    const db = cluster.services.db;
    const balancer = new Balancer(cluster.apis);
    await setPaused(balancer, true);
    const tenants = await createTenants(balancer, plan);
    const uploadStart = performance.now();
    await uploadAndProcess(cluster, balancer, tenants, plan);
    const uploadSeconds = (performance.now() - uploadStart) / 1000;
    await Promise.all(Array.from({ length: workers }, () => cluster.startWorker()));

    const start = performance.now();
    await setPaused(balancer, false);
    await waitUntil(async () => (await db.selectFrom('documents').select('id')
      .where('status', 'not in', ['succeeded', 'failed']).execute()).length === 0, 600_000, 'all pages terminal');
    const seconds = (performance.now() - start) / 1000;
    const failed = (await db.selectFrom('documents').select('id').where('status', '=', 'failed').execute()).length;
    return {
      bench: 'scale', worker_processes: workers, api_processes: 2, pages, failed,
      process_pages_per_s: round(pages / seconds), process_seconds: round(seconds, 1),
      upload_pages_per_s: round(pages / uploadSeconds), cpus: cpus().length, load1: round(loadavg()[0], 1),
    };
  } finally {
    await cluster.destroy();
  }
}

for (const workers of WORKER_COUNTS) {
  process.stdout.write(`${JSON.stringify(await runOnce(workers))}\n`);
}
