import type { DocumentRow } from '../../db/schema.js';
import type { Syntax } from '../../einvoice/index.js';
import { isImageRegion, type Box, type ExtractedCell } from '../../extract/types.js';
import type { Services } from '../../services.js';
import type { Principal } from '../accounts/index.js';
import { getBboxForDocuments, type BboxSnapshot, toPublicBbox } from '../bbox/index.js';
import { batchDocuments, findBatch, resolveMergeConfig } from './batch-documents.js';
import { publicStatus, storedResult, type StoredResult } from '../shared/index.js';
import { errors } from '../../errors.js';
import { MergeGrouper, type MergeOutput, type MergeablePage, type Row } from './merge.js';

/** GET /batches/{name}/results (docs/api.md, Field value shapes; docs/decisions.md, Results and other shapes). */

export interface ResultsOptions {
  includeBbox: boolean;
  /** docrows extension (decisions.md): every value as {value, confidence}. */
  includeConfidence?: boolean;
  merge: boolean;
}

/** What `include` may list (decisions.md, docrows extensions). */
const INCLUDE_ITEMS = ['bbox', 'confidence'] as const;

/** Parses the comma-separated `include` query; an unknown or empty item is invalid_parameter `include`. */
export function parseInclude(raw: string | undefined): { includeBbox: boolean; includeConfidence: boolean } {
  if (raw === undefined) return { includeBbox: false, includeConfidence: false };
  const items = raw.split(',').map((s) => s.trim());
  const bad = items.find((i) => !(INCLUDE_ITEMS as readonly string[]).includes(i));
  if (bad !== undefined) throw errors.invalidParameter('include', `include takes a comma-separated list of ${INCLUDE_ITEMS.join(', ')}; "${bad}" is not one.`);
  return { includeBbox: items.includes('bbox'), includeConfidence: items.includes('confidence') };
}

export interface ResultEntry {
  document_id: string;
  filename: string;
  status: string;
  /** When a person last corrected the rows; null when never. */
  corrected_at: string | null;
  /** Present once extraction has succeeded (docs/api.md, Resources). */
  line_items?: Row[];
  [key: string]: unknown;
}

function imageUrl(baseUrl: string, documentId: string, box: Box): string {
  const crop = [box.x1, box.y1, box.x2, box.y2].map((v) => Number(v.toFixed(4))).join(',');
  return `${baseUrl}/api/v1/documents/${encodeURIComponent(documentId)}/image?crop=${crop}`;
}

/**
/**
 * One cell as the API shows it: a located pure-location field is an
 * image_region (whatever the include), one not found is null
 * (docs/decisions.md); {value, bbox} with include=bbox, {value, confidence}
 * with include=confidence (both: {value, bbox, confidence}); else the bare
 * scalar. A value the engine did not score, or no value, has confidence null.
 */
function cellView(baseUrl: string, documentId: string, cell: ExtractedCell | undefined, located: unknown, withConfidence: boolean): unknown {
  if (cell && isImageRegion(cell)) {
    return cell.box ? { type: 'image_region', bbox: toPublicBbox(cell.box), image_url: imageUrl(baseUrl, documentId, cell.box) } : null;
  }
  const value = cell?.value ?? null;
  if (located === undefined && !withConfidence) return value;
  const out: Record<string, unknown> = { value };
  if (located !== undefined) out.bbox = located ?? null;
  if (withConfidence) out.confidence = value !== null && cell?.confidence !== undefined ? cell.confidence : null;
  return out;
}

/**
 * Rows of a stored result in column order. `bbox`: the bbox pass's boxes by
 * row (include=bbox), or `'stored'` for a corrected document, whose cells
 * carry the boxes found when it was corrected (the pass's row numbers belong
 * to the rows before).
 */
