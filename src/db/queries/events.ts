/** The `events` table: the persisted event feed (GET /events), one row per dedupe key. */
import type { DbOrTrx, Trx } from '../connect.js';
import type { EventRow } from '../schema.js';

export interface EventFilters {
  type?: string;
  batchName?: string;
  documentId?: string;
  createdFrom?: string;
  createdTo?: string;
}

/** Inserts the event unless one with its dedupe key exists; true when it was inserted. */
export async function insertUnlessRecorded(trx: Trx, event: EventRow): Promise<boolean> {
  const inserted = await trx
    .insertInto('events')
    .values(event)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Up to `limit` of the account's events, newest first, after the (created_at, id) `after`. */
export async function pageOf(
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
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Deletes events created before `before`; returns how many. */
export async function removeCreatedBefore(db: DbOrTrx, before: string): Promise<number> {
  const res = await db.deleteFrom('events').where('created_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
