import { PRESETS } from '../core/templates/index.js';

/**
 * Request and success examples of every operation, by operationId
 * (src/http/api-operations.ts), shown in /docs and used by the curl samples.
 * They are answers docrows gave on a generated invoice, shortened.
 * test/http/openapi-examples.test.ts validates each against the schema the
 * route validates and serializes with, closed to unknown properties, so an
 * example that drifts from its route fails the suite.
 */
export interface OperationExample {
  /** The JSON body (or the multipart form's text fields) of a request. */
  request?: unknown;
  /** The JSON body of the first success status. */
  response?: unknown;
}

const BATCH = 'invoices-march';
const DOC = 'doc_01M8K2ZW3B2102QZ170XPNA4GC_p1';
/** When the example document was uploaded, started and done. */
const AT = { uploaded: '2026-03-02T09:14:07.412Z', started: '2026-03-02T09:15:21.090Z', done: '2026-03-02T09:15:23.655Z' };
const BASE = 'http://127.0.0.1:8080/api/v1';

const ROWS = [
  { Description: 'Printer paper A4 80 gsm', Quantity: '12', 'Unit Price': '4.95', Amount: '59.40' },
  { Description: 'Laptop stand aluminium', Quantity: '2', 'Unit Price': '26.67', Amount: '53.34' },
];
const CORRECTED = [ROWS[0], { ...ROWS[1], Quantity: '3', Amount: '80.01' }];

const DOCUMENT_HEAD = {
  document_id: DOC, batch_name: BATCH, filename: 'invoice-en.pdf', status: 'succeeded',
  created_at: AT.uploaded, started_at: AT.started, completed_at: AT.done, corrected_at: null, einvoice: null,
};
const DOCUMENT = { ...DOCUMENT_HEAD, line_items: ROWS };

const ACCOUNT = { plan: 'pro', role: 'owner', available_credits: 498, max_batch_size: 500, upload_concurrency: 4 };
const ADMIN_ACCOUNT = {
  id: 7, ...ACCOUNT, tier: 'standard', owner_id: null, disabled: false, max_queued_documents: 2000,
  settings: { thinking_type: 'fast', auto_annotate_bbox: false, retention_days: null, inbox_pdf_passwords: [] },
  created_at: '2026-03-01T08:00:00.000Z',
};

const field = (id: number, name: string, formatRequirement: string, order: number) => ({
  id, name, format_requirement: formatRequirement, sort_order: order, template_id: 3, created_at: '2026-03-01T10:30:00.000Z',
});
const FIELDS = [
  field(11, 'description', '', 0),
  field(12, 'quantity', 'number, no thousands separator', 1),
  field(13, 'line_total', 'number with 2 decimals, no currency symbol, no thousands separator', 2),
];
const TEMPLATE = {
  id: 3, name: 'Supplier invoices', created_at: '2026-03-01T10:30:00.000Z', fields: FIELDS,
  global_format_requirement: '', merge_enabled: false, merge_group_by: 'upload', merge_key_fields: [], merge_mode: 'fold',
};

const box = (x1: number, y1: number, x2: number, y2: number) => ({ x1, y1, x2, y2, unit: 'normalized' });
const page = <T>(data: T[], hasMore = false) => ({
  data, has_more: hasMore, next_page_token: hasMore ? 'eyJzIjoiYmF0Y2hlczoxIiwicCI6MX0.Gq4gWkiP8EEAWRgTlNp5jU' : null,
});
const WEBHOOK_SECRET = 'whsec_Q2hhbmdlIG1lOiBhIGdlbmVyYXRlZCBzZWNyZXQ=';