function viewRows(baseUrl: string, documentId: string, result: StoredResult, bbox: BboxSnapshot | null | 'stored' | undefined, withConfidence: boolean): Row[] {
  return result.rows.map((row, i) => {
    const out: Row = {};
    for (const f of result.fields) {
      const cell = row[f];
      const located = bbox === undefined ? undefined
        : bbox === 'stored' ? (cell && !isImageRegion(cell) ? toPublicBbox(cell.box) : null)
          : (bbox?.rows[String(i)]?.[f] ?? null);
      out[f] = cellView(baseUrl, documentId, cell, located, withConfidence);
    }
    return out;
  });
}

/** line_items of a succeeded document, keys in column order. `bbox` present only with include=bbox, `confidence` with include=confidence. */
export function lineItems(baseUrl: string, doc: DocumentRow, bbox?: BboxSnapshot | null, withConfidence = false): { fields: string[]; rows: Row[] } {
  const result = storedResult(doc);
  if (!result) return { fields: [], rows: [] };
  const boxes = bbox !== undefined && doc.corrected_at !== null ? 'stored' : bbox;
  return { fields: result.fields, rows: viewRows(baseUrl, doc.id, result, boxes, withConfidence) };
}

/** A revision's rows in the default shape (bare values; image regions as in results). */
export function revisionRows(baseUrl: string, documentId: string, result: StoredResult): Row[] {
  return viewRows(baseUrl, documentId, result, undefined, false);
}

export interface EInvoiceView {
  syntax: Syntax;
  profile: string | null;
}

/** The e-invoice a document was read from (decisions.md, E-invoices), or null. */
export function einvoiceView(doc: DocumentRow): EInvoiceView | null {
  return doc.einvoice_syntax === null ? null : { syntax: doc.einvoice_syntax as Syntax, profile: doc.einvoice_profile };
}

function entryOf(doc: DocumentRow, lineItemRows: Row[]): ResultEntry {
  const entry: ResultEntry = { document_id: doc.id, filename: doc.filename, status: publicStatus(doc.status), corrected_at: doc.corrected_at };
  // Results name the e-invoice only where there is one; the Document object always carries the key.
  const einvoice = einvoiceView(doc);
  if (einvoice) entry.einvoice = einvoice;
  if (doc.status === 'succeeded') entry.line_items = lineItemRows;
  if (doc.status === 'failed') entry.failure = { code: doc.failure_code, message: doc.failure_message };
  return entry;
}

function mergedEntry(out: MergeOutput<DocumentRow>): ResultEntry {
  if (out.kind === 'single') return { ...entryOf(out.page.item, out.page.rows), source_document_ids: [out.page.documentId] };
  const first = out.pages[0].item;
  // A merged record was corrected when any of its pages was, last at the latest of them.
  const corrected = out.pages.map((p) => p.item.corrected_at).filter((at): at is string => at !== null).sort().at(-1) ?? null;
  return { ...entryOf(first, out.rows), corrected_at: corrected, source_document_ids: out.pages.map((p) => p.documentId) };
}

export function mergeablePage(baseUrl: string, doc: DocumentRow, withConfidence = false): MergeablePage<DocumentRow> {
  const { fields, rows } = lineItems(baseUrl, doc, undefined, withConfidence);
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
      for (const doc of chunk) documents.push(...grouper.push(mergeablePage(baseUrl, doc, options.includeConfidence)).map(mergedEntry));
      continue;
    }
    const boxes = options.includeBbox ? await getBboxForDocuments(services.db, chunk.map((d) => d.id)) : null;
    for (const doc of chunk) {
      const snapshot = boxes ? (boxes.get(doc.id) ?? null) : undefined;
      const entry = entryOf(doc, lineItems(baseUrl, doc, snapshot, options.includeConfidence).rows);
      if (boxes) entry.bbox_status = snapshot?.status ?? null;
      documents.push(entry);
    }
  }
  if (grouper) documents.push(...grouper.flush().map(mergedEntry));
  return { batch_name: batch.name, merge_active: mergeConfig !== null, documents };
}
