import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectCreditsInvariant } from '../helpers/credits.js';
import { expectError } from './helpers/uploads.js';
import { INVOICE_FIELDS, scriptedInvoiceEngine } from './helpers/canned-invoice.js';
import { api, runWorkers, uploadTextPdf, waitForBatch } from '../pipeline/helpers.js';

/** PUT /documents/{id}/line_items, the revisions list, and what results, merge and export show after (docs/decisions.md, Corrections). */

/** The engine misreads row 1's total ("1..50", printed 1.50), adds a junk row and misses row 3. */
const misreading = scriptedInvoiceEngine((rows) => [
  { ...rows[0], Total: { ...rows[0].Total, value: '1..50' } as typeof rows[0]['Total'] },
  rows[1],
  { Item: { value: 'Subtotal', box: null, confidence: 0.4 }, Qty: { value: null, box: null }, Price: { value: null, box: null }, Total: { value: '7.50', box: null, confidence: 0.4 } },
]);

const CORRECTED = [
  { Item: 'Widget 1-1', Qty: '1', Price: '1.50', Total: '1.50' },
  { Item: 'Widget 1-2', Qty: 2, Price: '3.00', Total: '6.00' },
  { Item: 'Widget 1-3', Qty: '3', Price: '4.50', Total: '13.50' },
];
const SHOWN = CORRECTED.map((r) => ({ ...r, Qty: String(r.Qty) }));

