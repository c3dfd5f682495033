/** Row → public Document object (docs/api.md, Resources). */
import type { DocumentRow } from '../../db/schema.js';
import { einvoiceView, lineItems, type EInvoiceView } from './results.js';
import { publicStatus } from '../shared/index.js';

export interface DocumentView {
  document_id: string;
  batch_name: string;
  filename: string;
  status: string;
  created_at: string;
  started_at: string;
  completed_at: string | null;
  /** The e-invoice the document was read from (decisions.md, E-invoices); null for every other document. */
  einvoice: EInvoiceView | null;
  corrected_at: string | null;
  line_items?: Array<Record<string, unknown>>;
  failure?: { code: string; message: string };
}


export function documentView(doc: DocumentRow, batchName: string, baseUrl: string): DocumentView {
  const view: DocumentView = {
    document_id: doc.id,
    batch_name: batchName,
    filename: doc.filename,
    status: publicStatus(doc.status),
    created_at: doc.created_at,
    started_at: doc.started_at,
    completed_at: doc.completed_at,
    einvoice: einvoiceView(doc),
    corrected_at: doc.corrected_at,
  };
  // Default shape (bare scalars; image_region objects for pure-location fields), as in batch results.
  if (doc.status === 'succeeded' && doc.result !== null) view.line_items = lineItems(baseUrl, doc).rows;
  if (doc.status === 'failed' && doc.failure_code !== null) {
    view.failure = { code: doc.failure_code, message: doc.failure_message ?? '' };
  }
  return view;
}
