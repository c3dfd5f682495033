import type { Trx } from '../../db/connect.js';
import * as batches from '../../db/queries/batches.js';
import * as bboxJobs from '../../db/queries/bbox-jobs.js';
import * as documents from '../../db/queries/documents.js';
import type { AccountRow, DocumentRow } from '../../db/schema.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { Services } from '../../services.js';
import { getAccount, poolOf, type Principal, tierOf } from '../accounts/index.js';
import { BBOX_ROWS_PER_GROUP, jobStatusOf, type BboxStatus } from './status.js';
import { refundBboxJob, settleBboxJob } from './settle.js';
import { isoNow } from '../../clock.js';
import { publicStatus, storedResult } from '../shared/index.js';
import { debitPool, recordSpends, ledgerAction, TIER_MULTIPLIER } from '../billing/index.js';
import { AppError, errors } from '../../errors.js';

/**
 * The paid bbox pass: starting a job (one transaction: state check, running-job
 * check, debit + ledger, job rows and their durable row-group jobs), the
 * automatic start when a document succeeds, and batch deletion. Reading boxes
 * lives in read.ts, row-group completion in settle.ts.
 */

export const BBOX_ROW_GROUP_JOB = 'bbox.row_group';

declare module '../../jobs/registry.js' {
  interface JobKinds {
    'bbox.row_group': { bboxJobId: string; groupIndex: number };
  }
}

export interface BboxTriggerResult {
  document_id: string;
  group_batch_id: string;
  status: BboxStatus;
  already_running: boolean;
  row_groups: number;
}

/** Ledger dedupe keys: a retried or raced debit/refund of one job is recorded once. */
const bboxDebitKey = (jobId: string) => `bbox:${jobId}:debit`;

async function liveStatus(trx: Trx, job: bboxJobs.BboxJob): Promise<BboxStatus> {
  return jobStatusOf(job, await bboxJobs.rowGroupStatuses(trx, job.id));
}

/**
 * Starts a job on a locked, eligible document: debits first (insufficient_credits
 * is thrown before anything is written), then the job, its ledger row, its row
 * groups and one durable job per group, all in the caller's transaction.
 */
async function startJob(
  trx: Trx, services: Services, doc: DocumentRow, rowCount: number, pool: AccountRow, consumerId: number,
): Promise<BboxTriggerResult> {
  const groups = Math.ceil(rowCount / BBOX_ROWS_PER_GROUP);
  const tier = tierOf(pool);
  // A page with no rows has nothing to locate: the job completes at once and costs nothing.
  const amount = groups === 0 ? 0 : TIER_MULTIPLIER[tier];
  await debitPool(trx, pool.id, amount);
  const id = `bbx_${services.ids.ulid()}`;
  const now = isoNow(services.clock);
  const batchName = (await batches.nameOf(trx, doc.batch_id))!;
  await bboxJobs.insert(trx, {
    id,
    document_id: doc.id,
    batch_id: doc.batch_id,
    pool_account_id: pool.id,
    consumer_id: consumerId,
    status: 'queued',
    running_document_id: doc.id,
    row_groups: groups,
    charged_amount: amount,
    charged_tier: tier,
    page_words: null,
    created_at: now,
    completed_at: null,
  });
  await recordSpends(trx, services.clock, amount === 0 ? [] : [{
    poolAccountId: pool.id,
    consumerId,
    action: ledgerAction('deduction', tier),
    reason: 'bbox',
    batchName,
    documentId: doc.id,
    amount: -amount,
    dedupeKey: bboxDebitKey(id),
  }]);
  for (let g = 0; g < groups; g++) {
    await bboxJobs.insertRowGroup(trx, {
      bbox_job_id: id,
      group_index: g,
      row_start: g * BBOX_ROWS_PER_GROUP,
      row_end: Math.min(rowCount, (g + 1) * BBOX_ROWS_PER_GROUP),
      status: 'queued',
      boxes: null,
      updated_at: now,
    });
    await enqueueJob(trx, services.clock, BBOX_ROW_GROUP_JOB, { bboxJobId: id, groupIndex: g }, { dedupeKey: `bbox:${id}:${g}` });
  }
  const status = groups === 0 ? await settleBboxJob(trx, services, id) : 'queued';
  return { document_id: doc.id, group_batch_id: id, status: status ?? 'queued', already_running: false, row_groups: groups };
}

