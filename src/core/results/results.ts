import type { DocumentRow } from '../../db/schema.js';
import { isImageRegion, type Box, type ExtractedCell } from '../../extract/types.js';
import type { Services } from '../../services.js';
import type { Principal } from '../accounts/index.js';
import { getBboxForDocuments, type BboxSnapshot, toPublicBbox } from '../bbox/index.js';
import { batchDocuments, findBatch, resolveMergeConfig, storedResult } from './batch-documents.js';
import { publicStatus } from '../shared/index.js';
import { errors } from '../../errors.js';
import { MergeGrouper, type MergeOutput, type MergeablePage, type Row } from './merge.js';

/** GET /batches/{name}/results (api-v1.md "Field value shapes"; decisions.md "Results and other shapes"). */

export interface ResultsOptions {
  includeBbox: boolean;
  merge: boolean;
}

export interface ResultEntry {
  document_id: string;
  filename: string;
  status: string;
  /** Present once extraction has succeeded (api-v1.md, Document). */
  line_items?: Row[];
  [key: string]: unknown;
}

export function imageUrl(baseUrl: string, documentId: string, box: Box): string {
  const crop = [box.x1, box.y1, box.x2, box.y2].map((v) => Number(v.toFixed(4))).join(',');
  return `${baseUrl}/api/v1/documents/${encodeURIComponent(documentId)}/image?crop=${crop}`;
}

/** One cell as the API shows it: image_region always; {value, bbox} with include=bbox; else the bare scalar. */
function cellView(baseUrl: string, doc: DocumentRow, cell: ExtractedCell | undefined, located: unknown): unknown {
  if (cell && isImageRegion(cell)) {
    return { type: 'image_region', bbox: toPublicBbox(cell.box), image_url: cell.box ? imageUrl(baseUrl, doc.id, cell.box) : null };
  }
  const value = cell?.value ?? null;
  return located === undefined ? value : { value, bbox: located ?? null };
}

/** line_items of a succeeded document, keys in column order. `bbox` present only with include=bbox. */
export function lineItems(baseUrl: string, doc: DocumentRow, bbox?: BboxSnapshot | null): { fields: string[]; rows: Row[] } {
  const result = storedResult(doc);
  if (!result) return { fields: [], rows: [] };
  const rows = result.rows.map((row, i) => {
    const out: Row = {};
    for (const f of result.fields) {
      const located = bbox === undefined ? undefined : (bbox?.rows[String(i)]?.[f] ?? null);
      out[f] = cellView(baseUrl, doc, row[f], located);
    }
    return out;
  });
  return { fields: result.fields, rows };
}

function entryOf(doc: DocumentRow, lineItemRows: Row[]): ResultEntry {
  const entry: ResultEntry = { document_id: doc.id, filename: doc.filename, status: publicStatus(doc.status) };
  if (doc.status === 'succeeded') entry.line_items = lineItemRows;
  if (doc.status === 'failed') entry.failure = { code: doc.failure_code, message: doc.failure_message };
  return entry;
}

export function mergedEntry(out: MergeOutput<DocumentRow>): ResultEntry {
  if (out.kind === 'single') return { ...entryOf(out.page.item, out.page.rows), source_document_ids: [out.page.documentId] };
  const first = out.pages[0].item;
  return { ...entryOf(first, out.rows), source_document_ids: out.pages.map((p) => p.documentId) };
}

export function mergeablePage(baseUrl: string, doc: DocumentRow): MergeablePage<DocumentRow> {
  const { fields, rows } = lineItems(baseUrl, doc);
  return { documentId: doc.id, uploadId: doc.upload_id, mergeable: doc.status === 'succeeded', fields, rows, item: doc };
}

export async function batchResults(services: Services, principal: Principal, batchName: string, options: ResultsOptions) {
  if (options.merge && options.includeBbox) throw errors.invalidParameter('include', 'include=bbox cannot be combined with merge=true.');
  const batch = await findBatch(services.db, principal.accountId, batchName);
  const baseUrl = services.config.baseUrl;
  const mergeConfig = options.merge ? await resolveMergeConfig(services.db, batch) : null;
  const documents: ResultEntry[] = [];
  const grouper = mergeConfig ? new MergeGrouper<DocumentRow>(mergeConfig) : null;
  for await (const chunk of batchDocuments(services.db, batch.id)) {
    if (grouper) {
      for (const doc of chunk) documents.push(...grouper.push(mergeablePage(baseUrl, doc)).map(mergedEntry));
      continue;
    }
    const boxes = options.includeBbox ? await getBboxForDocuments(services.db, chunk.map((d) => d.id)) : null;
    for (const doc of chunk) {
      const snapshot = boxes ? (boxes.get(doc.id) ?? null) : undefined;
      const entry = entryOf(doc, lineItems(baseUrl, doc, snapshot).rows);
      if (boxes) entry.bbox_status = snapshot?.status ?? null;
      documents.push(entry);
    }
  }
  if (grouper) documents.push(...grouper.flush().map(mergedEntry));
  return { batch_name: batch.name, merge_active: mergeConfig !== null, documents };
}
