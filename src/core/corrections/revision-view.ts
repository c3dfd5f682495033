/** Revision row → the public revision object (docs/decisions.md, Corrections, reprocessing, layout memory). */
import type { DocumentRevisionRow } from '../../db/schema.js';
import { revisionRows } from '../results/index.js';
import type { StoredResult } from '../shared/index.js';

export function revisionView(row: DocumentRevisionRow, baseUrl: string) {
  return {
    revision: row.revision,
    source: row.source as 'engine' | 'correction',
    created_at: row.created_at,
    line_items: revisionRows(baseUrl, row.document_id, JSON.parse(row.result) as StoredResult),
  };
}
