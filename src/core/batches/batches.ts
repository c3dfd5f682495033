/** Batch summaries: the list with its filters and one batch's status counts (docs/api.md, Resources). */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/connect.js';
import { errors } from '../../errors.js';
import { AGGREGATE_PRECEDENCE, type PublicStatus } from '../shared/index.js';

export const SOURCES = ['direct', 'collect', 'email_inbox', 'api', 'share'] as const;

/** One SUM(CASE ...) per public status over the joined documents `d`; `uploaded` counts as queued. */
const countOf = (statuses: string[]) =>
  sql<number>`COALESCE(SUM(CASE WHEN d.status IN (${sql.join(statuses)}) THEN 1 ELSE 0 END), 0)`;
const COUNTS = {
  queued: countOf(['uploaded', 'queued']),
  processing: countOf(['processing']),
  succeeded: countOf(['succeeded']),
  failed: countOf(['failed']),
  canceled: countOf(['canceled']),
};

/** The aggregate status in SQL: the first status of AGGREGATE_PRECEDENCE with a document, else the last. */
const AGGREGATE = sql<string>`CASE ${sql.join(AGGREGATE_PRECEDENCE.slice(0, -1).map((s) => sql`WHEN ${COUNTS[s]} > 0 THEN ${sql.lit(s)}`), sql` `)}
  ELSE ${sql.lit(AGGREGATE_PRECEDENCE[AGGREGATE_PRECEDENCE.length - 1])} END`;

export interface BatchListFilter {
  source?: string;
  q?: string;
  /** Inclusive UTC day bounds, YYYY-MM-DD, already validated. */
  dateFrom?: string;
  dateTo?: string;
  statuses?: PublicStatus[];
  templateId?: number;
  /** Batches with an id above this (the page cursor). */
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

const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();
/** LIKE pattern matching `q` literally anywhere (\ escapes the wildcards). */
const containsPattern = (q: string): string => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listBatches(db: Db, accountId: number, f: BatchListFilter): Promise<BatchSummary[]> {
  let query = db
    .selectFrom('batches as b')
    .leftJoin('documents as d', 'd.batch_id', 'b.id')
    .select(['b.id', 'b.name', 'b.created_at'])
    .select(sql<number>`COUNT(d.id)`.as('document_count'))
    .select(AGGREGATE.as('status'))
    .where('b.account_id', '=', accountId)
    .groupBy(['b.id', 'b.name', 'b.created_at'])
    .orderBy('b.id')
    .limit(f.limit);
  if (f.afterId !== null) query = query.where('b.id', '>', f.afterId);
  if (f.source !== undefined) {
    query = query.where('b.source', 'in', f.source === 'share' ? ['collect', 'email_inbox'] : [f.source]);
  }
  // Correlated EXISTS over the batch's uploads (filenames, upload times) and documents (templates).
  if (f.q !== undefined && f.q !== '') {
    const pattern = containsPattern(f.q);
    query = query.where((eb) => eb.exists(eb.selectFrom('uploads as u').select('u.id').whereRef('u.batch_id', '=', 'b.id')
      .where(sql<SqlBool>`LOWER(u.filename) LIKE ${pattern} ESCAPE '\\'`)));
  }
  if (f.dateFrom !== undefined || f.dateTo !== undefined) {
    const from = f.dateFrom !== undefined ? `${f.dateFrom}T00:00:00.000Z` : '';
    const to = f.dateTo !== undefined ? nextDay(f.dateTo) : '9999';
    query = query.where((eb) => eb.exists(eb.selectFrom('uploads as u').select('u.id').whereRef('u.batch_id', '=', 'b.id')
      .where('u.created_at', '>=', from).where('u.created_at', '<', to)));
  }
  if (f.templateId !== undefined) {
    const templateId = f.templateId;
    query = query.where((eb) => eb.exists(eb.selectFrom('documents as t').select('t.id').whereRef('t.batch_id', '=', 'b.id')
      .where('t.template_id', '=', templateId)));
  }
  if (f.statuses !== undefined) query = query.having(sql<SqlBool>`${AGGREGATE} IN (${sql.join(f.statuses)})` as Expression<SqlBool>);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    batch_name: r.name,
    status: r.status,
    document_count: Number(r.document_count),
    created_at: r.created_at,
  }));
}

export interface BatchStatus {
  batch_name: string;
  document_count: number;
  status_counts: Record<PublicStatus, number>;
  all_done: boolean;
  created_at: string;
}

export async function getBatchStatus(db: Db, accountId: number, name: string): Promise<BatchStatus> {
  const row = await db
    .selectFrom('batches as b')
    .leftJoin('documents as d', 'd.batch_id', 'b.id')
    .select(['b.name', 'b.created_at'])
    .select(sql<number>`COUNT(d.id)`.as('total'))
    .select(COUNTS.queued.as('queued'))
    .select(COUNTS.processing.as('processing'))
    .select(COUNTS.succeeded.as('succeeded'))
    .select(COUNTS.failed.as('failed'))
    .select(COUNTS.canceled.as('canceled'))
    .where('b.account_id', '=', accountId)
    .where('b.name', '=', name)
    .groupBy(['b.id', 'b.name', 'b.created_at'])
    .executeTakeFirst();
  if (!row) throw errors.batchNotFound(name);
  const counts = {
    queued: Number(row.queued),
    processing: Number(row.processing),
    succeeded: Number(row.succeeded),
    failed: Number(row.failed),
    canceled: Number(row.canceled),
  };
  const total = Number(row.total);
  return {
    batch_name: row.name,
    document_count: total,
    status_counts: counts,
    all_done: total > 0 && counts.queued === 0 && counts.processing === 0,
    created_at: row.created_at,
  };
}
