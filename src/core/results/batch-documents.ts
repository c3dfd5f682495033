import type { DbOrTrx } from '../../db/connect.js';
import * as batches from '../../db/queries/batches.js';
import * as documents from '../../db/queries/documents.js';
import * as templates from '../../db/queries/templates.js';
import type { BatchRow, DocumentRow } from '../../db/schema.js';
import { errors } from '../../errors.js';
import type { MergeConfig } from './merge.js';
import type { LockedRequest } from '../shared/index.js';

/** Reading a batch's documents for results and export: upload order, in chunks, merge configuration. */

/** The account's batch of that name; batch_not_found when there is none. */
export async function findBatch(db: DbOrTrx, accountId: number, name: string): Promise<BatchRow> {
  const batch = await batches.byName(db, accountId, name);
  if (!batch) throw errors.batchNotFound(name);
  return batch;
}

/** Documents in upload order (pages in page order), fetched `chunk` at a time so a large batch never sits in memory whole. */
export async function* batchDocuments(db: DbOrTrx, batchId: number, chunk = 200): AsyncGenerator<DocumentRow[]> {
  let after: [string, number] | null = null;
  for (;;) {
    const rows = await documents.pageOfBatch(db, batchId, after, chunk);
    if (rows.length > 0) yield rows;
    if (rows.length < chunk) return;
    const last = rows[rows.length - 1];
    after = [last.upload_id, last.page_number];
  }
}


/**
 * The template whose merge settings apply: the one processing last used (the
 * first document processed with a template), else the upload's template.
 * Null when that template has merge off or no longer exists.
 */
export async function resolveMergeConfig(db: DbOrTrx, batch: BatchRow): Promise<MergeConfig | null> {
  const docs = await documents.requestsOfBatch(db, batch.id);
  let templateId: number | null = null;
  for (const d of docs) {
    const requested = d.request ? (JSON.parse(d.request) as LockedRequest).template_id : null;
    templateId = requested ?? null;
    if (templateId !== null) break;
  }
  templateId ??= docs.find((d) => d.template_id !== null)?.template_id ?? null;
  if (templateId === null) return null;
  const t = await templates.owned(db, batch.account_id, templateId);
  if (!t || t.merge_enabled !== 1) return null;
  return {
    groupBy: t.merge_group_by === 'key_fields' ? 'key_fields' : 'upload',
    keyFields: JSON.parse(t.merge_key_fields) as string[],
    mode: t.merge_mode === 'append' ? 'append' : 'fold',
  };
}
