import type { Trx } from '../../db/connect.js';
import * as batches from '../../db/queries/batches.js';
import * as bboxJobs from '../../db/queries/bbox-jobs.js';
import type { Services } from '../../services.js';
import { deriveJobStatus, type BboxStatus } from './status.js';
import { isTerminal } from '../shared/index.js';
import { applyCreditChange, ledgerAction, isTier } from '../billing/index.js';
import { notifyBboxCompleted } from './notify.js';
import { isoNow } from '../../clock.js';

const bboxRefundKey = (jobId: string) => `bbox:${jobId}:refund`;

/**
 * Row-group transitions and the one transition that ends a bbox job. Every
 * function runs in the caller's transaction; the conditional UPDATEs make a
 * repeated or raced call a no-op.
 */

/** A worker started a group: the group and (if nothing had started yet) the job show `processing`. */
export async function markRowGroupProcessing(trx: Trx, services: Services, jobId: string, groupIndex: number): Promise<void> {
  await bboxJobs.startRowGroup(trx, jobId, groupIndex, isoNow(services.clock));
}

/** A retry puts the group back in the queue. */
export async function markRowGroupQueued(trx: Trx, services: Services, jobId: string, groupIndex: number): Promise<void> {
  await bboxJobs.requeueRowGroup(trx, jobId, groupIndex, isoNow(services.clock));
}

/**
 * Records a group's outcome (boxes JSON on success) and settles the job when it
 * was the last. Returns false when the group was already terminal or is gone
 * (its batch was deleted), in which case nothing changed.
 */
export async function finishRowGroup(
  trx: Trx, services: Services, jobId: string, groupIndex: number, outcome: { status: 'succeeded'; boxes: string } | { status: 'failed' },
): Promise<boolean> {
  // Lock the job row first: a second group finishing at the same moment waits
  // here, then sees this group's committed status when it counts the groups.
  if (!(await bboxJobs.lockOpen(trx, jobId))) return false;
  if (!(await bboxJobs.finishRowGroup(trx, jobId, groupIndex, outcome, isoNow(services.clock)))) return false;
  await settleBboxJob(trx, services, jobId);
  return true;
}

/**
 * Ends the job when every row group is terminal: exactly one caller wins the
 * conditional UPDATE (running_document_id still set), and only the winner
 * refunds a failed job and enqueues document.bbox_completed. Returns the final
 * status when this call ended the job, else null.
 */
export async function settleBboxJob(trx: Trx, services: Services, jobId: string): Promise<BboxStatus | null> {
  const statuses = await bboxJobs.rowGroupStatuses(trx, jobId);
  if (!statuses.every(isTerminal)) return null;
  const status = deriveJobStatus(statuses);
  const ended = await bboxJobs.end(trx, jobId, status, isoNow(services.clock));
  if (!ended) return null;
  const batch = await batches.byId(trx, ended.batch_id);
  if (status === 'failed') await refundBboxJob(trx, services, ended, batch?.name ?? null);
  if (batch) await notifyBboxCompleted(trx, services, { accountId: batch.account_id, batchName: batch.name }, ended.document_id, ended.id, status);
  return status;
}

/** Returns a job's charge at the tier it was charged at; at most once per job (dedupe key). */
export async function refundBboxJob(trx: Trx, services: Services, job: bboxJobs.BboxJob, batchName: string | null): Promise<boolean> {
  if (job.charged_amount === 0) return false;
  return applyCreditChange(trx, services.clock, {
    poolAccountId: job.pool_account_id,
    consumerId: job.consumer_id,
    action: ledgerAction('refund', isTier(job.charged_tier) ? job.charged_tier : 'standard'),
    reason: 'bbox',
    batchName,
    documentId: job.document_id,
    amount: job.charged_amount,
    dedupeKey: bboxRefundKey(job.id),
  });
}
