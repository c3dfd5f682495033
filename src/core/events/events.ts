import { isPostgres, type DbOrTrx, type Trx } from '../../db/connect.js';
import type { DocumentRow, EventRow } from '../../db/schema.js';
import type { Services } from '../../services.js';
import { isoNow } from '../../clock.js';
import { aggregateStatus, TERMINAL_STATUSES } from '../shared/index.js';
import { enqueueWebhookEvent } from '../webhooks/index.js';

/**
 * The event feed. Events are inserted in the same transaction that commits
 * the terminal state, so a reader of the feed always finds that state. Dedupe
 * keys make one event per document wave and per batch completion, whichever
 * worker gets there.
 */

export const FEED_TYPES = ['document.completed', 'document.failed', 'batch.completed'] as const;


async function insertEvent(
  trx: Trx, services: Services, row: Omit<EventRow, 'id' | 'created_at' | 'data'> & { data: unknown },
): Promise<EventRow | null> {
  const event: EventRow = { ...row, id: `evt_${services.ids.ulid()}`, data: JSON.stringify(row.data), created_at: isoNow(services.clock) };
  const inserted = await trx
    .insertInto('events')
    .values(event)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? event : null;
}

/**
 * Call in the transaction where `doc` reached a terminal state (status already
 * written). Writes document.completed / document.failed, and batch.completed
 * plus its webhook delivery when this was the batch's last open document.
 */
export async function onDocumentTerminal(trx: Trx, services: Services, doc: DocumentRow): Promise<void> {
  // Serializes the "last document?" check per batch: two workers finishing the batch's last two documents see each other.
  let lock = trx.selectFrom('batches').select(['id', 'name', 'wave', 'account_id']).where('id', '=', doc.batch_id);
  if (isPostgres(trx)) lock = lock.forUpdate();
  const batch = await lock.executeTakeFirst();
  if (!batch) return;
  if (doc.status === 'succeeded' || doc.status === 'failed') {
    const data: Record<string, unknown> = { document_id: doc.id, batch_name: batch.name, status: doc.status };
    if (doc.status === 'failed') data.failure = { code: doc.failure_code, message: doc.failure_message };
    await insertEvent(trx, services, {
      account_id: batch.account_id,
      type: doc.status === 'succeeded' ? 'document.completed' : 'document.failed',
      batch_name: batch.name,
      document_id: doc.id,
      data,
      dedupe_key: `document:${doc.id}:${doc.wave}`,
    });
  }
  // Cheap check first: this runs once per finished document, the full status list only once per batch.
  const open = await trx.selectFrom('documents').select('id').where('batch_id', '=', batch.id)
    .where('status', 'not in', [...TERMINAL_STATUSES]).limit(1).executeTakeFirst();
  if (open) return;
  const statuses = await trx.selectFrom('documents').select('status').where('batch_id', '=', batch.id).execute();
  if (statuses.length === 0) return;
  const data = { batch_name: batch.name, status: aggregateStatus(statuses.map((s) => s.status)), document_count: statuses.length };
  const event = await insertEvent(trx, services, {
    account_id: batch.account_id,
    type: 'batch.completed',
    batch_name: batch.name,
    document_id: null,
    data,
    dedupe_key: `batch:${batch.id}:${batch.wave}`,
  });
  if (event) {
    await enqueueWebhookEvent(trx, services, batch.account_id, batch.name, 'batch.completed', data, { messageId: event.id, createdAt: event.created_at });
  }
}

export interface EventFilters {
  type?: string;
  batchName?: string;
  documentId?: string;
  createdFrom?: string;
  createdTo?: string;
}

/** Newest first; `after` is the (created_at, id) of the last item of the previous page. */
export async function listEvents(
  db: DbOrTrx, accountId: number, filters: EventFilters, limit: number, after: [string, string] | null,
): Promise<EventRow[]> {
  let q = db.selectFrom('events').selectAll().where('account_id', '=', accountId);
  if (filters.type) q = q.where('type', '=', filters.type);
  if (filters.batchName) q = q.where('batch_name', '=', filters.batchName);
  if (filters.documentId) q = q.where('document_id', '=', filters.documentId);
  if (filters.createdFrom) q = q.where('created_at', '>=', filters.createdFrom);
  if (filters.createdTo) q = q.where('created_at', '<=', filters.createdTo);
  if (after) {
    const [at, id] = after;
    q = q.where((eb) => eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]));
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
}

/** The event feed item (docs/decisions.md, Results and other shapes). */
export function eventView(row: EventRow, baseUrl: string) {
  const api = `${baseUrl}/api/v1`;
  const batch = encodeURIComponent(row.batch_name);
  return {
    id: row.id,
    type: row.type,
    created_at: row.created_at,
    batch_name: row.batch_name,
    document_id: row.document_id,
    data: JSON.parse(row.data) as Record<string, unknown>,
    document_url: row.document_id ? `${api}/documents/${encodeURIComponent(row.document_id)}` : null,
    batch_url: `${api}/batches/${batch}`,
    batch_results_url: `${api}/batches/${batch}/results`,
  };
}

/** Housekeeping: events are kept 30 days. */
export async function purgeOldEvents(db: DbOrTrx, before: Date): Promise<number> {
  const res = await db.deleteFrom('events').where('created_at', '<', before.toISOString()).executeTakeFirst();
  return Number(res.numDeletedRows);
}
