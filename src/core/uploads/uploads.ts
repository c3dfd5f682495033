/**
 * POST /documents behind the HTTP layer: limits, URL download, ingestion,
 * blobs, then one transaction for batch + upload + documents. Any failure
 * leaves nothing behind: blobs are written before the transaction under a
 * reserved prefix and removed if it does not commit (or by the blob sweep if
 * the process dies first); a batch created by a failed upload rolls back.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import * as accounts from '../../db/queries/accounts.js';
import * as batches from '../../db/queries/batches.js';
import * as documents from '../../db/queries/documents.js';
import * as templates from '../../db/queries/templates.js';
import * as uploads from '../../db/queries/uploads.js';
import { ingestFile } from '../../ingest/ingest.js';
import type { IngestProcessPool } from '../../ingest/ingest-process-pool.js';
import type { IngestedUpload } from '../../ingest/types.js';
import { downloadUrl } from '../../ingest/url-download.js';
import type { Services } from '../../services.js';
import type { ScratchFiles } from '../../storage/scratch.js';
import { maxBatchSize, settingsOf, type Principal } from '../accounts/index.js';
import { assertBatchName, generateBatchName } from './batch-names.js';
import { isoNow } from '../../clock.js';
import { errors } from '../../errors.js';
import { storeUploadBlobs, uploadPrefix } from './blobs.js';
import { deletePrefixes, releasePrefix, reserveUploadPrefix } from './blob-sweeps.js';
import { assertBatchCapacity, assertQueuedLimit, batchDocumentCount, unprocessedCount } from './limits.js';

/** Pages per upload (docs/api.md, Limits). */
const MAX_PAGES_PER_UPLOAD = 50;

type UploadSource = { kind: 'file'; path: string; filename: string; size: number } | { kind: 'url'; url: string };

export interface UploadInput {
  source: UploadSource;
  batchName?: string;
  templateId?: number;
  password?: string;
  /** Where the upload came from (docs/decisions.md): `api` by default, `direct` from the web console. */
  origin?: UploadOrigin;
}

export type UploadOrigin = 'api' | 'direct';

export interface UploadDeps {
  processPool?: IngestProcessPool;
  /** Local scratch directory for downloads and conversions. */
  scratch: ScratchFiles;
}

export interface UploadResult {
  document_id: string | string[];
  batch_name: string;
  page_count?: number;
  remaining_batch_capacity: number;
}

export async function uploadDocument(services: Services, principal: Principal, input: UploadInput, deps: UploadDeps): Promise<UploadResult> {
  const { db } = services;
  const batchName = input.batchName ?? generateBatchName(services.clock, services.ids);
  assertBatchName(batchName);
  if (input.templateId !== undefined && !(await templates.owned(db, principal.accountId, input.templateId))) {
    throw errors.templateNotFound(input.templateId);
  }
  // Fail fast before downloading and rendering; the transaction re-checks with the real page count.
  const existing = await batches.byName(db, principal.accountId, batchName);
  assertBatchCapacity(principal.pool, batchName, await batchDocumentCount(db, existing?.id), 1);
  assertQueuedLimit(principal.pool, services.clock, await unprocessedCount(db, principal.pool.id), 1);

  const scratch: string[] = [];
  try {
    await mkdir(deps.scratch.dir, { recursive: true });
    let path: string;
    let filename: string;
    let size: number;
    if (input.source.kind === 'url') {
      path = join(deps.scratch.dir, `url-${randomBytes(8).toString('hex')}`);
      scratch.push(path);
      const got = await downloadUrl(input.source.url, path, { allowPrivate: services.config.allowPrivateUrls });
      ({ filename, size } = got);
    } else {
      ({ path, filename, size } = input.source);
    }
    const passwords = [...(input.password !== undefined ? [input.password] : []), ...settingsOf(principal.pool).inbox_pdf_passwords];
    const ingested = await ingestFile(path, {
      passwords, maxPages: MAX_PAGES_PER_UPLOAD, processPool: deps.processPool, tempDir: deps.scratch.dir, einvoice: services.config.einvoice, paintLater: true,
    });
    return await persistUpload(services, principal, { batchName, templateId: input.templateId ?? null, origin: input.origin ?? 'api', filename, size, path, ingested });
  } finally {
    await deps.scratch.remove(scratch);
  }
}

interface Persist {
  batchName: string;
  templateId: number | null;
  origin: UploadOrigin;
  filename: string;
  size: number;
  path: string;
  ingested: IngestedUpload;
}

async function persistUpload(services: Services, principal: Principal, p: Persist): Promise<UploadResult> {
  const uploadId = `doc_${services.ids.ulid()}`;
  const paged = p.ingested.form === 'paged';
  const docIds = p.ingested.pages.map((_, i) => (paged ? `${uploadId}_p${i + 1}` : uploadId));
  const prefix = uploadPrefix(principal.accountId, uploadId);
  await reserveUploadPrefix(services.db, services.clock, prefix);
  try {
    const einvoice = p.ingested.einvoice;
    const blobs = await storeUploadBlobs(services.blobs, principal.accountId, uploadId, p.path, p.ingested.pages, einvoice);
    const remaining = await services.db.transaction().execute(async (trx) => {
      // Serializes uploads of one credit pool on PostgreSQL so the limits hold under concurrency (SQLite writers are serial already).
      await accounts.lock(trx, principal.pool.id);
      const now = isoNow(services.clock);
      await batches.createIfMissing(trx, { account_id: principal.accountId, name: p.batchName, source: p.origin, created_at: now });
      const batch = (await batches.byName(trx, principal.accountId, p.batchName))!;
      const count = await batchDocumentCount(trx, batch.id);
      assertBatchCapacity(principal.pool, p.batchName, count, docIds.length);
      assertQueuedLimit(principal.pool, services.clock, await unprocessedCount(trx, principal.pool.id), docIds.length);
      await uploads.insert(trx, {
        id: uploadId, account_id: principal.accountId, batch_id: batch.id, filename: p.filename, kind: p.ingested.kind,
        form: p.ingested.form, page_count: docIds.length, template_id: p.templateId, source: p.origin,
        original_key: blobs.original, byte_size: p.size, created_at: now,
      });
      await documents.insertAll(trx, p.ingested.pages.map((page, i) => ({
        id: docIds[i], account_id: principal.accountId, batch_id: batch.id, upload_id: uploadId, page_number: i + 1,
        filename: p.filename, status: 'uploaded', template_id: p.templateId,
        image_key: blobs.pages[i].image, thumb_key: blobs.pages[i].thumb, text_layer_key: blobs.pages[i].textLayer,
        einvoice_syntax: einvoice?.invoice.syntax ?? null, einvoice_profile: einvoice?.invoice.profile ?? null, einvoice_key: blobs.einvoice,
        width: page.width, height: page.height, charged_amount: 0, attempts: 0, wave: 0, created_at: now, started_at: now,
      })));
      await releasePrefix(trx, prefix);
      return maxBatchSize(principal.pool) - count - docIds.length;
    });
    return paged
      ? { document_id: docIds, batch_name: p.batchName, page_count: docIds.length, remaining_batch_capacity: remaining }
      : { document_id: docIds[0], batch_name: p.batchName, remaining_batch_capacity: remaining };
  } catch (err) {
    // The upload's own error is the one to report; if the store is down too, the reservation stays for the sweep.
    await deletePrefixes(services, [prefix]).catch((cleanup: unknown) => services.log.warn({ err: cleanup, prefix }, 'upload cleanup failed'));
    throw err;
  }
}
