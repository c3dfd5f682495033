import type { Trx } from '../../db/connect.js';
import type { Services } from '../../services.js';
import { JOB_COLUMNS, deriveJobStatus, type BboxJob, type BboxStatus } from './status.js';
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
  const now = isoNow(services.clock);
  await trx.updateTable('bbox_row_groups').set({ status: 'processing', updated_at: now })
    .where('bbox_job_id', '=', jobId).where('group_index', '=', groupIndex).where('status', '=', 'queued').execute();
  await trx.updateTable('bbox_jobs').set({ status: 'processing' }).where('id', '=', jobId).where('status', '=', 'queued').execute();
}

/** A retry puts the group back in the queue. */
export async function markRowGroupQueued(trx: Trx, services: Services, jobId: string, groupIndex: number): Promise<void> {
  await trx.updateTable('bbox_row_groups').set({ status: 'queued', updated_at: isoNow(services.clock) })
    .where('bbox_job_id', '=', jobId).where('group_index', '=', groupIndex).where('status', '=', 'processing').execute();
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
  if (!(await lockOpenJob(trx, services, jobId))) return false;
  const res = await trx.updateTable('bbox_row_groups')
    .set({ status: outcome.status, boxes: outcome.status === 'succeeded' ? outcome.boxes : null, updated_at: isoNow(services.clock) })
    .where('bbox_job_id', '=', jobId).where('group_index', '=', groupIndex).where('status', 'in', ['queued', 'processing'])
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return false;
  await settleBboxJob(trx, services, jobId);
  return true;
}

async function lockOpenJob(trx: Trx, services: Services, jobId: string): Promise<boolean> {
  if (services.dialect === 'postgres') {
    const row = await trx.selectFrom('bbox_jobs').select('id').where('id', '=', jobId).where('running_document_id', 'is not', null).forUpdate().executeTakeFirst();
    return row !== undefined;
  }
  // SQLite: writing first takes the database write lock, so the reads below see every committed group.
  const res = await trx.updateTable('bbox_jobs').set({ running_document_id: (eb) => eb.ref('running_document_id') })
    .where('id', '=', jobId).where('running_document_id', 'is not', null).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Ends the job when every row group is terminal: exactly one caller wins the
 * conditional UPDATE (running_document_id still set), and only the winner
 * refunds a failed job and enqueues document.bbox_completed. Returns the final
 * status when this call ended the job, else null.
 */
export async function settleBboxJob(trx: Trx, services: Services, jobId: string): Promise<BboxStatus | null> {
  const groups = await trx.selectFrom('bbox_row_groups').select('status').where('bbox_job_id', '=', jobId).execute();
  const statuses = groups.map((g) => g.status);
  if (!statuses.every(isTerminal)) return null;
  const status = deriveJobStatus(statuses);
  const now = isoNow(services.clock);
  const ended = await trx.updateTable('bbox_jobs')
    .set({ status, running_document_id: null, completed_at: now })
    .where('id', '=', jobId).where('running_document_id', 'is not', null)
    .returning(JOB_COLUMNS)
    .executeTakeFirst();
  if (!ended) return null;
  const batch = await trx.selectFrom('batches').select(['name', 'account_id']).where('id', '=', ended.batch_id).executeTakeFirst();
  if (status === 'failed') await refundBboxJob(trx, services, ended, batch?.name ?? null);
  if (batch) await notifyBboxCompleted(trx, services, { accountId: batch.account_id, batchName: batch.name }, ended.document_id, ended.id, status);
  return status;
}

/** Returns a job's charge at the tier it was charged at; at most once per job (dedupe key). */
export async function refundBboxJob(trx: Trx, services: Services, job: BboxJob, batchName: string | null): Promise<boolean> {
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
