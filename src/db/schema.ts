import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types shared by both dialects. Conventions that keep one set of
 * queries valid on SQLite and PostgreSQL:
 * - timestamps are ISO 8601 UTC strings (`toISOString()`), which sort as text;
 * - booleans are integers 0/1;
 * - structured values are JSON text, parsed by the module that owns them.
 */

interface AccountsTable {
  id: Generated<number>;
  plan: string; // free | basic | pro | business
  role: string; // owner | member
  owner_id: number | null; // set for team members: plan, credits, tier, limits are the owner's
  tier: string; // standard | advanced | premium
  /** Cached balance of this account's credit pool; always equal to the sum of its ledger. */
  credits: number;
  disabled: number;
  thinking_type: string; // fast | high
  auto_annotate_bbox: number;
  retention_days: number | null;
  inbox_pdf_passwords: string; // JSON array of strings
  max_batch_size: number | null; // operator override of the plan value
  max_queued_documents: number | null; // operator override of the plan value
  created_at: string;
}

interface ApiKeysTable {
  id: Generated<number>;
  account_id: number;
  key_hash: string; // SHA-256 hex of the full key
  prefix: string; // first characters, for the operator to name a key
  created_at: string;
  revoked_at: string | null;
}

interface LedgerEntriesTable {
  id: Generated<number>;
  /** The account whose credit pool changes (the team owner for members). */
  pool_account_id: number;
  consumer_id: number;
  action: string; // grant | deduction[_tier] | refund[_tier]
  reason: string | null; // extraction | bbox | null for grants
  batch_name: string | null;
  document_id: string | null;
  point_type: string; // personal | team
  amount: number;
  /** Makes a retried or raced credit change a no-op instead of a second row. */
  dedupe_key: string | null;
  created_at: string;
}

interface TemplatesTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  preset_id: string | null;
  global_format_requirement: string;
  merge_enabled: number;
  merge_group_by: string; // upload | key_fields
  merge_key_fields: string; // JSON array of field names
  merge_mode: string; // fold | append
  created_at: string;
}

interface TemplateFieldsTable {
  id: Generated<number>;
  template_id: number;
  name: string;
  format_requirement: string;
  sort_order: number;
  created_at: string;
}

interface BatchesTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  source: string; // api | direct | collect | email_inbox
  created_at: string;
  /** Increments on every process call that queues documents: batch.completed is unique per wave (0003-events). */
  wave: Generated<number>;
}

interface UploadsTable {
  id: string; // doc_<ulid>
  account_id: number;
  batch_id: number;
  filename: string;
  kind: string; // FileKind
  form: string; // image | paged
  page_count: number;
  template_id: number | null;
  source: string;
  original_key: string | null; // blob of the uploaded bytes; null once purged
  byte_size: number;
  created_at: string;
}

interface DocumentsTable {
  id: string; // doc_<ulid> or doc_<ulid>_p<N>
  account_id: number;
  batch_id: number;
  upload_id: string;
  page_number: number; // 1-based
  filename: string;
  /** Internal lifecycle state (docs/decisions.md, Document lifecycle): uploaded | queued | processing | succeeded | failed | canceled. */
  status: string;
  template_id: number | null; // template the upload was associated with
  image_key: string | null; // page JPEG blob; null once purged
  thumb_key: string | null;
  text_layer_key: string | null;
  /** Read from an e-invoice (migration 0008): UBL | CII, its guideline id, and the blob of its EN 16931 model (JSON); null otherwise. */
  einvoice_syntax: string | null;
  einvoice_profile: string | null;
  einvoice_key: string | null;
  width: number;
  height: number;
  /** JSON of the processing request locked at process time: {fields, global_format_requirement, quality, template_id}. */
  request: string | null;
  quality: string | null;
  /** Credits charged for the current wave, 0 when not charged, and the tier they were charged at. */
  charged_amount: number;
  charged_tier: string | null;
  attempts: number;
  /** JSON of the engine result: {fields: string[], rows: Array<Record<string, ExtractedCell>>}. */
  result: string | null;
  failure_code: string | null;
  failure_message: string | null;
  /** Increments every time the document is queued, so jobs, events and ledger rows of a wave are unique. */
  wave: number;
  created_at: string;
  started_at: string;
  completed_at: string | null;
  purged_at: string | null;
  /** When a person last replaced the rows of the current wave (migration 0007); null when never. */
  corrected_at: Generated<string | null>;
}

/** Every set of rows a document had: each wave's engine output and each correction (migration 0007). */
interface DocumentRevisionsTable {
  document_id: string;
  /** 1, 2, … per document. */
  revision: number;
  wave: number;
  source: string; // engine | correction
  /** JSON {fields, rows}, as documents.result. */
  result: string;
  created_at: string;
}

/** What corrections taught the layout engine about one sender's pages of one layout, per account (migration 0007). */
interface LayoutMemoriesTable {
  id: string; // mem_<ulid>
  account_id: number;
  sender_key: string;
  layout_key: string;
  sender: string; // JSON {name, tax_id, iban}
  fields: string; // JSON string[]
  model: string; // JSON, applied by src/extract/memory
  documents: number;
  created_at: string;
  updated_at: string;
}

interface IdempotencyKeysTable {
  id: Generated<number>;
  account_id: number;
  method: string;
  route: string;
  key: string;
  fingerprint: string;
  /** running | done */
  state: string;
  response_status: number | null;
  response_body: string | null;
  response_headers: string | null; // JSON object
  locked_until: string | null;
  created_at: string;
}

