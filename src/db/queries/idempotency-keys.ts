/** The `idempotency_keys` table: one claim per account + method + route + key, and the response it stored. */
import type { Db } from '../connect.js';
import type { IdempotencyKeyRow, IdempotencyKeyUpdate, NewIdempotencyKey } from '../schema.js';

export interface KeyScope {
  accountId: number;
  method: string;
  route: string;
  key: string;
}

/** Inserts the claim unless the scope has one; its id when inserted. */
export async function claim(db: Db, row: NewIdempotencyKey): Promise<number | undefined> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((oc) => oc.columns(['account_id', 'method', 'route', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export async function inScope(db: Db, scope: KeyScope): Promise<IdempotencyKeyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('account_id', '=', scope.accountId)
    .where('method', '=', scope.method)
    .where('route', '=', scope.route)
    .where('key', '=', scope.key)
    .executeTakeFirst();
}

/**
 * Rewrites the row only if it is still as `seen` (same creation time and
 * state): of racers taking over one expired or abandoned claim, one wins.
 */
export async function takeOver(db: Db, seen: Pick<IdempotencyKeyRow, 'id' | 'created_at' | 'state'>, changes: IdempotencyKeyUpdate): Promise<boolean> {
  const taken = await db
    .updateTable('idempotency_keys')
    .set(changes)
    .where('id', '=', seen.id)
    .where('created_at', '=', seen.created_at)
    .where('state', '=', seen.state)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

export async function complete(db: Db, id: number, response: { status: number; body: string; headers: string }): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: response.status, response_body: response.body, response_headers: response.headers, locked_until: null })
    .where('id', '=', id)
    .execute();
}

export async function remove(db: Db, id: number): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('id', '=', id).execute();
}

/** Deletes keys created before `cutoff`; returns how many. */
export async function removeCreatedBefore(db: Db, cutoff: string): Promise<number> {
  const res = await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(res.numDeletedRows);
}
