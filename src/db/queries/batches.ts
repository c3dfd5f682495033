import { isPostgres, type DbOrTrx } from '../connect.js';
import type { BatchRow } from '../schema.js';

/** How a lookup reads its row: `lock` takes a PostgreSQL row lock until the caller's transaction ends (SQLite writers are serial already). */
export interface Lookup {
  lock?: boolean;
}

/** The account's batch of that name (names are unique per account), if any. */
export async function batchByName(db: DbOrTrx, accountId: number, name: string, opts: Lookup = {}): Promise<BatchRow | undefined> {
  let q = db.selectFrom('batches').selectAll().where('account_id', '=', accountId).where('name', '=', name);
  if (opts.lock && isPostgres(db)) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** A batch's name by id (ledger rows and events carry the name), or null when the batch is gone. */
export async function batchNameOf(db: DbOrTrx, batchId: number): Promise<string | null> {
  const row = await db.selectFrom('batches').select('name').where('id', '=', batchId).executeTakeFirst();
  return row?.name ?? null;
}
