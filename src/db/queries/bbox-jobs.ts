/**
 * The bbox aggregate: `bbox_jobs` (one paid pass over a document) and its
 * `bbox_row_groups` (chunks of rows, each located by one durable job), which
 * never stand alone. A job is open while `running_document_id` is set; the
 * conditional UPDATEs make a repeated or raced transition a no-op.
 */
import { isPostgres, type DbOrTrx, type Trx } from '../connect.js';
import type { BboxJobRow, BboxRowGroupRow, NewBboxJob, NewBboxRowGroup } from '../schema.js';
import { inChunks, type Lookup } from './lookup.js';

/** Every bbox_jobs column but the (large) OCR words. */
const JOB_COLUMNS = [
  'id', 'document_id', 'batch_id', 'pool_account_id', 'consumer_id', 'status', 'running_document_id',
  'row_groups', 'charged_amount', 'charged_tier', 'created_at', 'completed_at',
] as const;
export type BboxJob = Omit<BboxJobRow, 'page_words'>;

/** Ids per IN list: SQLite caps bound parameters per statement. */
const IN_CHUNK = 500;

export async function insert(trx: Trx, job: NewBboxJob): Promise<void> {
  await trx.insertInto('bbox_jobs').values(job).execute();
}

export async function insertRowGroup(trx: Trx, group: NewBboxRowGroup): Promise<void> {
  await trx.insertInto('bbox_row_groups').values(group).execute();
}

/** The document's open job, if any (at most one: running_document_id is unique). */
export async function openFor(trx: Trx, documentId: string): Promise<BboxJob | undefined> {
  return trx.selectFrom('bbox_jobs').select(JOB_COLUMNS).where('running_document_id', '=', documentId).executeTakeFirst();
}

/** The batch's open jobs, row-locked on PostgreSQL with `lock`. */
export async function openOfBatch(trx: Trx, batchId: number, opts: Lookup = {}): Promise<BboxJob[]> {
  return trx.selectFrom('bbox_jobs').select(JOB_COLUMNS).where('batch_id', '=', batchId).where('running_document_id', 'is not', null)
    .$if(opts.lock === true && isPostgres(trx), (q) => q.forUpdate()).execute();
}

/** A job's document and whether it is still open (running_document_id set). */
export async function documentOf(db: DbOrTrx, jobId: string): Promise<{ document_id: string; running_document_id: string | null } | undefined> {
  return db.selectFrom('bbox_jobs').select(['document_id', 'running_document_id']).where('id', '=', jobId).executeTakeFirst();
}

/** Jobs of these documents, in id (creation) order per document. */
export async function ofDocuments(db: DbOrTrx, documentIds: string[]): Promise<BboxJob[]> {
  const jobs: BboxJob[] = [];
  for (const ids of inChunks(documentIds, IN_CHUNK)) {
    jobs.push(...await db.selectFrom('bbox_jobs').select(JOB_COLUMNS).where('document_id', 'in', ids).orderBy('id').execute());
  }
  return jobs;
}

/** The batch's jobs and their row groups go. */
export async function removeOfBatch(trx: Trx, batchId: number): Promise<void> {
  await trx.deleteFrom('bbox_row_groups').where('bbox_job_id', 'in', trx.selectFrom('bbox_jobs').select('id').where('batch_id', '=', batchId)).execute();
  await trx.deleteFrom('bbox_jobs').where('batch_id', '=', batchId).execute();
}

/** The OCR words a job keeps for its row groups (JSON), if saved. */
export async function pageWordsOf(db: DbOrTrx, jobId: string): Promise<string | null> {
  const row = await db.selectFrom('bbox_jobs').select('page_words').where('id', '=', jobId).executeTakeFirst();
  return row?.page_words ?? null;
}

/** Saves the words on the job row: a deleted job takes them along, and a save after deletion updates nothing. */
export async function savePageWords(db: DbOrTrx, jobId: string, words: string): Promise<void> {
  await db.updateTable('bbox_jobs').set({ page_words: words }).where('id', '=', jobId).execute();
}

