/** The `layout_memories` table: what corrections taught the layout engine, one row per account, sender and layout. */
import type { DbOrTrx, Trx } from '../connect.js';
import type { LayoutMemoryRow } from '../schema.js';

/** Every memory of an account, oldest first: what the engine is handed with each of the account's pages. */
export async function ofAccount(db: DbOrTrx, accountId: number): Promise<LayoutMemoryRow[]> {
  return db.selectFrom('layout_memories').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
}

/** Up to `limit` of an account's memories, newest first, below id `before`. */
export async function pageOf(db: DbOrTrx, accountId: number, before: string | null, limit: number): Promise<LayoutMemoryRow[]> {
  return db.selectFrom('layout_memories').selectAll().where('account_id', '=', accountId)
    .$if(before !== null, (q) => q.where('id', '<', before!))
    .orderBy('id', 'desc').limit(limit).execute();
}

export async function byKeys(trx: Trx, accountId: number, senderKey: string, layoutKey: string): Promise<LayoutMemoryRow | undefined> {
  return trx.selectFrom('layout_memories').selectAll().where('account_id', '=', accountId)
    .where('sender_key', '=', senderKey).where('layout_key', '=', layoutKey).executeTakeFirst();
}

export async function insert(trx: Trx, row: LayoutMemoryRow): Promise<void> {
  await trx.insertInto('layout_memories').values(row).execute();
}

/** A memory grown by one more correction. */
export async function update(trx: Trx, id: string, change: Pick<LayoutMemoryRow, 'model' | 'fields' | 'documents' | 'updated_at'>): Promise<void> {
  await trx.updateTable('layout_memories').set(change).where('id', '=', id).execute();
}

/** Removes one of the account's memories; reports whether it existed. */
export async function remove(db: DbOrTrx, accountId: number, id: string): Promise<boolean> {
  const res = await db.deleteFrom('layout_memories').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
