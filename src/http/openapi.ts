import { ERROR_CATALOG, type ErrorCode } from '../errors.js';
import { EXAMPLES } from './api-examples.js';
import { OPERATIONS } from './api-operations.js';

/**
 * The last pass over the OpenAPI document @fastify/swagger builds from the
 * route schemas: what the schemas cannot say by themselves. Parameters with a
 * default are optional; the multipart upload gets its request body; every
 * operation gets its operationId, description and examples
 * (api-operations.ts, api-examples.ts), lists the error codes it can answer,
 * with an example body, and gets a curl sample sending its request example. /docs and the generated client
 * (src/client/api-types.ts) both read the result.
 */

interface Schema {
  type?: string;
  default?: unknown;
  required?: string[];
  properties?: Record<string, Schema>;
  [key: string]: unknown;
}

interface Parameter { name: string; in: string; required?: boolean; schema?: Schema; description?: string }

interface Media { schema: Schema; example?: unknown }

interface Operation {
  operationId?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, Media> };
  responses?: Record<string, { description: string; content?: Record<string, { schema: Schema; example?: unknown }> }>;
  [key: string]: unknown;
}

export interface OpenApiDocument {
  servers?: Array<{ url: string }>;
  components?: Record<string, unknown>;
  paths: Record<string, Record<string, Operation>>;
  [key: string]: unknown;
}

/** POST /api/v1/documents takes multipart/form-data (read by src/http/multipart-form.ts). */
const UPLOAD_FORM: Schema = {
  type: 'object',
  description: 'Send exactly one of `file` and `url`.',
  properties: {
    file: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream', description: 'The document: JPEG, PNG, TIFF, WebP, PDF, .docx or .txt' },
    url: { type: 'string', maxLength: 2000, description: 'Public http(s) URL to download the document from, instead of `file`' },
    batch_name: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,50}$', description: 'Batch to add the document to (created on first use); omitted: a new generated name' },
    template_id: { type: 'integer', minimum: 1, description: 'Template to process the batch with; locked on the batch by its first upload' },
    password: { type: 'string', description: 'Password of an encrypted PDF' },
  },
};

/** What a parameter or body field means, for the names whose schema carries no description. */
const DESCRIPTIONS: Record<string, string> = {
  'path:batch_name': 'Batch name: 1 to 50 of `A-Z a-z 0-9 . _ -`',
  'query:batch_name': 'Only this batch',
  'path:document_id': 'Document (page) id, e.g. `doc_01J…_p1`, from the upload answer',
  'query:document_id': 'Only this document (page)',
  'path:id': 'Template id (account templates) or account id (`/admin/v1/accounts`)',
  'path:field_id': 'Field id within the template',
  'path:api_key': 'The full API key or its prefix',
  'query:template_id': 'Only batches processed with this template',
  'query:type': 'Only this event type',
  'query:created_from': 'ISO 8601 date-time: events at or after',
  'query:created_to': 'ISO 8601 date-time: events before',
  'body:template_id': 'Saved template of the account; wins over `fields` when both are given',
  'body:fields': 'Ad-hoc fields for this run: names, or `{name, format_requirement}`; ignored with `template_id`; both omitted: the columns are inferred',
  'body:preset_id': 'Create from this preset (`GET /presets`); `name` then defaults to the preset\'s',
  'body:base_template_id': 'Copy the fields of this template (without `preset_id`)',
  'body:global_format_requirement': 'Format hint applied to every field (a field\'s own requirement wins)',
  'body:merge_enabled': 'Multi-Page Merge: pages of one record become one output entry',
  'body:merge_group_by': '`upload`: the pages of one upload; `key_fields`: a new record starts when the key fields change',
  'body:merge_mode': '`fold`: one row per record (first non-empty value per field); `append`: the pages\' rows, record values carried forward',
  'body:credits_delta': 'Credits to add (negative to remove); recorded in the ledger as a `grant`',
  'body:credits': 'Initial credits',
  'body:plan': 'Plan: `free` has no API access',
  'body:tier': 'Pricing tier of processing',
  'body:owner_id': 'Account whose plan and credits this account uses (a member); null: its own',
  'body:disabled': 'A disabled account\'s keys answer `invalid_api_key`',
  'body:max_batch_size': 'Documents per batch; null: the plan\'s',
  'body:max_queued_documents': 'Unprocessed documents the account may hold; null: the default',
  'body:settings': 'Account settings',
  'body:paused': 'true stops workers from claiming new jobs (running ones finish)',
};

