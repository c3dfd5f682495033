import type { DbOrTrx } from '../../db/connect.js';
import type { Box } from '../../extract/types.js';
import type { Principal } from '../accounts/index.js';
import { ownsDocument } from './trigger.js';
import { JOB_COLUMNS, jobStatusOf, toPublicBbox, type BboxJob, type BboxRows, type BboxStatus } from './status.js';
import { errors } from '../../errors.js';

/**
 * Reading computed boxes. Never starts or changes a job: results with
 * include=bbox and GET /documents/{id}/bbox only look.
 */

export interface BboxSnapshot {
  groupBatchId: string;
  status: BboxStatus;
  /** Rows of the groups located so far (all rows once succeeded). */
  rows: BboxRows;
}

/** Chunk size for IN lists: SQLite caps bound parameters per statement. */
const IN_CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += IN_CHUNK) out.push(items.slice(i, i + IN_CHUNK));
  return out;
}

/** The most recent bbox job of each document, with its status and rows; documents without a job are absent. */
export async function getBboxForDocuments(db: DbOrTrx, documentIds: string[]): Promise<Map<string, BboxSnapshot>> {
  const latest = new Map<string, BboxJob>();
  for (const ids of chunks([...new Set(documentIds)])) {
    // Ids are bbx_<ulid>: ascending id order is creation order, so the last one seen per document wins.
    const jobs = await db.selectFrom('bbox_jobs').select(JOB_COLUMNS).where('document_id', 'in', ids).orderBy('id').execute();
    for (const job of jobs) latest.set(job.document_id, job);
  }
  const groupsByJob = new Map<string, Array<{ status: string; boxes: string | null }>>();
  for (const ids of chunks([...latest.values()].map((j) => j.id))) {
    const groups = await db.selectFrom('bbox_row_groups').select(['bbox_job_id', 'status', 'boxes'])
      .where('bbox_job_id', 'in', ids).orderBy('bbox_job_id').orderBy('group_index').execute();
    for (const g of groups) {
      const list = groupsByJob.get(g.bbox_job_id) ?? [];
      list.push(g);
      groupsByJob.set(g.bbox_job_id, list);
    }
  }
  const out = new Map<string, BboxSnapshot>();
  for (const [documentId, job] of latest) {
    const groups = groupsByJob.get(job.id) ?? [];
    out.set(documentId, { groupBatchId: job.id, status: jobStatusOf(job, groups.map((g) => g.status)), rows: mergeRows(groups) });
  }
  return out;
}

function mergeRows(groups: Array<{ boxes: string | null }>): BboxRows {
  const rows: BboxRows = {};
  for (const g of groups) {
    if (g.boxes === null) continue;
    const located = JSON.parse(g.boxes) as Record<string, Record<string, Box | null>>;
    for (const [rowIndex, fields] of Object.entries(located)) {
      rows[rowIndex] = Object.fromEntries(Object.entries(fields).map(([f, b]) => [f, toPublicBbox(b)]));
    }
  }
  return rows;
}

export interface BboxStateView {
  document_id: string;
  exists: boolean;
  status: BboxStatus | null;
  group_batch_id: string | null;
  rows: BboxRows;
}

/** GET /documents/{id}/bbox. */
export async function getBboxState(db: DbOrTrx, principal: Principal, documentId: string): Promise<BboxStateView> {
  const doc = await db.selectFrom('documents').select(['id', 'account_id']).where('id', '=', documentId).executeTakeFirst();
  if (!doc || !ownsDocument(principal, doc)) throw errors.documentNotFound(documentId);
  const snap = (await getBboxForDocuments(db, [doc.id])).get(doc.id);
  if (!snap) return { document_id: doc.id, exists: false, status: null, group_batch_id: null, rows: {} };
  return { document_id: doc.id, exists: true, status: snap.status, group_batch_id: snap.groupBatchId, rows: snap.rows };
}
