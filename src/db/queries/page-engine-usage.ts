/** The `page_engine_usage` table: what the engine spent on one page wave (tokens, requests) beside the credits it kept. */
import type { DbOrTrx, Trx } from '../connect.js';
import type { NewPageEngineUsage } from '../schema.js';

export async function record(trx: Trx, values: NewPageEngineUsage): Promise<void> {
  await trx.insertInto('page_engine_usage').values(values).execute();
}

export async function ofBatch(db: DbOrTrx, batchId: number) {
  return db.selectFrom('page_engine_usage')
    .select(['tier', 'engine', 'model', 'outcome', 'tokens_in', 'tokens_out', 'requests', 'credits'])
    .where('batch_id', '=', batchId).execute();
}

/** The engine that read a document's wave, when recorded. */
export async function engineOfWave(db: DbOrTrx, documentId: string, wave: number): Promise<string | null> {
  const row = await db.selectFrom('page_engine_usage').select('engine').where('document_id', '=', documentId).where('wave', '=', wave).executeTakeFirst();
  return row?.engine ?? null;
}
