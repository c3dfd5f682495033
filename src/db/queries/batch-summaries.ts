/**
 * Batches with their documents counted by status: the batch list (with its
 * filters over uploads and documents) and one batch's counts. Which internal
 * states count as which public status, and which status a batch shows, are
 * core's rules (src/core/batches/batches.ts): they come in as a StatusRule.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../connect.js';

export interface StatusRule<S extends string> {
  /** Public status → the internal document states it counts. */
  counts: Record<S, readonly string[]>;
  /** A batch shows the first of these its documents have, else the last. */
  precedence: readonly S[];
}

/** One SUM(CASE ...) per public status over the joined documents `d`. */
function countsOf<S extends string>(rule: StatusRule<S>): Record<S, RawBuilder<number>> {
  const out = {} as Record<S, RawBuilder<number>>;
  for (const status of Object.keys(rule.counts) as S[]) {
    out[status] = sql<number>`COALESCE(SUM(CASE WHEN d.status IN (${sql.join([...rule.counts[status]])}) THEN 1 ELSE 0 END), 0)`;
  }
  return out;
}

/** The aggregate status in SQL: the first status of the precedence with a document, else the last. */
function aggregateOf<S extends string>(rule: StatusRule<S>) {
  const counts = countsOf(rule);
  const { precedence } = rule;
  return sql<string>`CASE ${sql.join(precedence.slice(0, -1).map((s) => sql`WHEN ${counts[s]} > 0 THEN ${sql.lit(s)}`), sql` `)}
  ELSE ${sql.lit(precedence[precedence.length - 1])} END`;
}

export interface SummaryFilter {
  /** `source` values to keep. */
  sources?: string[];
  /** Text an upload's filename contains, case-insensitively. */
  q?: string;
  /** Inclusive UTC day bounds, YYYY-MM-DD, already validated. */
  dateFrom?: string;
  dateTo?: string;
  /** Aggregate statuses to keep. */
  statuses?: string[];
  templateId?: number;
  /** `newest`: descending ids. */
  order: 'oldest' | 'newest';
  /** Batches after this id in `order` (the page cursor). */
  afterId: number | null;
  limit: number;
}

export interface SummaryRow {
  id: number;
  name: string;
  status: string;
  document_count: number;
  created_at: string;
}

const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();
/** LIKE pattern matching `q` literally anywhere (\ escapes the wildcards). */
const containsPattern = (q: string): string => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of the account's batches in id order (ascending, or descending for `newest`), each with its document count and aggregate status. */
export async function listSummaries<S extends string>(db: Db, accountId: number, rule: StatusRule<S>, f: SummaryFilter): Promise<SummaryRow[]> {
  const aggregate = aggregateOf(rule);
  let query = db
    .selectFrom('batches as b')
    .leftJoin('documents as d', 'd.batch_id', 'b.id')
    .select(['b.id', 'b.name', 'b.created_at'])
    .select(sql<number>`COUNT(d.id)`.as('document_count'))
    .select(aggregate.as('status'))
    .where('b.account_id', '=', accountId)
    .groupBy(['b.id', 'b.name', 'b.created_at'])
    .orderBy('b.id', f.order === 'newest' ? 'desc' : 'asc')
    .limit(f.limit);
  if (f.afterId !== null) query = query.where('b.id', f.order === 'newest' ? '<' : '>', f.afterId);
  if (f.sources !== undefined) query = query.where('b.source', 'in', f.sources);
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
  if (f.statuses !== undefined) query = query.having(sql<SqlBool>`${aggregate} IN (${sql.join(f.statuses)})` as Expression<SqlBool>);
  const rows = await query.execute();
  return rows.map((r) => ({ id: r.id, name: r.name, status: r.status, document_count: Number(r.document_count), created_at: r.created_at }));
}

/** The account's batch of that name with its document count and the count per public status; undefined when there is none. */
export async function countsOfBatch<S extends string>(
  db: Db, accountId: number, name: string, rule: StatusRule<S>,
): Promise<{ name: string; created_at: string; total: number; counts: Record<S, number> } | undefined> {
  const counts = countsOf(rule);
  const statuses = Object.keys(rule.counts) as S[];
  const row = await db
    .selectFrom('batches as b')
    .leftJoin('documents as d', 'd.batch_id', 'b.id')
    .select(['b.name', 'b.created_at'])
    .select(sql<number>`COUNT(d.id)`.as('total'))
    .select(statuses.map((s) => counts[s].as(s)))
    .where('b.account_id', '=', accountId)
    .where('b.name', '=', name)
    .groupBy(['b.id', 'b.name', 'b.created_at'])
    .executeTakeFirst();
  if (!row) return undefined;
  const byStatus = row as unknown as Record<S, unknown>;
  return {
    name: row.name,
    created_at: row.created_at,
    total: Number(row.total),
    counts: Object.fromEntries(statuses.map((s) => [s, Number(byStatus[s])])) as Record<S, number>,
  };
}
