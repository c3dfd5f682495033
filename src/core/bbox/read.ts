import type { DbOrTrx } from '../../db/connect.js';
import * as bboxJobs from '../../db/queries/bbox-jobs.js';
import * as documents from '../../db/queries/documents.js';
import type { Box } from '../../extract/types.js';
import type { Principal } from '../accounts/index.js';
import { ownsDocument } from './trigger.js';
import { jobStatusOf, toPublicBbox, type BboxRows, type BboxStatus } from './status.js';
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

/** The most recent bbox job of each document, with its status and rows; documents without a job are absent. */
export async function getBboxForDocuments(db: DbOrTrx, documentIds: string[]): Promise<Map<string, BboxSnapshot>> {
  const latest = new Map<string, bboxJobs.BboxJob>();
  // Ids are bbx_<ulid>: ascending id order is creation order, so the last one seen per document wins.
  for (const job of await bboxJobs.ofDocuments(db, [...new Set(documentIds)])) latest.set(job.document_id, job);
  const groupsByJob = new Map<string, Array<{ status: string; boxes: string | null }>>();
  for (const g of await bboxJobs.rowGroupsOf(db, [...latest.values()].map((j) => j.id))) {
    const list = groupsByJob.get(g.bbox_job_id) ?? [];
    list.push(g);
    groupsByJob.set(g.bbox_job_id, list);
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
  const doc = await documents.byId(db, documentId);
  if (!doc || !ownsDocument(principal, doc)) throw errors.documentNotFound(documentId);
  const snap = (await getBboxForDocuments(db, [doc.id])).get(doc.id);
  if (!snap) return { document_id: doc.id, exists: false, status: null, group_batch_id: null, rows: {} };
  return { document_id: doc.id, exists: true, status: snap.status, group_batch_id: snap.groupBatchId, rows: snap.rows };
}
