/**
 * DELETE /batches/{name}: in one transaction, refund charged documents still
 * queued, drop bbox jobs (refunding unfinished ones), documents, uploads, the
 * batch and its webhook registration, scheduling the uploads' blobs for
 * deletion; then remove the blobs. Blobs go after the commit so a rolled-back
 * delete never leaves rows pointing at nothing, and the schedule survives a
 * crash before they are gone (core/uploads/blob-sweeps.ts).
 */
import * as batches from '../../db/queries/batches.js';
import * as documents from '../../db/queries/documents.js';
import * as uploads from '../../db/queries/uploads.js';
import * as webhookRegistrations from '../../db/queries/webhook-registrations.js';
import type { Services } from '../../services.js';
import type { Principal } from '../accounts/index.js';
import { deleteBboxJobsForBatch } from '../bbox/index.js';
import { refundDocument } from '../billing/index.js';
import { errors } from '../../errors.js';
import { uploadPrefix, deletePrefixes, schedulePrefixes } from '../uploads/index.js';

export interface DeletedBatch {
  batch_name: string;
  deleted: true;
  document_count: number;
  refunded_credits: number;
}

export async function deleteBatch(services: Services, principal: Principal, name: string): Promise<DeletedBatch> {
  const { result, prefixes } = await services.db.transaction().execute(async (trx) => {
    // Locks the batch against a concurrent upload into it or a second delete.
    const batch = await batches.byName(trx, principal.accountId, name, { lock: true });
    if (!batch) throw errors.batchNotFound(name);
    const docs = await documents.ofBatch(trx, batch.id);
    let refunded = 0;
    // docs/decisions.md, Pinned details: only charged documents still queued are refunded; uploaded ones cost nothing.
    for (const doc of docs) if (doc.status === 'queued') refunded += await refundDocument(trx, services.clock, doc, 'deleted');
    refunded += await deleteBboxJobsForBatch(trx, services, batch.id);
    const batchUploads = await uploads.ofBatch(trx, batch.id);
    await documents.removeOfBatch(trx, batch.id);
    await uploads.removeOfBatch(trx, batch.id);
    await batches.remove(trx, batch.id);
    await webhookRegistrations.removeForBatch(trx, principal.accountId, name);
    const prefixes = batchUploads.map((u) => uploadPrefix(u.account_id, u.id));
    await schedulePrefixes(trx, services.clock, prefixes);
    return {
      result: { batch_name: name, deleted: true as const, document_count: docs.length, refunded_credits: refunded },
      prefixes,
    };
  });
  // The rows are gone either way; bytes the store could not delete now are left to the sweep.
  await deletePrefixes(services, prefixes).catch((err: unknown) => services.log.warn({ err, batch: name }, 'batch blob cleanup deferred to the sweep'));
  return result;
}
