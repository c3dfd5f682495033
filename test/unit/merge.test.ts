import { describe, expect, it } from 'vitest';
import { MergeGrouper, type MergeOutput, type Row } from '../../src/core/results/index.js';

/** Multi-Page Merge below HTTP: grouping, fold and append (docs/decisions.md, Results and other shapes). */

interface PageInput {
  doc: string;
  upload: string;
  rows: Row[];
  fields?: string[];
  mergeable?: boolean;
}

function pageOf(p: PageInput) {
  return { documentId: p.doc, uploadId: p.upload, mergeable: p.mergeable ?? true, fields: p.fields ?? Object.keys(p.rows[0] ?? {}), rows: p.rows, item: p.doc };
}

function mergeAll(config: ConstructorParameters<typeof MergeGrouper>[0], pages: PageInput[]): Array<MergeOutput<string>> {
  const grouper = new MergeGrouper<string>(config);
  return [...pages.flatMap((p) => grouper.push(pageOf(p))), ...grouper.flush()];
}

/** Each output as [documents, rows] for compact expectations. */
const summary = (out: Array<MergeOutput<string>>) =>
  out.map((o) => (o.kind === 'merged' ? [o.pages.map((p) => p.documentId), o.rows] : [[o.page.documentId], 'single']));

describe('MergeGrouper', () => {
  it('folds the pages of one upload into one row, first non-empty value per field in page order', () => {
    const out = mergeAll({ groupBy: 'upload', keyFields: [], mode: 'fold' }, [
      { doc: 'a_p1', upload: 'a', rows: [{ Name: 'Ann', Total: '' }] },
      { doc: 'a_p2', upload: 'a', rows: [{ Name: 'ignored', Total: '  ' }], fields: ['Name', 'Total'] },
      { doc: 'a_p3', upload: 'a', rows: [{ Total: '12.00', Notes: 'late' }] },
      { doc: 'b', upload: 'b', rows: [{ Name: 'Bob' }] },
    ]);
    expect(summary(out)).toEqual([
      [['a_p1', 'a_p2', 'a_p3'], [{ Name: 'Ann', Total: '12.00', Notes: 'late' }]],
      [['b'], [{ Name: 'Bob' }]],
    ]);
    // Columns are the union in first-seen order.
    expect(out[0].kind === 'merged' && out[0].fields).toEqual(['Name', 'Total', 'Notes']);
  });

  it('starts a record when the key fields change, and continues one through pages whose key is empty', () => {
    const out = mergeAll({ groupBy: 'key_fields', keyFields: ['Invoice'], mode: 'fold' }, [
      { doc: 'u_p1', upload: 'u', rows: [{ Invoice: 'INV-1', Total: '' }] },
      { doc: 'u_p2', upload: 'u', rows: [{ Invoice: '', Total: '40' }] },
      { doc: 'u_p3', upload: 'u', rows: [{ Invoice: 'INV-2', Total: '7' }] },
      { doc: 'v_p1', upload: 'v', rows: [{ Invoice: 'INV-2', Total: '' }] },
    ]);
    expect(summary(out)).toEqual([
      [['u_p1', 'u_p2'], [{ Invoice: 'INV-1', Total: '40' }]],
      // key_fields ignores upload boundaries: the same key across uploads is one record.
      [['u_p3', 'v_p1'], [{ Invoice: 'INV-2', Total: '7' }]],
    ]);
  });

  it('appends rows and carries record-level values (key fields and single-valued fields) into empty cells', () => {
    const out = mergeAll({ groupBy: 'key_fields', keyFields: ['Order'], mode: 'append' }, [
      { doc: 'p1', upload: 'u', rows: [{ Order: 'O-9', Customer: 'Acme', Item: 'Bolt', Qty: '2' }, { Order: '', Customer: '', Item: 'Nut', Qty: '5' }] },
      { doc: 'p2', upload: 'u', rows: [{ Order: '', Customer: '', Item: 'Gear', Qty: '' }] },
    ]);
    expect(summary(out)).toEqual([[['p1', 'p2'], [
      { Order: 'O-9', Customer: 'Acme', Item: 'Bolt', Qty: '2' },
      { Order: 'O-9', Customer: 'Acme', Item: 'Nut', Qty: '5' },
      // Qty has two different values in the record, so it is row-level and stays empty.
      { Order: 'O-9', Customer: 'Acme', Item: 'Gear', Qty: '' },
    ]]]);
  });

  it('passes pages that cannot merge through as their own entry after the record they sit in', () => {
    const out = mergeAll({ groupBy: 'upload', keyFields: [], mode: 'fold' }, [
      { doc: 'x', upload: 'x', rows: [], fields: [], mergeable: false },
      { doc: 'a_p1', upload: 'a', rows: [{ Name: 'Ann' }] },
      { doc: 'a_p2', upload: 'a', rows: [], fields: [], mergeable: false },
      { doc: 'a_p3', upload: 'a', rows: [{ Name: '', City: 'Oslo' }] },
    ]);
    expect(summary(out)).toEqual([
      [['x'], 'single'],
      [['a_p1', 'a_p3'], [{ Name: 'Ann', City: 'Oslo' }]],
      [['a_p2'], 'single'],
    ]);
  });

  it('treats an image region without a box as empty and one with a box as a value', () => {
    const missing = { type: 'image_region', bbox: null, image_url: null };
    const found = { type: 'image_region', bbox: { x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.2, unit: 'normalized' }, image_url: 'u' };
    const out = mergeAll({ groupBy: 'upload', keyFields: [], mode: 'fold' }, [
      { doc: 'p1', upload: 'u', rows: [{ Photo: missing, Zero: 0 }] },
      { doc: 'p2', upload: 'u', rows: [{ Photo: found, Zero: 5 }] },
    ]);
    // 0 is a value, not an empty cell.
    expect(summary(out)).toEqual([[['p1', 'p2'], [{ Photo: found, Zero: 0 }]]]);
  });

  it('gives a page with no rows a merged record with one all-null row in fold mode', () => {
    const out = mergeAll({ groupBy: 'upload', keyFields: [], mode: 'fold' }, [{ doc: 'e', upload: 'e', rows: [], fields: ['A'] }]);
    expect(summary(out)).toEqual([[['e'], [{ A: null }]]]);
  });
});
