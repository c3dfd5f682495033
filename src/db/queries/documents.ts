/**
 * The `documents` table: one row per page, its lifecycle state (uploaded →
 * queued → processing → succeeded | failed | canceled), the request and charge
 * locked at process time, and its stored result. What the states mean is
 * decided in src/core/shared/document-state.ts; a function named for a
 * transition writes exactly that transition, fenced on the wave and state it
 * expects, so a repeated or raced call changes nothing.
 */
import { sql } from 'kysely';
import { isPostgres, type Db, type DbOrTrx, type Trx } from '../connect.js';
import type { DocumentRow, NewDocument } from '../schema.js';
import { poolMemberIds } from './accounts.js';
import { inChunks, type Lookup } from './lookup.js';

/** A document (one page) by id, whatever account owns it; callers check ownership. */
export async function byId(db: DbOrTrx, id: string, opts: Lookup = {}): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id)
    .$if(opts.lock === true && isPostgres(db), (q) => q.forUpdate()).executeTakeFirst();
}

/** A document owned by one of `accountIds`, with its batch's name. */
export async function ownedWithBatchName(
  db: DbOrTrx, id: string, accountIds: number[],
): Promise<(DocumentRow & { batch_name: string }) | undefined> {
  return db
    .selectFrom('documents')
    .innerJoin('batches', 'batches.id', 'documents.batch_id')
    .selectAll('documents')
    .select('batches.name as batch_name')
    .where('documents.id', '=', id)
    .where('documents.account_id', 'in', accountIds)
    .executeTakeFirst();
}

/** Every document of a batch, unordered (for whole-batch operations; reading for output uses pageOfBatch). */
export async function ofBatch(db: DbOrTrx, batchId: number): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('batch_id', '=', batchId).execute();
}

/** Up to `limit` documents of a batch in upload order (pages in page order), after the (upload_id, page_number) `after`. */
export async function pageOfBatch(db: DbOrTrx, batchId: number, after: [string, number] | null, limit: number): Promise<DocumentRow[]> {
  let q = db.selectFrom('documents').selectAll().where('batch_id', '=', batchId);
  if (after) {
    const [upload, page] = after;
    q = q.where((eb) => eb.or([eb('upload_id', '>', upload), eb.and([eb('upload_id', '=', upload), eb('page_number', '>', page)])]));
  }
  return q.orderBy('upload_id').orderBy('page_number').limit(limit).execute();
}

/** The locked request and upload template of every document of a batch, in upload order. */
export async function requestsOfBatch(db: DbOrTrx, batchId: number): Promise<Array<{ request: string | null; template_id: number | null }>> {
  return db.selectFrom('documents').select(['request', 'template_id']).where('batch_id', '=', batchId)
    .orderBy('upload_id').orderBy('page_number').execute();
}

export async function statusesOfBatch(trx: Trx, batchId: number): Promise<string[]> {
  const rows = await trx.selectFrom('documents').select('status').where('batch_id', '=', batchId).execute();
  return rows.map((r) => r.status);
}

