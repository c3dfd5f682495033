/** The `batches` table: named batches per account and their processing wave. Summaries over their documents: batch-summaries.ts. */
import { sql } from 'kysely';
import { isPostgres, type DbOrTrx, type Trx } from '../connect.js';
import type { BatchRow, NewBatch } from '../schema.js';
import type { Lookup } from './lookup.js';

export async function byId(db: DbOrTrx, id: number, opts: Lookup = {}): Promise<BatchRow | undefined> {
  return db.selectFrom('batches').selectAll().where('id', '=', id)
    .$if(opts.lock === true && isPostgres(db), (q) => q.forUpdate()).executeTakeFirst();
}

/** The account's batch of that name (names are unique per account), if any. */
export async function byName(db: DbOrTrx, accountId: number, name: string, opts: Lookup = {}): Promise<BatchRow | undefined> {
  return db.selectFrom('batches').selectAll().where('account_id', '=', accountId).where('name', '=', name)
    .$if(opts.lock === true && isPostgres(db), (q) => q.forUpdate()).executeTakeFirst();
}

/** A batch's name by id (ledger rows and events carry the name), or null when the batch is gone. */
export async function nameOf(db: DbOrTrx, id: number): Promise<string | null> {
  const row = await db.selectFrom('batches').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? null;
}

/** Inserts the batch unless the account already has one of that name. */
export async function createIfMissing(trx: Trx, values: NewBatch): Promise<void> {
  await trx.insertInto('batches').values(values).onConflict((oc) => oc.columns(['account_id', 'name']).doNothing()).execute();
}

/** Starts the batch's next wave (one batch.completed per wave). */
export async function nextWave(trx: Trx, id: number): Promise<void> {
  await trx.updateTable('batches').set({ wave: sql`wave + 1` }).where('id', '=', id).execute();
}

export async function remove(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('batches').where('id', '=', id).execute();
}
