/**
 * The limits an upload is checked against, run inside the upload transaction
 * (and once before the expensive ingestion, so a doomed upload fails fast).
 */
import type { DbOrTrx } from '../../db/connect.js';
import * as documents from '../../db/queries/documents.js';
import type { AccountRow } from '../../db/schema.js';
import { maxBatchSize, maxQueuedDocuments } from '../accounts/index.js';
import type { Clock } from '../../clock.js';
import { errors } from '../../errors.js';

/** How long a client refused for the queued-documents limit should wait before trying again. */
const QUEUED_LIMIT_RETRY_S = 60;

export async function batchDocumentCount(db: DbOrTrx, batchId: number | undefined): Promise<number> {
  return batchId === undefined ? 0 : documents.countOfBatch(db, batchId);
}

/** "Unprocessed queued documents" of a credit pool: uploaded + queued, over every account of the pool. */
export async function unprocessedCount(db: DbOrTrx, poolId: number): Promise<number> {
  return documents.countInPool(db, poolId, ['uploaded', 'queued']);
}

export function assertBatchCapacity(pool: AccountRow, batchName: string, current: number, adding: number): void {
  const max = maxBatchSize(pool);
  if (current + adding > max) {
    throw errors.invalidParameter(
      'batch_name',
      current >= max
        ? `Batch "${batchName}" already holds ${current} documents, the plan maximum of ${max}.`
        : `Batch "${batchName}" holds ${current} of at most ${max} documents; this upload adds ${adding}.`,
    );
  }
}

export function assertQueuedLimit(pool: AccountRow, clock: Clock, current: number, adding: number): void {
  const max = maxQueuedDocuments(pool);
  if (current + adding > max) {
    const reset = Math.ceil(clock.now().getTime() / 1000) + QUEUED_LIMIT_RETRY_S;
    throw errors.rateLimitExceeded(
      `The account has ${current} unprocessed queued documents and allows at most ${max}: process or delete batches before uploading more.`,
      { 'X-RateLimit-Reset': String(reset), 'Retry-After': String(QUEUED_LIMIT_RETRY_S) },
    );
  }
}