async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe.each(DIALECTS)('corrections (%s)', (dialect) => {
  let t: TestApp;
  let apiKey: string;
  let accountId: number;
  let docId: string;
  let otherDoc: string;
  let call: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const account = await t.createAccount({ credits: 20 });
    ({ apiKey, accountId } = account);
    call = api(t, apiKey);
    [docId] = await uploadTextPdf(t, apiKey, 'fix', 1, 3);
    [otherDoc] = await uploadTextPdf(t, apiKey, 'later', 1, 3);
    expect((await call('POST', '/batches/fix/process', { fields: INVOICE_FIELDS })).statusCode).toBe(200);
    const workers = runWorkers(t, { engine: misreading, workers: 1 });
    await waitForBatch(t, accountId, 'fix');
    await workers.stop();
  }, 120_000);
  afterAll(async () => t.destroy());

  const credits = async () => (await call('GET', '/account')).json().available_credits as number;

  it('a document nobody corrected has corrected_at null and its engine output as the one revision', async () => {
    const doc = (await call('GET', `/documents/${docId}`)).json();
    expect(doc.corrected_at).toBeNull();
    expect(doc.line_items).toHaveLength(3);
    const results = (await call('GET', '/batches/fix/results')).json();
    expect(results.documents[0].corrected_at).toBeNull();
    const revisions = (await call('GET', `/documents/${docId}/line_items/revisions`)).json();
    expect(revisions.data.map((r: { revision: number; source: string }) => [r.revision, r.source])).toEqual([[1, 'engine']]);
    expect(revisions.data[0].line_items[0].Total).toBe('1..50');
  });

  it('refuses bad rows with invalid_parameter line_items and changes nothing', async () => {
    const before = (await call('GET', `/documents/${docId}`)).json();
    const bad: unknown[] = [
      [{ Item: 'x', Colour: 'red' }],
      [{ Item: { value: 'x' } }],
      [['x']],
      [{ Qty: Number.MAX_VALUE * 0 + 1, Item: true }],
      'Widget',
      [{ Item: 'x'.repeat(10_001) }],
    ];
    for (const lineItems of bad) {
      expectError(await call('PUT', `/documents/${docId}/line_items`, { line_items: lineItems }), 400, 'invalid_parameter', 'line_items');
    }
    expectError(await call('PUT', `/documents/${docId}/line_items`, {}), 400, 'missing_parameter', 'line_items');
    expect((await call('GET', `/documents/${docId}`)).json()).toEqual(before);
    expect((await call('GET', `/documents/${docId}/line_items/revisions`)).json().data).toHaveLength(1);
  });

  it('refuses a document that is not succeeded, and one that is unknown or another account\'s', async () => {
    expectError(await call('PUT', `/documents/${otherDoc}/line_items`, { line_items: [] }), 400, 'invalid_parameter', 'document_id');
    expectError(await call('PUT', '/documents/doc_nothing_p1/line_items', { line_items: [] }), 404, 'document_not_found');
    const stranger = await t.createAccount({ credits: 5 });
    expectError(await api(t, stranger.apiKey)('PUT', `/documents/${docId}/line_items`, { line_items: [] }), 404, 'document_not_found');
    expectError(await api(t, stranger.apiKey)('GET', `/documents/${docId}/line_items/revisions`), 404, 'document_not_found');
  });

  it('replaces the rows: fixed value, dropped junk row, added row; once per Idempotency-Key; no credits', async () => {
    const before = await credits();
    const headers = { 'Idempotency-Key': 'fix-1' };
    const first = await call('PUT', `/documents/${docId}/line_items`, { line_items: CORRECTED }, headers);
    expect(first.statusCode, first.body).toBe(200);
    const doc = first.json();
    expect(doc.document_id).toBe(docId);
    expect(doc.line_items).toEqual(SHOWN);
    expect(Date.parse(doc.corrected_at)).not.toBeNaN();
    const replay = await call('PUT', `/documents/${docId}/line_items`, { line_items: CORRECTED }, headers);
    expect(replay.json()).toEqual(doc);
    expect(await credits()).toBe(before);
    expect((await call('GET', `/documents/${docId}`)).json()).toEqual(doc);
    const revisions = (await call('GET', `/documents/${docId}/line_items/revisions`)).json();
    expect(revisions.data.map((r: { revision: number; source: string }) => [r.revision, r.source])).toEqual([[2, 'correction'], [1, 'engine']]);
    expect(revisions.data[0].line_items).toEqual(SHOWN);
    expect(revisions.data[1].line_items[2].Item).toBe('Subtotal');
  });

  it('results carry the correction: confidence 1 for every value set, a changed value boxed where the page prints it', async () => {
    const entry = (await call('GET', '/batches/fix/results?include=confidence,bbox')).json().documents[0];
    expect(entry.corrected_at).not.toBeNull();
    expect(entry.line_items.map((r: Record<string, { value: unknown }>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.value])))).toEqual(SHOWN);
    for (const row of entry.line_items) for (const cell of Object.values(row) as Array<{ confidence: number }>) expect(cell.confidence).toBe(1);
    // Row 1's total was "1..50": its box is the printed 1.50 at the right of row 1, not row 1's price (also 1.50).
    const total = entry.line_items[0].Total.bbox;
    const price = entry.line_items[0].Price.bbox;
    expect(total).toMatchObject({ unit: 'normalized' });
    expect(total.x1).toBeGreaterThan(price.x2);
    expect(Math.abs(total.y1 - price.y1)).toBeLessThan(0.01);
    // The added row is found on the page where its values are distinctive.
    expect(entry.line_items[2].Item.bbox).not.toBeNull();
    expect(entry.line_items[2].Total.bbox.y1).toBeGreaterThan(total.y1);
  });

  it('merge and the xlsx export carry the corrected rows', async () => {
    const merged = (await call('GET', '/batches/fix/results?merge=true')).json().documents[0];
    expect(merged.line_items).toEqual(SHOWN);
    const sheet = await sheetRows((await call('GET', '/batches/fix/export')).rawPayload);
    expect(sheet.slice(1).map((r) => r.slice(2).map(String))).toEqual(SHOWN.map((r) => INVOICE_FIELDS.map((f) => String(Number.isNaN(Number(r[f as keyof typeof r])) ? r[f as keyof typeof r] : Number(r[f as keyof typeof r])))));
  });

  it('reprocess: refused without it, queued and charged once per Idempotency-Key with it; revisions kept, corrected_at cleared', async () => {
    expectError(await call('POST', '/batches/fix/process', { fields: INVOICE_FIELDS }), 400, 'invalid_parameter', 'batch_name');
    const before = await credits();
    const body = { fields: [...INVOICE_FIELDS, 'Colour'], reprocess: true };
    const headers = { 'Idempotency-Key': 'again-1' };
    const answers = await Promise.all([0, 1].map(() => call('POST', '/batches/fix/process', body, headers)));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of ok) expect(a.json().queued).toBe(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.statusCode).toBe(409);
    expect((await call('POST', '/batches/fix/process', body, headers)).json().queued).toBe(1);
    expect(await credits()).toBe(before - 1);
    await expectCreditsInvariant(t.services.db);
    // A second wave while the first is queued: nothing left to queue.
    expectError(await call('POST', '/batches/fix/process', body), 400, 'invalid_parameter', 'batch_name');
    const workers = runWorkers(t, { engine: misreading, workers: 1 });
    await waitForBatch(t, accountId, 'fix');
    await workers.stop();
    const doc = (await call('GET', `/documents/${docId}`)).json();
    expect(doc.status).toBe('succeeded');
    expect(doc.corrected_at).toBeNull();
    expect(Object.keys(doc.line_items[0])).toEqual([...INVOICE_FIELDS, 'Colour']);
    const revisions = (await call('GET', `/documents/${docId}/line_items/revisions?limit=2`)).json();
    expect(revisions.data.map((r: { source: string }) => r.source)).toEqual(['engine', 'correction']);
    expect(revisions.has_more).toBe(true);
    const rest = (await call('GET', `/documents/${docId}/line_items/revisions?limit=2&page_token=${encodeURIComponent(revisions.next_page_token)}`)).json();
    expect(rest.data.map((r: { revision: number }) => r.revision)).toEqual([1]);
    // The new columns are the document's current ones: a correction may use them, not the old set alone.
    expectError(await call('PUT', `/documents/${docId}/line_items`, { line_items: [{ Nope: 'x' }] }), 400, 'invalid_parameter', 'line_items');
    expect((await call('PUT', `/documents/${docId}/line_items`, { line_items: [{ Colour: 'blue' }] })).statusCode).toBe(200);
    await expectCreditsInvariant(t.services.db);
  });
});
