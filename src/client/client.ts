import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DocrowsTimeoutError } from './errors.js';
import { Transport, type Call, type RetryOptions } from './transport.js';
import type {
  Account, Answer, BatchDeleted, BatchResults, BatchStatus, BatchSummary, BboxJob, BboxState, Body, CorrectionRequest, DocumentObject, FeedEvent,
  LayoutMemory, LedgerEntry, Page, Path, Preset, ProcessAnswer, ProcessRequest, Query, Revision, Template, TemplateField, WebhookRegistration,
} from './types.js';

export interface DocrowsClientOptions {
  /** Server address, e.g. http://127.0.0.1:8080 (no /api/v1). */
  baseUrl: string;
  apiKey: string;
  retry?: RetryOptions;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/** A document to upload: a file path, bytes, a readable stream or a Blob. */
export type UploadSource = string | Buffer | Uint8Array | Readable | Blob;

export interface UploadOptions {
  batchName?: string;
  templateId?: number;
  password?: string;
  /** Name stored with the document; default: the path's base name, else "document". */
  filename?: string;
  signal?: AbortSignal;
}

/** POST /documents with `document_id` always a list (one id for an image, one per page otherwise). */
export interface UploadResult {
  documentIds: string[];
  batchName: string;
  pageCount: number;
  remainingBatchCapacity: number;
}

export interface WaitOptions {
  /** Give up after this long (DocrowsTimeoutError). Default 30 minutes. */
  timeoutMs?: number;
  /** First poll interval; grows ×1.5 up to maxIntervalMs while nothing changes. Default 500 ms. */
  intervalMs?: number;
  maxIntervalMs?: number;
  /** Called with every status read. */
  onProgress?: (status: BatchStatus) => void;
  signal?: AbortSignal;
}

/** A list's filters, without the page token the iterators manage. */
type ListQuery<P extends Path> = Omit<Query<P, 'get'>, 'page_token'>;

const enc = encodeURIComponent;

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A path as a Blob; a file that cannot be opened is named in the error (Node's own message does not name it). */
async function openFile(file: string): Promise<Blob> {
  const stat = await fs.promises.stat(file).catch((err: NodeJS.ErrnoException) => {
    throw new Error(`cannot open ${file}: ${err.code === 'ENOENT' ? 'no such file' : err.code ?? err.message}`, { cause: err });
  });
  if (!stat.isFile()) throw new Error(`cannot open ${file}: not a file`);
  return fs.openAsBlob(file);
}

/** A Blob that can be sent again on a retry: files are read lazily, streams once into memory. */
async function toBlob(source: UploadSource): Promise<{ blob: Blob; filename?: string }> {
  if (typeof source === 'string') return { blob: await openFile(source), filename: path.basename(source) };
  if (source instanceof Blob) return { blob: source };
  if (source instanceof Uint8Array) return { blob: new Blob([source]) };
  return { blob: new Blob([await streamToBuffer(source)]) };
}

/**
 * The typed client of the docrows API (`import { DocrowsClient } from
 * 'docrows/client'`). Types come from the served OpenAPI document
 * (api-types.ts); answers are the API's JSON as documented at /docs.
 */
export class DocrowsClient {
  private readonly http: Transport;

  constructor(options: DocrowsClientOptions) {
    this.http = new Transport({ baseUrl: options.baseUrl, token: options.apiKey, retry: options.retry, fetch: options.fetch, sleep: options.sleep });
  }

  private get<T>(path: string, query?: Call['query'], signal?: AbortSignal): Promise<T> {
    return this.http.send<T>({ method: 'GET', path: `/api/v1${path}`, query, retrySafe: true, signal });
  }

  private write<T>(method: Call['method'], path: string, json: unknown, opts: { idempotencyKey?: boolean; retrySafe?: boolean } = {}): Promise<T> {
    const retrySafe = opts.retrySafe ?? (method === 'PUT' || method === 'DELETE' || opts.idempotencyKey === true);
    return this.http.send<T>({ method, path: `/api/v1${path}`, json, retrySafe, idempotencyKey: opts.idempotencyKey });
  }

  /** One page of a list endpoint. */
  private list<T>(path: string, query: object = {}): Promise<Page<T>> {
    return this.get(path, query as Call['query']);
  }

  /** Every item of a list endpoint, fetching the next page as the loop reaches it. */
  private async *iterate<T>(path: string, query: object = {}): AsyncGenerator<T> {
    let token: string | undefined;
    do {
      const page = await this.list<T>(path, { ...query, page_token: token });
      yield* page.data;
      token = page.has_more && page.next_page_token ? page.next_page_token : undefined;
    } while (token);
  }

  // Account

  account(): Promise<Account> { return this.get('/account'); }
  usage(query?: Query<'/api/v1/account/usage', 'get'>): Promise<Page<LedgerEntry>> { return this.list('/account/usage', query); }
  iterateUsage(query?: ListQuery<'/api/v1/account/usage'>): AsyncGenerator<LedgerEntry> { return this.iterate('/account/usage', query); }

  // Documents

  /** Uploads one document; retried safely (one Idempotency-Key for every try). */
  async upload(source: UploadSource, options: UploadOptions = {}): Promise<UploadResult> {
    const { blob, filename } = await toBlob(source);
    return this.sendUpload(options, (form) => form.set('file', blob, options.filename ?? filename ?? 'document'));
  }

  /** Has the server download the document from a public URL. */
  uploadUrl(url: string, options: Omit<UploadOptions, 'filename'> = {}): Promise<UploadResult> {
    return this.sendUpload(options, (form) => form.set('url', url));
  }

  private async sendUpload(options: UploadOptions, addDocument: (form: FormData) => void): Promise<UploadResult> {
    const answer = await this.http.send<Answer<'/api/v1/documents', 'post'>>({
      method: 'POST',
      path: '/api/v1/documents',
      retrySafe: true,
      idempotencyKey: true,
      signal: options.signal,
      form: () => {
        const form = new FormData();
        if (options.batchName !== undefined) form.set('batch_name', options.batchName);
        if (options.templateId !== undefined) form.set('template_id', String(options.templateId));
        if (options.password !== undefined) form.set('password', options.password);
        addDocument(form);
        return form;
      },
    });
    const ids = Array.isArray(answer.document_id) ? answer.document_id : [answer.document_id];
    return { documentIds: ids, batchName: answer.batch_name, pageCount: answer.page_count ?? ids.length, remainingBatchCapacity: answer.remaining_batch_capacity };
  }

  document(documentId: string): Promise<DocumentObject> { return this.get(`/documents/${enc(documentId)}`); }

  /** The page image as JPEG bytes: whole page, `size: 'thumb'`, or a crop "x1,y1,x2,y2". */
  documentImage(documentId: string, query: Query<'/api/v1/documents/{document_id}/image', 'get'> = {}): Promise<Buffer> {
    return this.http.send({ method: 'GET', path: `/api/v1/documents/${enc(documentId)}/image`, query, retrySafe: true, bytes: true });
  }

  /** Replaces a succeeded document's rows with corrected ones (no credits); retried safely with one Idempotency-Key. */
  correctLineItems(documentId: string, lineItems: CorrectionRequest['line_items']): Promise<DocumentObject> {
    return this.write('PUT', `/documents/${enc(documentId)}/line_items`, { line_items: lineItems } satisfies CorrectionRequest, { idempotencyKey: true });
  }
  /** The document's rows as the engine read them and as each correction set them, newest first. */
  revisions(documentId: string, query?: Query<'/api/v1/documents/{document_id}/line_items/revisions', 'get'>): Promise<Page<Revision>> {
    return this.list(`/documents/${enc(documentId)}/line_items/revisions`, query);
  }
  iterateRevisions(documentId: string, query?: ListQuery<'/api/v1/documents/{document_id}/line_items/revisions'>): AsyncGenerator<Revision> {
    return this.iterate(`/documents/${enc(documentId)}/line_items/revisions`, query);
  }

  /** What corrections taught the layout engine: one memory per sender and layout, newest first. */
  layoutMemories(query?: Query<'/api/v1/layout_memories', 'get'>): Promise<Page<LayoutMemory>> { return this.list('/layout_memories', query); }
  iterateLayoutMemories(query?: ListQuery<'/api/v1/layout_memories'>): AsyncGenerator<LayoutMemory> { return this.iterate('/layout_memories', query); }
  /** Deletes a layout memory: later pages are read without it (404 layout_memory_not_found for an unknown id). */
  deleteLayoutMemory(id: string): Promise<null> { return this.write('DELETE', `/layout_memories/${enc(id)}`, undefined); }

  /** Starts the paid bbox job (402 insufficient_credits when the account cannot pay). */
  startBbox(documentId: string): Promise<BboxJob> { return this.write('POST', `/documents/${enc(documentId)}/bbox`, undefined, { idempotencyKey: true }); }
  bbox(documentId: string): Promise<BboxState> { return this.get(`/documents/${enc(documentId)}/bbox`); }

  // Batches

  batches(query?: Query<'/api/v1/batches', 'get'>): Promise<Page<BatchSummary>> { return this.list('/batches', query); }
  iterateBatches(query?: ListQuery<'/api/v1/batches'>): AsyncGenerator<BatchSummary> { return this.iterate('/batches', query); }
  batch(name: string): Promise<BatchStatus> { return this.get(`/batches/${enc(name)}`); }
  deleteBatch(name: string): Promise<BatchDeleted> { return this.write('DELETE', `/batches/${enc(name)}`, undefined); }
  setWebhook(name: string, callbackUrl: string): Promise<WebhookRegistration> {
    return this.write('PUT', `/batches/${enc(name)}/webhook`, { callback_url: callbackUrl } satisfies Body<'/api/v1/batches/{batch_name}/webhook', 'put'>);
  }

  /** Queues the batch's documents (spends credits); retried safely with one Idempotency-Key. */
  process(name: string, request: ProcessRequest = {}): Promise<ProcessAnswer> {
    return this.write('POST', `/batches/${enc(name)}/process`, request, { idempotencyKey: true });
  }

  results(name: string, query: Query<'/api/v1/batches/{batch_name}/results', 'get'> = {}): Promise<BatchResults> {
    return this.get(`/batches/${enc(name)}/results`, query);
  }

  /** The batch's rows as xlsx bytes. */
  exportXlsx(name: string): Promise<Buffer> {
    return this.http.send({ method: 'GET', path: `/api/v1/batches/${enc(name)}/export`, query: { format: 'xlsx' }, retrySafe: true, bytes: true });
  }

  /**
   * Polls the batch until every document is done (`all_done`), backing off
   * while nothing changes; resolves with the last status.
   */
  async waitForBatch(name: string, options: WaitOptions = {}): Promise<BatchStatus> {
    const deadline = Date.now() + (options.timeoutMs ?? 30 * 60_000);
    const maxInterval = options.maxIntervalMs ?? 5000;
    let interval = options.intervalMs ?? 500;
    let previous = '';
    for (;;) {
      const status = await this.get<BatchStatus>(`/batches/${enc(name)}`, undefined, options.signal);
      options.onProgress?.(status);
      if (status.all_done) return status;
      const now = JSON.stringify(status.status_counts);
      interval = now === previous ? Math.min(maxInterval, interval * 1.5) : options.intervalMs ?? 500;
      previous = now;
      if (Date.now() + interval > deadline) throw new DocrowsTimeoutError(`Batch "${name}" was not done after ${options.timeoutMs ?? 30 * 60_000} ms.`);
      await new Promise((resolve) => setTimeout(resolve, interval));
      options.signal?.throwIfAborted();
    }
  }

  // Templates and presets

  templates(query?: Query<'/api/v1/templates', 'get'>): Promise<Page<Template>> { return this.list('/templates', query); }
  iterateTemplates(query?: ListQuery<'/api/v1/templates'>): AsyncGenerator<Template> { return this.iterate('/templates', query); }
  createTemplate(body: Body<'/api/v1/templates', 'post'>): Promise<Answer<'/api/v1/templates', 'post'>> {
    return this.write('POST', '/templates', body, { idempotencyKey: true });
  }
  deleteTemplate(id: number): Promise<null> { return this.write('DELETE', `/templates/${id}`, undefined); }
  updateTemplateSettings(id: number, body: Body<'/api/v1/templates/{id}/settings', 'put'>): Promise<Answer<'/api/v1/templates/{id}/settings', 'put'>> {
    return this.write('PUT', `/templates/${id}/settings`, body);
  }
  templateFields(id: number): Promise<Answer<'/api/v1/templates/{id}/fields', 'get'>> { return this.get(`/templates/${id}/fields`); }
  /** Not retried after a lost answer: adding a field twice would fail with duplicate_field_name. */
  addField(id: number, body: Body<'/api/v1/templates/{id}/fields', 'post'>): Promise<{ field: TemplateField }> {
    return this.write('POST', `/templates/${id}/fields`, body);
  }
  updateField(id: number, fieldId: number, body: Body<'/api/v1/templates/{id}/fields/{field_id}', 'put'>): Promise<{ field: TemplateField }> {
    return this.write('PUT', `/templates/${id}/fields/${fieldId}`, body);
  }
  deleteField(id: number, fieldId: number): Promise<null> { return this.write('DELETE', `/templates/${id}/fields/${fieldId}`, undefined); }
  /** Setting an order twice gives the same order: safe to retry. */
  reorderFields(id: number, body: Body<'/api/v1/templates/{id}/fields/order', 'patch'>): Promise<Answer<'/api/v1/templates/{id}/fields/order', 'patch'>> {
    return this.write('PATCH', `/templates/${id}/fields/order`, body, { retrySafe: true });
  }
  presets(query?: Query<'/api/v1/presets', 'get'>): Promise<Page<Preset>> { return this.list('/presets', query); }
  iteratePresets(query?: ListQuery<'/api/v1/presets'>): AsyncGenerator<Preset> { return this.iterate('/presets', query); }

  // Events

  events(query?: Query<'/api/v1/events', 'get'>): Promise<Page<FeedEvent>> { return this.list('/events', query); }
  iterateEvents(query?: ListQuery<'/api/v1/events'>): AsyncGenerator<FeedEvent> { return this.iterate('/events', query); }
}