/**
 * Takes the open job's row for this transaction, so a second group finishing
 * at the same moment waits and then sees this one's committed status. False
 * when the job is gone or already ended.
 */
export async function lockOpen(trx: Trx, jobId: string): Promise<boolean> {
  if (isPostgres(trx)) {
    const row = await trx.selectFrom('bbox_jobs').select('id').where('id', '=', jobId).where('running_document_id', 'is not', null).forUpdate().executeTakeFirst();
    return row !== undefined;
  }
  // SQLite: writing first takes the database write lock, so the reads after it see every committed group.
  const res = await trx.updateTable('bbox_jobs').set({ running_document_id: (eb) => eb.ref('running_document_id') })
    .where('id', '=', jobId).where('running_document_id', 'is not', null).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Ends the open job with its final status; the ended job, or undefined when another caller ended it first. */
export async function end(trx: Trx, jobId: string, status: string, at: string): Promise<BboxJob | undefined> {
  return trx.updateTable('bbox_jobs')
    .set({ status, running_document_id: null, completed_at: at })
    .where('id', '=', jobId).where('running_document_id', 'is not', null)
    .returning(JOB_COLUMNS)
    .executeTakeFirst();
}

/* Row groups. */

export async function rowGroup(db: DbOrTrx, jobId: string, groupIndex: number): Promise<BboxRowGroupRow | undefined> {
  return db.selectFrom('bbox_row_groups').selectAll()
    .where('bbox_job_id', '=', jobId).where('group_index', '=', groupIndex).executeTakeFirst();
}

export async function rowGroupStatuses(trx: Trx, jobId: string): Promise<string[]> {
  const groups = await trx.selectFrom('bbox_row_groups').select('status').where('bbox_job_id', '=', jobId).execute();
  return groups.map((g) => g.status);
}

/** Status and boxes of every group of these jobs, by job, in group order. */
export async function rowGroupsOf(db: DbOrTrx, jobIds: string[]): Promise<Array<{ bbox_job_id: string; status: string; boxes: string | null }>> {
  const groups: Array<{ bbox_job_id: string; status: string; boxes: string | null }> = [];
  for (const ids of inChunks(jobIds, IN_CHUNK)) {
    groups.push(...await db.selectFrom('bbox_row_groups').select(['bbox_job_id', 'status', 'boxes'])
      .where('bbox_job_id', 'in', ids).orderBy('bbox_job_id').orderBy('group_index').execute());
  }
  return groups;
}

/** A worker started a group: the group and (if nothing had started yet) the job show `processing`. */
export async function startRowGroup(trx: Trx, jobId: string, groupIndex: number, at: string): Promise<void> {
  await trx.updateTable('bbox_row_groups').set({ status: 'processing', updated_at: at })
    .where('bbox_job_id', '=', jobId).where('group_index', '=', groupIndex).where('status', '=', 'queued').execute();
  await trx.updateTable('bbox_jobs').set({ status: 'processing' }).where('id', '=', jobId).where('status', '=', 'queued').execute();
}

/** A retry puts a started group back in the queue. */
export async function requeueRowGroup(trx: Trx, jobId: string, groupIndex: number, at: string): Promise<void> {
  await trx.updateTable('bbox_row_groups').set({ status: 'queued', updated_at: at })
    .where('bbox_job_id', '=', jobId).where('group_index', '=', groupIndex).where('status', '=', 'processing').execute();
}

/** Records a group's outcome unless it is already terminal or gone; true when it was recorded. */
export async function finishRowGroup(
  trx: Trx, jobId: string, groupIndex: number, outcome: { status: 'succeeded'; boxes: string } | { status: 'failed' }, at: string,
): Promise<boolean> {
  const res = await trx.updateTable('bbox_row_groups')
    .set({ status: outcome.status, boxes: outcome.status === 'succeeded' ? outcome.boxes : null, updated_at: at })
    .where('bbox_job_id', '=', jobId).where('group_index', '=', groupIndex).where('status', 'in', ['queued', 'processing'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