export async function countOfBatch(db: DbOrTrx, batchId: number): Promise<number> {
  const row = await db.selectFrom('documents').select(sql<number>`COUNT(*)`.as('n')).where('batch_id', '=', batchId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function anyInBatch(trx: Trx, batchId: number): Promise<boolean> {
  return (await trx.selectFrom('documents').select('id').where('batch_id', '=', batchId).limit(1).executeTakeFirst()) !== undefined;
}

/** Whether a batch has a document in none of `states` (cheap: stops at the first). */
export async function anyInBatchOutside(trx: Trx, batchId: number, states: readonly string[]): Promise<boolean> {
  const row = await trx.selectFrom('documents').select('id').where('batch_id', '=', batchId)
    .where('status', 'not in', [...states]).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Documents in `states` over every account of a credit pool. */
export async function countInPool(db: DbOrTrx, poolId: number, states: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .select(sql<number>`COUNT(*)`.as('n'))
    .where('status', 'in', [...states])
    .where('account_id', 'in', poolMemberIds(db, poolId))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Documents per state, over the whole service (metrics). */
export async function countByStatus(db: Db): Promise<Array<{ status: string; n: number }>> {
  const rows = await db.selectFrom('documents').select(['status', sql<number>`count(*)`.as('n')]).groupBy('status').execute();
  return rows.map((r) => ({ status: r.status, n: Number(r.n ?? 0) }));
}

export async function insertAll(trx: Trx, documents: NewDocument[]): Promise<void> {
  await trx.insertInto('documents').values(documents).execute();
}

export async function removeOfBatch(trx: Trx, batchId: number): Promise<void> {
  await trx.deleteFrom('documents').where('batch_id', '=', batchId).execute();
}

/** Blob keys of an upload's pages (retention deletes their bytes). */
export async function blobKeysOfUpload(db: DbOrTrx, uploadId: string): Promise<Array<Pick<DocumentRow, 'image_key' | 'thumb_key' | 'text_layer_key' | 'einvoice_key'>>> {
  return db.selectFrom('documents').select(['image_key', 'thumb_key', 'text_layer_key', 'einvoice_key']).where('upload_id', '=', uploadId).execute();
}

/** The upload's pages lost their bytes to retention: keys cleared, purged_at set. */
export async function markUploadPurged(trx: Trx, uploadId: string, at: string): Promise<void> {
  await trx.updateTable('documents')
    .set({ image_key: null, thumb_key: null, text_layer_key: null, einvoice_key: null, purged_at: at })
    .where('upload_id', '=', uploadId).execute();
}

/* Lifecycle: processing a batch queues its documents, an extraction job moves one wave of one document to its end. */

/** Documents a wave works on: queued, or already picked up by a worker. */
const IN_FLIGHT = ['queued', 'processing'];

/** A batch's documents in `states`, in upload order, row-locked on PostgreSQL (a racing process call waits, then sees them queued). */
export async function lockForProcessing(trx: Trx, batchId: number, states: readonly string[]): Promise<DocumentRow[]> {
  return trx.selectFrom('documents').selectAll()
    .where('batch_id', '=', batchId).where('status', 'in', [...states])
    .orderBy('upload_id').orderBy('page_number')
    .$if(isPostgres(trx), (q) => q.forUpdate())
    .execute();
}

export interface QueuedWave {
  /** JSON of the locked request. */
  request: string;
  quality: string;
  chargedAmount: number;
  chargedTier: string;
}

/** Starts the next wave of these documents: queued with the locked request and charge, last wave's outcome cleared. */
export async function markQueued(trx: Trx, ids: string[], wave: QueuedWave): Promise<void> {
  for (const chunk of inChunks(ids, 500)) {
    await trx.updateTable('documents').set({
      status: 'queued', request: wave.request, quality: wave.quality, charged_amount: wave.chargedAmount, charged_tier: wave.chargedTier,
      attempts: 0, result: null, failure_code: null, failure_message: null, completed_at: null, corrected_at: null, wave: sql`wave + 1`,
    }).where('id', 'in', chunk).execute();
  }
}

/** The document if its wave `wave` is still in flight, row-locked on PostgreSQL until the transaction ends. */
export async function lockInFlight(trx: Trx, id: string, wave: number): Promise<DocumentRow | undefined> {
  return trx.selectFrom('documents').selectAll().where('id', '=', id).where('wave', '=', wave)
    .where('status', 'in', IN_FLIGHT)
    .$if(isPostgres(trx), (q) => q.forUpdate())
    .executeTakeFirst();
}

/** A worker picked up the wave (again): processing, with its attempt number. */
export async function markProcessing(db: DbOrTrx, id: string, wave: number, attempts: number, at: string): Promise<void> {
  await db.updateTable('documents')
    .set({ status: 'processing', started_at: at, attempts })
    .where('id', '=', id).where('wave', '=', wave).where('status', 'in', IN_FLIGHT)
    .execute();
}

/** The wave's worker died or its engine crashed: it waits for another attempt. */
export async function requeue(trx: Trx, id: string, wave: number): Promise<void> {
  await trx.updateTable('documents').set({ status: 'queued' })
    .where('id', '=', id).where('wave', '=', wave).where('status', '=', 'processing').execute();
}

export async function markSucceeded(trx: Trx, id: string, result: { fields: string[]; rows: unknown[] }, at: string): Promise<void> {
  await trx.updateTable('documents')
    .set({ status: 'succeeded', result: JSON.stringify(result), completed_at: at, failure_code: null, failure_message: null })
    .where('id', '=', id).execute();
}

/** A person's rows replace the succeeded wave's (fenced on that wave still being succeeded); true when they did. */
export async function markCorrected(trx: Trx, id: string, wave: number, result: { fields: string[]; rows: unknown[] }, at: string): Promise<boolean> {
  const updated = await trx.updateTable('documents').set({ result: JSON.stringify(result), corrected_at: at })
    .where('id', '=', id).where('wave', '=', wave).where('status', '=', 'succeeded').executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export async function markFailed(trx: Trx, id: string, failure: { code: string; message: string }, at: string): Promise<void> {
  await trx.updateTable('documents')
    .set({ status: 'failed', failure_code: failure.code, failure_message: failure.message, completed_at: at })
    .where('id', '=', id).execute();
}

export async function markCanceled(trx: Trx, id: string, at: string): Promise<void> {
  await trx.updateTable('documents').set({ status: 'canceled', completed_at: at }).where('id', '=', id).execute();
}

/** The wave's charge was refunded: the document reads as not charged. */
export async function clearCharge(trx: Trx, id: string): Promise<void> {
  await trx.updateTable('documents').set({ charged_amount: 0 }).where('id', '=', id).execute();
}