function describeField(schemaOrParam: { description?: string; schema?: Schema }, key: string): void {
  if (schemaOrParam.description || schemaOrParam.schema?.description || !DESCRIPTIONS[key]) return;
  schemaOrParam.description = DESCRIPTIONS[key];
}

function describeFields(op: Operation): void {
  for (const p of op.parameters ?? []) describeField(p, `${p.in}:${p.name}`);
  for (const media of Object.values(op.requestBody?.content ?? {})) {
    for (const [name, schema] of Object.entries(media.schema.properties ?? {})) describeField(schema as { description?: string }, `body:${name}`);
  }
}

/** Codes beyond the ones every route of its API can answer, by `METHOD path`. */
const EXTRA_CODES: Record<string, ErrorCode[]> = {
  'POST /api/v1/documents': ['missing_parameter', 'template_not_found', 'idempotency_key_reused'],
  'POST /api/v1/batches/{batch_name}/process': ['template_not_found', 'insufficient_credits', 'idempotency_key_reused'],
  'POST /api/v1/documents/{document_id}/bbox': ['insufficient_credits', 'idempotency_key_reused'],
  'POST /api/v1/templates': ['template_limit_reached', 'template_not_found', 'idempotency_key_reused'],
  'POST /api/v1/templates/{id}/fields': ['duplicate_field_name'],
  'PUT /api/v1/templates/{id}/fields/{field_id}': ['duplicate_field_name'],
};

/** Not-found codes named by a path parameter. */
const NOT_FOUND_BY_PARAM: Record<string, ErrorCode> = {
  batch_name: 'batch_not_found',
  document_id: 'document_not_found',
  id: 'template_not_found',
  field_id: 'template_not_found',
};

function errorCodes(method: string, path: string, op: Operation): ErrorCode[] {
  const admin = path.startsWith('/admin/');
  const codes: ErrorCode[] = ['invalid_parameter', 'missing_api_key', 'invalid_api_key', 'internal_error'];
  if (!admin) codes.push('plan_required', 'rate_limit_exceeded');
  const hasRequired = (op.parameters ?? []).some((p) => p.required && p.in !== 'path')
    || (Object.values(op.requestBody?.content ?? {})[0]?.schema.required?.length ?? 0) > 0;
  if (hasRequired) codes.push('missing_parameter');
  for (const p of op.parameters ?? []) {
    if (p.in !== 'path') continue;
    // The webhook registration may precede the batch's first upload.
    if (p.name === 'batch_name' && method === 'PUT') continue;
    codes.push(admin ? 'not_found' : NOT_FOUND_BY_PARAM[p.name] ?? 'not_found');
  }
  codes.push(...(EXTRA_CODES[`${method.toUpperCase()} ${path}`] ?? []));
  return [...new Set(codes)];
}

function exampleError(code: ErrorCode, baseUrl: string) {
  const param = code === 'missing_parameter' || code === 'invalid_parameter' ? { param: 'batch_name' } : {};
  return {
    error: { type: ERROR_CATALOG[code].type, code, message: ERROR_CATALOG[code].summary, doc_url: `${baseUrl}/docs/errors#${code}`, ...param },
  };
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** The error body of the first operation that documents one: the same for every route (schemas/common.ts). */
function errorSchemaOf(doc: OpenApiDocument): Schema | undefined {
  for (const methods of Object.values(doc.paths)) {
    for (const op of Object.values(methods)) {
      const found = Object.entries(op.responses ?? {}).find(([status]) => Number(status) >= 400)?.[1].content?.['application/json']?.schema;
      if (found && !found.$ref) return found;
    }
  }
  return undefined;
}

/** Replaces the generic error responses with the statuses and codes this operation answers. */
function documentErrors(method: string, path: string, op: Operation, baseUrl: string): void {
  const responses = op.responses ?? {};
  if (!Object.keys(responses).some((status) => Number(status) >= 400)) return;
  for (const status of Object.keys(responses)) if (Number(status) >= 400) delete responses[status];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodes(method, path, op)) {
    const status = ERROR_CATALOG[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus.entries()].sort((a, b) => a[0] - b[0])) {
    responses[String(status)] = {
      description: codes.map((c) => `\`${c}\`: ${ERROR_CATALOG[c].summary}`).join('\n\n'),
      content: { 'application/json': { schema: ERROR_REF, example: exampleError(codes[0], baseUrl) } },
    };
  }
}

