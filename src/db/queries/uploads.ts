/** The `uploads` table: one row per uploaded file (its pages are documents) and the key of its original bytes. */
import type { DbOrTrx, Trx } from '../connect.js';
import type { NewUpload } from '../schema.js';
import { poolMemberIds } from './accounts.js';

export async function insert(trx: Trx, values: NewUpload): Promise<void> {
  await trx.insertInto('uploads').values(values).execute();
}

export async function ofBatch(trx: Trx, batchId: number): Promise<Array<{ id: string; account_id: number }>> {
  return trx.selectFrom('uploads').select(['id', 'account_id']).where('batch_id', '=', batchId).execute();
}

export async function removeOfBatch(trx: Trx, batchId: number): Promise<void> {
  await trx.deleteFrom('uploads').where('batch_id', '=', batchId).execute();
}

/**
 * Up to `limit` uploads of a pool created before `cutoff` that still hold
 * bytes (their original, or a page not yet purged), oldest first; uploads with
 * a page in one of `busyStates` wait.
 */
export async function dueForRetention(
  db: DbOrTrx, poolId: number, cutoff: string, busyStates: readonly string[], limit: number,
): Promise<Array<{ id: string; original_key: string | null }>> {
  return db.selectFrom('uploads').select(['id', 'original_key'])
    .where('account_id', 'in', poolMemberIds(db, poolId))
    .where('created_at', '<', cutoff)
    .where((eb) => eb.or([
      eb('original_key', 'is not', null),
      eb.exists(eb.selectFrom('documents').select('documents.id').whereRef('documents.upload_id', '=', 'uploads.id').where('documents.purged_at', 'is', null)),
    ]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('documents').select('documents.id')
      .whereRef('documents.upload_id', '=', 'uploads.id').where('documents.status', 'in', [...busyStates]))))
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** The upload's original bytes are gone (retention). */
export async function forgetOriginal(trx: Trx, id: string): Promise<void> {
  await trx.updateTable('uploads').set({ original_key: null }).where('id', '=', id).execute();
}

/** What painting a page on first use needs of its upload: the file kind and where the original bytes are. */
export async function original(db: DbOrTrx, id: string): Promise<{ kind: string; original_key: string | null } | undefined> {
  return db.selectFrom('uploads').select(['kind', 'original_key']).where('id', '=', id).executeTakeFirst();
}