interface RateWindowsTable {
  bucket: string; // e.g. api_key:<id>
  window_start: number; // unix seconds
  count: number;
}

interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: string; // JSON
  /** pending | running | done | failed */
  state: string;
  run_at: string;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  /** Unique while set: enqueueing the same logical job twice is a no-op. */
  dedupe_key: string | null;
  created_at: string;
  updated_at: string;
}

interface SettingsTable {
  key: string;
  value: string; // JSON
  updated_at: string;
}

interface WebhookRegistrationsTable {
  id: Generated<number>;
  account_id: number;
  batch_name: string;
  callback_url: string;
  secret: string; // whsec_...
  created_at: string;
  fired_at: string | null;
}

/** The persisted event feed (GET /events), kept 30 days. */
interface EventsTable {
  id: string; // evt_<ulid>
  account_id: number;
  type: string; // document.completed | document.failed | batch.completed
  batch_name: string;
  document_id: string | null;
  data: string; // JSON
  dedupe_key: string;
  created_at: string;
}

/** Blob prefixes to delete once due, unless the row is removed first (see src/core/uploads/blob-sweeps.ts). */
interface BlobSweepsTable {
  prefix: string;
  due_at: string;
}

/** Tokens and credits of one extracted page wave (migration 0006). */
export interface PageEngineUsageTable {
  document_id: string;
  wave: number;
  account_id: number;
  batch_id: number;
  tier: string;
  engine: string;
  model: string | null;
  outcome: string;
  tokens_in: number;
  tokens_out: number;
  requests: number;
  credits: number;
  created_at: string;
}

export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  ledger_entries: LedgerEntriesTable;
  templates: TemplatesTable;
  template_fields: TemplateFieldsTable;
  batches: BatchesTable;
  uploads: UploadsTable;
  documents: DocumentsTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_windows: RateWindowsTable;
  jobs: JobsTable;
  settings: SettingsTable;
  webhook_registrations: WebhookRegistrationsTable;
  events: EventsTable;
  bbox_jobs: BboxJobsTable;
  bbox_row_groups: BboxRowGroupsTable;
  blob_sweeps: BlobSweepsTable;
  page_engine_usage: PageEngineUsageTable;
  document_revisions: DocumentRevisionsTable;
  layout_memories: LayoutMemoriesTable;
}

/* Row types the repositories (src/db/queries/) read (`…Row`), insert (`New…`) and update (`…Update`). */
export type AccountRow = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type AccountUpdate = Updateable<AccountsTable>;
export type NewApiKey = Insertable<ApiKeysTable>;
export type LedgerRow = Selectable<LedgerEntriesTable>;
export type NewLedgerEntry = Insertable<LedgerEntriesTable>;
export type TemplateRow = Selectable<TemplatesTable>;
export type NewTemplate = Insertable<TemplatesTable>;
export type TemplateUpdate = Updateable<TemplatesTable>;
export type TemplateFieldRow = Selectable<TemplateFieldsTable>;
export type NewTemplateField = Insertable<TemplateFieldsTable>;
export type BatchRow = Selectable<BatchesTable>;
export type NewBatch = Insertable<BatchesTable>;
export type NewUpload = Insertable<UploadsTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type NewDocument = Insertable<DocumentsTable>;
export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;
export type NewIdempotencyKey = Insertable<IdempotencyKeysTable>;
export type IdempotencyKeyUpdate = Updateable<IdempotencyKeysTable>;
export type JobRow = Selectable<JobsTable>;
export type WebhookRegistrationRow = Selectable<WebhookRegistrationsTable>;
export type NewWebhookRegistration = Insertable<WebhookRegistrationsTable>;
export type EventRow = Selectable<EventsTable>;
export type NewPageEngineUsage = Insertable<PageEngineUsageTable>;
export type DocumentRevisionRow = Selectable<DocumentRevisionsTable>;
export type LayoutMemoryRow = Selectable<LayoutMemoriesTable>;

/** One paid bbox pass over a document (src/core/bbox/trigger.ts). */
interface BboxJobsTable {
  id: string; // bbx_<ulid>, the public group_batch_id
  document_id: string;
  batch_id: number;
  pool_account_id: number;
  consumer_id: number;
  /** queued | processing | succeeded | failed | canceled; terminal values are final. */
  status: string;
  /** The document id while the job is not terminal, else null (unique: one running job per document). */
  running_document_id: string | null;
  row_groups: number;
  charged_amount: number;
  charged_tier: string;
  /** JSON Word[]: OCR words shared by the job's row groups (pages without a text layer). */
  page_words: string | null;
  created_at: string;
  completed_at: string | null;
}

/** A chunk of a bbox job's rows, located by one durable job (src/core/bbox/row-group-job.ts). */
interface BboxRowGroupsTable {
  bbox_job_id: string;
  group_index: number;
  row_start: number;
  row_end: number; // exclusive
  /** queued | processing | succeeded | failed */
  status: string;
  boxes: string | null; // JSON {rowIndex: {field: bbox | null}}
  updated_at: string;
}

export type BboxJobRow = Selectable<BboxJobsTable>;
export type NewBboxJob = Insertable<BboxJobsTable>;
export type NewBboxRowGroup = Insertable<BboxRowGroupsTable>;
export type BboxRowGroupRow = Selectable<BboxRowGroupsTable>;
