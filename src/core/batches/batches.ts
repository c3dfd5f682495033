/** Batch summaries: the list with its filters and one batch's status counts (docs/api.md, Resources). */
import type { Db } from '../../db/connect.js';
import * as batchSummaries from '../../db/queries/batch-summaries.js';
import { errors } from '../../errors.js';
import { AGGREGATE_PRECEDENCE, type PublicStatus } from '../shared/index.js';

export const SOURCES = ['direct', 'collect', 'email_inbox', 'api', 'share'] as const;

/** A batch's counts per public status (`uploaded` counts as queued) and its aggregate status, computed in SQL. */
const STATUS_RULE: batchSummaries.StatusRule<PublicStatus> = {
  counts: { queued: ['uploaded', 'queued'], processing: ['processing'], succeeded: ['succeeded'], failed: ['failed'], canceled: ['canceled'] },
  precedence: AGGREGATE_PRECEDENCE,
};

/** One batch's counts: the public ones plus the documents uploaded and never processed (a docrows extension; they count as queued too). */
const DETAIL_RULE: batchSummaries.StatusRule<PublicStatus | 'not_processed'> = {
  counts: { ...STATUS_RULE.counts, not_processed: ['uploaded'] },
  precedence: AGGREGATE_PRECEDENCE,
};

export interface BatchListFilter {
  source?: string;
  q?: string;
  /** Inclusive UTC day bounds, YYYY-MM-DD, already validated. */
  dateFrom?: string;
  dateTo?: string;
  statuses?: PublicStatus[];
  templateId?: number;
  /** `newest` lists the latest batch first (a docrows extension); the contract's order is oldest first. */
  order: 'oldest' | 'newest';
  /** Batches after this id in `order` (the page cursor). */
  afterId: number | null;
  limit: number;
}

export interface BatchSummary {
  id: number;
  batch_name: string;
  status: string;
  document_count: number;
  created_at: string;
}

export async function listBatches(db: Db, accountId: number, f: BatchListFilter): Promise<BatchSummary[]> {
  const rows = await batchSummaries.listSummaries(db, accountId, STATUS_RULE, {
    ...f,
    // The contract's `share` filter stands for collect and email_inbox.
    sources: f.source === undefined ? undefined : f.source === 'share' ? ['collect', 'email_inbox'] : [f.source],
  });
  return rows.map((r) => ({
    id: r.id,
    batch_name: r.name,
    status: r.status,
    document_count: r.document_count,
    created_at: r.created_at,
  }));
}

export interface BatchStatus {
  batch_name: string;
  document_count: number;
  status_counts: Record<PublicStatus, number>;
  all_done: boolean;
  not_processed: number;
  created_at: string;
}

export async function getBatchStatus(db: Db, accountId: number, name: string): Promise<BatchStatus> {
  const row = await batchSummaries.countsOfBatch(db, accountId, name, DETAIL_RULE);
  if (!row) throw errors.batchNotFound(name);
  const { counts: { not_processed: notProcessed, ...counts }, total } = row;
  return {
    batch_name: row.name,
    document_count: total,
    status_counts: counts,
    all_done: total > 0 && counts.queued === 0 && counts.processing === 0,
    not_processed: notProcessed,
    created_at: row.created_at,
  };
}
