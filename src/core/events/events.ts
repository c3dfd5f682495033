import type { DbOrTrx, Trx } from '../../db/connect.js';
import * as batches from '../../db/queries/batches.js';
import * as documents from '../../db/queries/documents.js';
import * as events from '../../db/queries/events.js';
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
  return (await events.insertUnlessRecorded(trx, event)) ? event : null;
}

/**
 * Call in the transaction where `doc` reached a terminal state (status already
 * written). Writes document.completed / document.failed, and batch.completed
 * plus its webhook delivery when this was the batch's last open document.
 */
export async function onDocumentTerminal(trx: Trx, services: Services, doc: DocumentRow): Promise<void> {
  // Serializes the "last document?" check per batch: two workers finishing the batch's last two documents see each other.
  const batch = await batches.byId(trx, doc.batch_id, { lock: true });
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
  if (await documents.anyInBatchOutside(trx, batch.id, TERMINAL_STATUSES)) return;
  const statuses = await documents.statusesOfBatch(trx, batch.id);
  if (statuses.length === 0) return;
  const data = { batch_name: batch.name, status: aggregateStatus(statuses), document_count: statuses.length };
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

/** Newest first, one more than `limit` (the pager's look-ahead); `after` is the (created_at, id) of the last item of the previous page. */
export async function listEvents(
  db: DbOrTrx, accountId: number, filters: events.EventFilters, limit: number, after: [string, string] | null,
): Promise<EventRow[]> {
  return events.pageOf(db, accountId, filters, limit + 1, after);
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
  return events.removeCreatedBefore(db, before.toISOString());
}
