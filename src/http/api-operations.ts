/**
 * What the route schemas do not say about each operation in /docs and the
 * generated client (src/client/api-types.ts): its operationId and a
 * description of what it does and when to call it. Keyed by `METHOD path` as
 * the OpenAPI document writes it; src/http/openapi.ts
 * applies them, and test/http/openapi-examples.test.ts fails when a route has
 * none or one names a route that no longer exists.
 */
import { XLSX_CONTENT_TYPE } from '../export/xlsx.js';

export interface OperationText {
  operationId: string;
  description: string;
  /** The success body's media type where it is not JSON. */
  binary?: string;
}

export const OPERATIONS: Record<string, OperationText> = {
  'GET /api/v1/account': {
    operationId: 'getAccount',
    description: 'The plan, role, credits and limits of the account the API key belongs to. A team member sees its owner\'s plan and credits, which it spends.',
  },
  'GET /api/v1/account/usage': {
    operationId: 'listUsage',
    description: 'Every credit movement of the account, newest first: grants, deductions per page processed or bbox pass, and refunds. `batch_name` narrows it to one batch.',
  },
  'POST /api/v1/documents': {
    operationId: 'uploadDocument',
    description: 'Adds a document to a batch, creating the batch on first use. Send the file as multipart `file`, or a public `url` to download. A PDF, .docx, .txt, XML e-invoice or multi-page TIFF becomes one document per page (`document_id` is then an array in page order); a single image is one document. Nothing is charged until the batch is processed.',
  },
  'GET /api/v1/documents/{document_id}': {
    operationId: 'getDocument',
    description: 'One document (a page): its status and timestamps, and its `line_items` once it succeeded, or its `failure` when it failed.',
  },
  'PUT /api/v1/documents/{document_id}/line_items': {
    operationId: 'correctLineItems',
    description: 'Replaces a succeeded document\'s rows with rows a person corrected (the whole set: fix a value, add or drop a row). Keys are the document\'s current columns. Costs no credits; the engine\'s rows stay in the revisions.',
  },
  'GET /api/v1/documents/{document_id}/line_items/revisions': {
    operationId: 'listRevisions',
    description: 'The rows as the engine read them and as every correction set them, newest first.',
  },
  'GET /api/v1/documents/{document_id}/image': {
    operationId: 'getDocumentImage',
    description: 'The page as JPEG: the whole page, a thumbnail (`size=thumb`), or a crop (`crop=x1,y1,x2,y2`, fractions of the page, as a bbox gives them). Answers 304 to a matching `If-None-Match`.',
    binary: 'image/jpeg',
  },
  'GET /api/v1/batches': {
    operationId: 'listBatches',
    description: 'The account\'s batches with their aggregate status and document count, filtered by status, source, template, creation day or a filename in them, oldest first unless `order=newest`.',
  },
  'GET /api/v1/batches/{batch_name}': {
    operationId: 'getBatch',
    description: 'How many documents of the batch are in each status, and `all_done` once none is queued or processing. Poll it after process (or register a webhook).',
  },
  'DELETE /api/v1/batches/{batch_name}': {
    operationId: 'deleteBatch',
    description: 'Deletes the batch for good: its documents, stored files, webhook registration and bbox jobs. Documents charged and still queued are refunded.',
  },
  'PUT /api/v1/batches/{batch_name}/webhook': {
    operationId: 'putBatchWebhook',
    description: 'Registers the URL called when the batch completes, or changes it. The batch need not exist yet. The answer carries `webhook_secret`, which signs every delivery (Standard Webhooks); it never changes, and repeating this call with the same URL is how to read it again. The URL must resolve to a public address unless the server sets `DOCROWS_ALLOW_PRIVATE_URLS=true`.',
  },
  'GET /api/v1/templates': {
    operationId: 'listTemplates',
    description: 'The account\'s saved templates, oldest first, each with its fields in column order and its settings.',
  },
  'POST /api/v1/templates': {
    operationId: 'createTemplate',
    description: 'Saves a template: empty, from a built-in preset (`preset_id`), or with the fields of another template (`base_template_id`). An account holds at most 30.',
  },
  'DELETE /api/v1/templates/{id}': {
    operationId: 'deleteTemplate',
    description: 'Deletes the template and its fields. Batches already processed with it keep their rows.',
  },
  'PUT /api/v1/templates/{id}/settings': {
    operationId: 'putTemplateSettings',
    description: 'Sets the format requirement applied to every field and the Multi-Page Merge configuration. Omitted settings keep their value.',
  },
  'GET /api/v1/templates/{id}/fields': {
    operationId: 'listTemplateFields',
    description: 'Every field of the template in column order, in one page.',
  },
  'POST /api/v1/templates/{id}/fields': {
    operationId: 'addTemplateField',
    description: 'Appends a field (a column) to the template. Names are unique within a template.',
  },
  'PUT /api/v1/templates/{id}/fields/{field_id}': {
    operationId: 'replaceTemplateField',
    description: 'Replaces a field\'s name and format requirement; an omitted format requirement becomes empty.',
  },
  'DELETE /api/v1/templates/{id}/fields/{field_id}': {
    operationId: 'deleteTemplateField',
    description: 'Removes a field from the template.',
  },
  'PATCH /api/v1/templates/{id}/fields/order': {
    operationId: 'reorderTemplateFields',
    description: 'Sets the column order: the listed field ids first, in that order, then the others in their previous order.',
  },
  'GET /api/v1/presets': {
    operationId: 'listPresets',
    description: 'The built-in field lists (invoices, receipts, statements, …) a template can start from.',
  },
  'POST /api/v1/documents/{document_id}/bbox': {
    operationId: 'startBbox',
    description: 'Starts the paid pass that locates every extracted value of a succeeded document on its page. 202 when a job starts, 200 when one is already running. Read the boxes with the GET of this path or with `include=bbox` on the batch results.',
  },
  'GET /api/v1/documents/{document_id}/bbox': {
    operationId: 'getBbox',
    description: 'The state of the document\'s latest bbox job and, once it succeeded, a box per row and field (null where the value is not printed on the page).',
  },
  'POST /api/v1/batches/{batch_name}/process': {
    operationId: 'processBatch',
    description: 'Queues the batch\'s documents that have not succeeded and are not in progress (with `reprocess: true` succeeded ones too) for extraction, with a saved template, ad-hoc `fields`, or neither (the columns are inferred), and charges their credits now. `webhook_url` registers the completion callback in the same call; the answer then carries its `webhook_secret`. Send an `Idempotency-Key` so a retry never charges twice.',
  },
  'GET /api/v1/batches/{batch_name}/results': {
    operationId: 'getBatchResults',
    description: 'Every document of the batch with its rows. `include=bbox` adds each value\'s box, `include=confidence` the engine\'s confidence; `merge=true` applies the template\'s Multi-Page Merge.',
  },
  'GET /api/v1/batches/{batch_name}/export': {
    operationId: 'exportBatch',
    description: 'The batch\'s rows as an xlsx workbook (merge applied), numbers and dates as typed cells.',
    binary: XLSX_CONTENT_TYPE,
  },
  'GET /api/v1/events': {
    operationId: 'listEvents',
    description: 'What happened to the account\'s documents and batches, newest first: completions of documents, batches and bbox jobs. The same events the webhooks deliver, for clients that poll.',
  },
  'GET /api/v1/layout_memories': {
    operationId: 'listLayoutMemories',
    description: 'What people\'s corrections taught the layout engine about a sender\'s layout: where each learned field sits. One memory per sender and layout of this account, newest first; never shared between accounts.',
  },
  'DELETE /api/v1/layout_memories/{id}': {
    operationId: 'deleteLayoutMemory',
    description: 'Forgets what corrections taught about one sender\'s layout: later pages of that sender are read without it.',
  },
  'POST /admin/v1/accounts': {
    operationId: 'adminCreateAccount',
    description: 'Creates an account and its first API key, which is shown only in this answer. Initial credits are a ledger grant.',
  },
  'GET /admin/v1/accounts/{id}': {
    operationId: 'adminGetAccount',
    description: 'An account with its plan, tier, credits, limits and settings.',
  },
  'PATCH /admin/v1/accounts/{id}': {
    operationId: 'adminUpdateAccount',
    description: 'Changes an account: plan, tier, team owner, limits, settings, or its credits (`credits_delta`, recorded as a grant). Omitted properties keep their value.',
  },
  'POST /admin/v1/accounts/{id}/api-keys': {
    operationId: 'adminCreateApiKey',
    description: 'Issues another API key for the account; the key is shown only in this answer.',
  },
  'DELETE /admin/v1/api-keys/{api_key}': {
    operationId: 'adminRevokeApiKey',
    description: 'Revokes an API key, given in full or by its visible prefix (`dr_live_` and six characters). Requests with it answer `invalid_api_key` from then on.',
  },
  'POST /admin/v1/documents/{document_id}/cancel': {
    operationId: 'adminCancelDocument',
    description: 'Cancels a queued or processing document and refunds its credits at the rate it was charged.',
  },
  'PUT /admin/v1/processing': {
    operationId: 'adminSetProcessing',
    description: 'The maintenance switch: `paused: true` stops every worker from claiming new jobs (running ones finish); `false` resumes.',
  },
  'GET /admin/v1/accounts/{id}/batches/{batch_name}/engine-usage': {
    operationId: 'adminGetEngineUsage',
    description: 'What one batch cost to run: pages, tokens and model requests per tier, engine and model, beside the credits its pages kept.',
  },
};
