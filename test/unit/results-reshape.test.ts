import { describe, expect, it } from 'vitest';
import { documentView, mergeablePage } from '../../src/core/results/index.js';
import type { DocumentRow } from '../../src/db/schema.js';

/** Stored engine results → the shapes clients read (docs/api.md, Field value shapes), below HTTP. */

const BASE = 'https://rows.example';

function docRow(over: Partial<DocumentRow>): DocumentRow {
  return {
    id: 'doc_01_p2', account_id: 1, batch_id: 1, upload_id: 'doc_01', page_number: 2, filename: 'a.pdf', status: 'succeeded',
    template_id: null, image_key: 'k', thumb_key: 'k', text_layer_key: null, einvoice_syntax: null, einvoice_profile: null, einvoice_key: null, width: 1000, height: 1400, request: null, quality: 'fast',
    charged_amount: 1, charged_tier: 'standard', attempts: 1, result: null, failure_code: null, failure_message: null, wave: 1,
    created_at: '2026-01-01T00:00:00.000Z', started_at: '2026-01-01T00:00:01.000Z', completed_at: '2026-01-01T00:00:02.000Z', purged_at: null, corrected_at: null,
    ...over,
  };
}

const box = { x1: 0.123456, y1: 0.2, x2: 0.5, y2: 0.65432 };

describe('reshaping stored results', () => {
  it('shows bare values in the stored column order, a blank cell as null and a missing one as null', () => {
    const result = { fields: ['Qty', 'Item'], rows: [{ Item: { value: 'Bolt', box }, Qty: { value: '2', box: null } }, { Item: { value: null, box: null } }] };
    const page = mergeablePage(BASE, docRow({ result: JSON.stringify(result) }));
    expect(page).toMatchObject({ documentId: 'doc_01_p2', uploadId: 'doc_01', mergeable: true, fields: ['Qty', 'Item'] });
    expect(page.rows).toEqual([{ Qty: '2', Item: 'Bolt' }, { Qty: null, Item: null }]);
    expect(Object.keys(page.rows[0])).toEqual(['Qty', 'Item']);
  });

  it('shows a pure-location value as an image region with a public bbox and a crop URL, and one not located as null', () => {
    const result = { fields: ['Photo', 'Sign'], rows: [{ Photo: { type: 'image_region', box }, Sign: { type: 'image_region', box: null } }] };
    const [row] = mergeablePage(BASE, docRow({ id: 'doc/x', result: JSON.stringify(result) })).rows;
    expect(row.Photo).toEqual({
      type: 'image_region',
      bbox: { ...box, unit: 'normalized' },
      // Crop coordinates are rounded to 4 places and the id is path-escaped.
      image_url: `${BASE}/api/v1/documents/doc%2Fx/image?crop=0.1235,0.2,0.5,0.6543`,
    });
    // docs/decisions.md, Results and other shapes: a pure-location value the engine cannot locate is null.
    expect(row.Sign).toBeNull();
  });

  it('gives a document that has not succeeded no rows and keeps it out of merging', () => {
    for (const status of ['uploaded', 'queued', 'processing', 'failed', 'canceled']) {
      const page = mergeablePage(BASE, docRow({ status, result: JSON.stringify({ fields: ['A'], rows: [{ A: { value: 'x', box: null } }] }) }));
      expect({ status, mergeable: page.mergeable, fields: page.fields, rows: page.rows }).toEqual({ status, mergeable: false, fields: [], rows: [] });
    }
  });

  it('shows the internal uploaded state as queued and a failure with its code', () => {
    expect(documentView(docRow({ status: 'uploaded', completed_at: null }), 'b', BASE)).toMatchObject({ status: 'queued', completed_at: null });
    const failed = documentView(docRow({ status: 'failed', failure_code: 'no_content', failure_message: 'blank page' }), 'b', BASE);
    expect(failed).toMatchObject({ document_id: 'doc_01_p2', batch_name: 'b', status: 'failed', failure: { code: 'no_content', message: 'blank page' } });
    expect(failed).not.toHaveProperty('line_items');
  });
});