export const EXAMPLES: Record<string, OperationExample> = {
  getAccount: { response: ACCOUNT },
  listUsage: {
    response: page([
      { id: 3, action: 'deduction', reason: 'bbox', batch_name: BATCH, document_id: DOC, point_type: 'personal', amount: -1, consumer_id: 7, created_at: '2026-03-02T09:20:02.118Z' },
      { id: 2, action: 'deduction', reason: 'extraction', batch_name: BATCH, document_id: DOC, point_type: 'personal', amount: -1, consumer_id: 7, created_at: AT.started },
      { id: 1, action: 'grant', reason: null, batch_name: null, document_id: null, point_type: 'personal', amount: 500, consumer_id: 7, created_at: '2026-03-01T08:00:00.000Z' },
    ]),
  },
  uploadDocument: {
    request: { batch_name: BATCH },
    response: { document_id: [DOC, DOC.replace('_p1', '_p2')], batch_name: BATCH, remaining_batch_capacity: 498, page_count: 2 },
  },
  getDocument: { response: DOCUMENT },
  correctLineItems: {
    request: { line_items: CORRECTED },
    response: { ...DOCUMENT, corrected_at: '2026-03-02T10:02:45.300Z', line_items: CORRECTED },
  },
  listRevisions: {
    response: page([
      { revision: 2, source: 'correction', created_at: '2026-03-02T10:02:45.300Z', line_items: CORRECTED },
      { revision: 1, source: 'engine', created_at: AT.done, line_items: ROWS },
    ]),
  },
  getDocumentImage: {},
  listBatches: { response: page([{ batch_name: BATCH, status: 'succeeded', document_count: 2, created_at: AT.uploaded }], true) },
  getBatch: {
    response: {
      batch_name: BATCH, document_count: 2, status_counts: { queued: 0, processing: 1, succeeded: 1, failed: 0, canceled: 0 },
      all_done: false, not_processed: 0, created_at: AT.uploaded,
    },
  },
  deleteBatch: { response: { batch_name: BATCH, deleted: true, document_count: 2, refunded_credits: 0 } },
  putBatchWebhook: {
    request: { callback_url: 'https://erp.example.com/hooks/docrows' },
    response: { batch_name: BATCH, callback_url: 'https://erp.example.com/hooks/docrows', webhook_secret: WEBHOOK_SECRET, created_at: AT.uploaded, fired_at: null },
  },
  listTemplates: { response: page([TEMPLATE]) },
  createTemplate: { request: { name: 'Supplier invoices', preset_id: 'invoice-line-items' }, response: { template: TEMPLATE } },
  deleteTemplate: {},
  putTemplateSettings: {
    request: { global_format_requirement: 'dates as YYYY-MM-DD', merge_enabled: true, merge_group_by: 'upload', merge_mode: 'fold' },
    response: { template: { ...TEMPLATE, global_format_requirement: 'dates as YYYY-MM-DD', merge_enabled: true } },
  },
  listTemplateFields: { response: page(FIELDS) },
  addTemplateField: {
    request: { name: 'cost_center', format_requirement: 'digits only' },
    response: { field: field(14, 'cost_center', 'digits only', 3) },
  },
  replaceTemplateField: {
    request: { name: 'quantity', format_requirement: 'number with up to 3 decimals' },
    response: { field: field(12, 'quantity', 'number with up to 3 decimals', 1) },
  },
  deleteTemplateField: {},
  reorderTemplateFields: {
    request: { field_ids: [13, 11] },
    response: { fields: [{ ...FIELDS[2], sort_order: 0 }, { ...FIELDS[0], sort_order: 1 }, { ...FIELDS[1], sort_order: 2 }] },
  },
  listPresets: { response: page([PRESETS[0]], true) },
  startBbox: { response: { document_id: DOC, group_batch_id: 'bbx_01M8K2ZZ8N86T5W1C9W05CEYZJ', status: 'queued', already_running: false, row_groups: 1 } },
  getBbox: {
    response: {
      document_id: DOC, exists: true, status: 'succeeded', group_batch_id: 'bbx_01M8K2ZZ8N86T5W1C9W05CEYZJ',
      rows: {
        0: { Description: box(0.1278, 0.2668, 0.3133, 0.2882), Quantity: box(0.561, 0.2668, 0.5691, 0.2763), 'Unit Price': box(0.652, 0.2668, 0.7004, 0.2763), Amount: box(0.8569, 0.2668, 0.9294, 0.2763) },
        1: { Description: box(0.1278, 0.3001, 0.3778, 0.3096), Quantity: box(0.5529, 0.3001, 0.5691, 0.3096), 'Unit Price': box(0.6682, 0.3001, 0.7004, 0.3096), Amount: null },
      },
    },
  },
  processBatch: {
    // No webhook_url: the sample runs as is against any server (a callback must resolve to a public address).
    request: { fields: ['Description', 'Quantity', 'Unit Price', 'Amount'], quality: 'fast' },
    response: { batch_name: BATCH, queued: 2, quality: 'fast', webhook_registered: false },
  },
  getBatchResults: {
    response: {
      batch_name: BATCH, merge_active: false,
      documents: [{ document_id: DOC, filename: 'invoice-en.pdf', status: 'succeeded', corrected_at: null, line_items: ROWS }],
    },
  },
  exportBatch: {},
  listEvents: {
    response: page([{
      id: 'evt_01M8K2ZYZ7WRP2ZANK6QTCJGK0', type: 'batch.completed', created_at: AT.done, batch_name: BATCH, document_id: null,
      data: { batch_name: BATCH, status: 'succeeded', document_count: 2 },
      document_url: null, batch_url: `${BASE}/batches/${BATCH}`, batch_results_url: `${BASE}/batches/${BATCH}/results`,
    }], true),
  },
  listLayoutMemories: {
    response: page([{
      id: 'mem_01M8K3A2QX5Q9T1C8V0DJR4N6B', sender: { name: 'Seidl e.K.', tax_id: 'ATU54339391', iban: null },
      fields: ['invoice_number', 'Description', 'Quantity', 'Amount'], documents: 2,
      created_at: '2026-03-02T10:02:45.300Z', updated_at: '2026-03-05T16:40:12.002Z',
    }]),
  },
  deleteLayoutMemory: {},
  adminCreateAccount: {
    request: { plan: 'pro', credits: 500, settings: { thinking_type: 'fast' } },
    response: { account_id: 7, api_key: 'dr_live_DpSfC9I9YLcHCXY5y9X6uYjx795yUGs9', account: { ...ADMIN_ACCOUNT, available_credits: 500 } },
  },
  adminGetAccount: { response: ADMIN_ACCOUNT },
  adminUpdateAccount: {
    request: { credits_delta: 1000, tier: 'advanced' },
    response: { ...ADMIN_ACCOUNT, available_credits: 1498, tier: 'advanced' },
  },
  adminCreateApiKey: { response: { api_key: 'dr_live_oTFqfDrfOXVBSBDEsQLz6bDn0RjzmMAR' } },
  adminRevokeApiKey: {},
  adminCancelDocument: {
    response: { ...DOCUMENT_HEAD, status: 'canceled' },
  },
  adminSetProcessing: { request: { paused: true }, response: { paused: true } },
  adminGetEngineUsage: {
    response: {
      account_id: 7, batch_name: BATCH,
      totals: { pages: 2, succeeded: 2, failed: 0, tokens_in: 0, tokens_out: 0, requests: 0, credits: 2 },
      by_engine: [{ tier: 'standard', engine: 'layout', model: null, pages: 2, succeeded: 2, failed: 0, tokens_in: 0, tokens_out: 0, requests: 0, credits: 2 }],
    },
  },
};