/** A default is what the server uses when the parameter is left out: it is not required. */
function unrequireDefaults(op: Operation): void {
  for (const p of op.parameters ?? []) if (p.in !== 'path' && p.schema?.default !== undefined) delete p.required;
  for (const media of Object.values(op.requestBody?.content ?? {})) {
    const schema = media.schema;
    if (schema.required) schema.required = schema.required.filter((name) => schema.properties?.[name]?.default === undefined);
    if (schema.required?.length === 0) delete schema.required;
    if (!schema.required && op.requestBody) op.requestBody.required = false;
  }
}

/** The operation's text and examples; a binary success body gets its real media type instead of JSON. */
function describeOperation(method: string, path: string, op: Operation): void {
  const text = OPERATIONS[`${method.toUpperCase()} ${path}`];
  if (!text) return;
  op.operationId = text.operationId;
  op.description = text.description;
  const example = EXAMPLES[text.operationId] ?? {};
  const request = Object.values(op.requestBody?.content ?? {})[0];
  if (request && example.request !== undefined) request.example = example.request;
  const success = Object.entries(op.responses ?? {}).find(([status]) => Number(status) < 300)?.[1];
  if (success && text.binary) {
    success.content = { [text.binary]: { schema: { type: 'string', format: 'binary', description: success.content?.['application/json']?.schema.description } } };
  } else if (success?.content?.['application/json'] && example.response !== undefined) {
    success.content['application/json'].example = example.response;
  }
}

function curlSample(method: string, path: string, op: Operation, baseUrl: string): string {
  const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'batch_name' ? 'invoices-march' : name === 'document_id' ? 'DOCUMENT_ID' : '1'));
  const token = path.startsWith('/admin/') ? '$DOCROWS_ADMIN_TOKEN' : '$DOCROWS_API_KEY';
  const lines = [`curl -X ${method.toUpperCase()} "${baseUrl}${url}"`, `  -H "Authorization: Bearer ${token}"`];
  const content = op.requestBody?.content ?? {};
  if (content['multipart/form-data']) {
    const fields = (content['multipart/form-data'].example ?? {}) as Record<string, string>;
    lines.push('  -F file=@invoice.pdf', ...Object.entries(fields).map(([name, value]) => `  -F ${name}=${value}`));
  } else if (content['application/json']) {
    lines.push('  -H "Content-Type: application/json"', `  -d '${JSON.stringify(content['application/json'].example ?? {})}'`);
  }
  return lines.join(' \\\n');
}

export function finishOpenApiDocument<T extends OpenApiDocument>(doc: T, baseUrl: string): T {
  const errorSchema = errorSchemaOf(doc);
  if (errorSchema) {
    const components = (doc.components ??= {}) as { schemas?: Record<string, Schema> };
    components.schemas = { ...components.schemas, Error: errorSchema };
  }
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      unrequireDefaults(op);
      describeFields(op);
      // After unrequireDefaults: the form has no required property, yet a file or a url must come.
      if (path === '/api/v1/documents' && method === 'post') {
        op.requestBody = { required: true, content: { 'multipart/form-data': { schema: UPLOAD_FORM } } };
      }
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (Number(status) < 300 && response.description === 'Default Response') response.description = 'Success';
      }
      describeOperation(method, path, op);
      documentErrors(method, path, op, baseUrl);
      op['x-codeSamples'] = [{ lang: 'Shell', label: 'curl', source: curlSample(method, path, op, baseUrl) }];
    }
  }
  return doc;
}
