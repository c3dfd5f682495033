import { isPostgres, type DbOrTrx } from '../connect.js';
import type { DocumentRow } from '../schema.js';
import type { Lookup } from './batches.js';

/** A document (one page) by id, whatever account owns it; callers check ownership. */
export async function documentById(db: DbOrTrx, id: string, opts: Lookup = {}): Promise<DocumentRow | undefined> {
  let q = db.selectFrom('documents').selectAll().where('id', '=', id);
  if (opts.lock && isPostgres(db)) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Every document of a batch, unordered (for whole-batch operations; reading for output uses results' paged walk). */
export async function documentsOfBatch(db: DbOrTrx, batchId: number): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('batch_id', '=', batchId).execute();
}
