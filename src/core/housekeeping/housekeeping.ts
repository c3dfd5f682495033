import * as accounts from '../../db/queries/accounts.js';
import * as documents from '../../db/queries/documents.js';
import * as uploads from '../../db/queries/uploads.js';
import { purgeFinishedJobs } from '../../jobs/queue.js';
import type { JobRegistry } from '../../jobs/registry.js';
import type { Services } from '../../services.js';
import { pageWordsKey, sweepDueBlobs } from '../uploads/index.js';
import { isoNow } from '../../clock.js';
import { purgeOldEvents } from '../events/index.js';
import { pruneIdempotencyKeys, pruneRateWindows } from '../requests/index.js';

/**
 * Housekeeping as durable periodic jobs (one per time slot across all
 * processes): the retention sweep, the blob sweep (bytes of uploads that
 * never committed and of deleted batches), and expiry of events (30 days),
 * idempotency keys (24 h), rate-limit windows (once their minute is over)
 * and finished job rows (7 days).
 */

const RETENTION_JOB = 'housekeeping.retention';
const EXPIRY_JOB = 'housekeeping.expire';
const BLOB_SWEEP_JOB = 'housekeeping.blobs';
const DAY_MS = 24 * 3600 * 1000;
const EVENT_RETENTION_MS = 30 * DAY_MS;
const JOB_ROW_RETENTION_MS = 7 * DAY_MS;
const SWEEP_CHUNK = 200;
/** Pages an engine may still read: their upload keeps its bytes until they finish. */
const IN_FLIGHT = ['queued', 'processing'];

declare module '../../jobs/registry.js' {
  interface JobKinds {
    'housekeeping.retention': Record<string, never>;
    'housekeeping.expire': Record<string, never>;
    'housekeeping.blobs': Record<string, never>;
  }
}

/**
 * Uploads older than their pool's retention_days lose their bytes (original
 * file, page images, text layers, the words OCR read off them); the rows
 * stay, marked purged. Uploads with a page still queued or processing wait
 * for it to finish.
 */
async function sweepRetention(services: Services): Promise<number> {
  const { db, clock } = services;
  let purged = 0;
  for (const pool of await accounts.poolsWithRetention(db)) {
    const cutoff = new Date(clock.now().getTime() - pool.retention_days! * DAY_MS).toISOString();
    for (;;) {
      // Team members keep the owner's retention policy.
      const due = await uploads.dueForRetention(db, pool.id, cutoff, IN_FLIGHT, SWEEP_CHUNK);
      for (const upload of due) await purgeUpload(services, upload);
      purged += due.length;
      if (due.length < SWEEP_CHUNK) break;
    }
  }
  return purged;
}

async function purgeUpload(services: Services, upload: { id: string; original_key: string | null }): Promise<void> {
  const pages = await documents.blobKeysOfUpload(services.db, upload.id);
  // The e-invoice blob is one per upload, named by each of its pages. The original goes first: a page painted from it
  // meanwhile (core/shared/page-images.ts) sees it gone and removes what it wrote.
  const keys = [...new Set([upload.original_key, ...pages.flatMap((p) => [p.image_key, p.thumb_key, p.text_layer_key, p.einvoice_key, p.image_key && pageWordsKey(p.image_key)])])]
    .filter((k): k is string => k !== null);
  // Bytes first, then rows: a crash in between leaves rows pointing at missing blobs, which read as purged anyway.
  for (const key of keys) await services.blobs.delete(key);
  await services.db.transaction().execute(async (trx) => {
    await uploads.forgetOriginal(trx, upload.id);
    await documents.markUploadPurged(trx, upload.id, isoNow(services.clock));
  });
}

async function expireOldRows(services: Services): Promise<{ events: number; idempotencyKeys: number; rateWindows: number; jobs: number }> {
  const now = services.clock.now().getTime();
  const events = await purgeOldEvents(services.db, new Date(now - EVENT_RETENTION_MS));
  const idempotencyKeys = await pruneIdempotencyKeys(services.db, services.clock);
  const rateWindows = await pruneRateWindows(services.db, now);
  const jobs = await purgeFinishedJobs(services.db, new Date(now - JOB_ROW_RETENTION_MS));
  return { events, idempotencyKeys, rateWindows, jobs };
}

type HousekeepingKind = typeof RETENTION_JOB | typeof BLOB_SWEEP_JOB | typeof EXPIRY_JOB;

/** Each periodic task, how often it runs, and what it reports to the log when it did something. */
const PERIODIC: Array<{ kind: HousekeepingKind; everyMs: number; run: (services: Services) => Promise<Record<string, number> | null>; message: string }> = [
  { kind: RETENTION_JOB, everyMs: 10 * 60_000, message: 'retention sweep purged files', run: async (s) => countIfAny('uploads', await sweepRetention(s)) },
  { kind: BLOB_SWEEP_JOB, everyMs: 10 * 60_000, message: 'blob sweep removed unowned files', run: async (s) => countIfAny('prefixes', await sweepDueBlobs(s)) },
  { kind: EXPIRY_JOB, everyMs: 60 * 60_000, message: 'expired old rows', run: (s) => expireOldRows(s) },
];

function countIfAny(name: string, n: number): Record<string, number> | null {
  return n > 0 ? { [name]: n } : null;
}

export function registerHousekeepingJobs(registry: JobRegistry): void {
  for (const task of PERIODIC) {
    registry.register({
      kind: task.kind,
      lane: 'io',
      everyMs: task.everyMs,
      async handler(_payload, ctx) {
        const report = await task.run(ctx.services);
        if (report) ctx.services.log.info(report, task.message);
      },
    });
  }
}