async function alreadyRunning(trx: Trx, job: bboxJobs.BboxJob): Promise<BboxTriggerResult> {
  return {
    document_id: job.document_id,
    group_batch_id: job.id,
    status: await liveStatus(trx, job),
    already_running: true,
    row_groups: job.row_groups,
  };
}

/** POST /documents/{id}/bbox. */
export async function triggerBbox(services: Services, principal: Principal, documentId: string): Promise<BboxTriggerResult> {
  return services.db.transaction().execute(async (trx) => {
    // The row lock serializes bbox starts on one document (SQLite has a single writer).
    const doc = await documents.byId(trx, documentId, { lock: true });
    if (!doc || !ownsDocument(principal, doc)) throw errors.documentNotFound(documentId);
    const rows = storedResult(doc)?.rows ?? null;
    if (rows === null) {
      throw errors.invalidParameter('document_id', `Document ${documentId} has no extracted data yet (status ${publicStatus(doc.status)}); bbox needs a succeeded document.`);
    }
    if (doc.image_key === null && doc.text_layer_key === null) {
      throw errors.invalidParameter('document_id', `The page image of document ${documentId} is no longer stored, so its values cannot be located.`);
    }
    const running = await bboxJobs.openFor(trx, doc.id);
    if (running) return alreadyRunning(trx, running);
    return startJob(trx, services, doc, rows.length, principal.pool, principal.accountId);
  });
}

/** Team members see their pool's documents; others only their own. */
export function ownsDocument(principal: Principal, doc: Pick<DocumentRow, 'account_id'>): boolean {
  return doc.account_id === principal.accountId || doc.account_id === principal.pool.id;
}

/**
 * Called by processing in the transaction where `doc` becomes succeeded, when
 * the pool's auto_annotate_bbox is on. Bills and queues a job like the trigger
 * does; returns null, changing nothing, when a job already runs or the pool
 * cannot pay (the extraction itself must still succeed).
 */
export async function enqueueAutoBbox(trx: Trx, services: Services, doc: DocumentRow): Promise<BboxTriggerResult | null> {
  const locked = await documents.byId(trx, doc.id, { lock: true });
  const rows = locked ? (storedResult(locked)?.rows ?? null) : null;
  if (!locked || rows === null) return null;
  if (await bboxJobs.openFor(trx, locked.id)) return null;
  const account = await getAccount(trx, locked.account_id);
  if (!account) throw errors.internal(`Document ${locked.id} belongs to a missing account.`);
  const pool = await poolOf(trx, account);
  if (pool.auto_annotate_bbox !== 1) return null;
  try {
    return await startJob(trx, services, locked, rows.length, pool, account.id);
  } catch (err) {
    // debitPool throws before any write, so the caller's transaction is intact.
    if (err instanceof AppError && err.code === 'insufficient_credits') return null;
    throw err;
  }
}

/**
 * For DELETE /batches/{name}, in its transaction before the documents go:
 * refunds every bbox job that has not finished (it never will) and deletes
 * the batch's bbox rows. Returns the credits refunded. Row-group jobs still in
 * the queue find their job gone and finish as no-ops.
 */
export async function deleteBboxJobsForBatch(trx: Trx, services: Services, batchId: number): Promise<number> {
  const open = await bboxJobs.openOfBatch(trx, batchId, { lock: true });
  const batchName = await batches.nameOf(trx, batchId);
  let refunded = 0;
  for (const job of open) {
    if (await refundBboxJob(trx, services, job, batchName)) refunded += job.charged_amount;
  }
  await bboxJobs.removeOfBatch(trx, batchId);
  return refunded;
}
