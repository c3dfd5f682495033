import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { isPostgres } from '../connect.js';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

function serialId(db: AnyDb) {
  return isPostgres(db) ? ('serial' as const) : ('integer' as const);
}

function primaryAuto(db: AnyDb) {
  return (c: ColumnDefinitionBuilder) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement());
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', serialId(db), primaryAuto(db))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.references('accounts.id'))
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('thinking_type', 'text', (c) => c.notNull().defaultTo('fast'))
    .addColumn('auto_annotate_bbox', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retention_days', 'integer')
    .addColumn('inbox_pdf_passwords', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('max_batch_size', 'integer')
    .addColumn('max_queued_documents', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', serialId(db), primaryAuto(db))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', serialId(db), primaryAuto(db))
    .addColumn('pool_account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('consumer_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('batch_name', 'text')
    .addColumn('document_id', 'text')
    .addColumn('point_type', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_pool_idx').on('ledger_entries').columns(['pool_account_id', 'id']).execute();
  await db.schema.createIndex('ledger_consumer_idx').on('ledger_entries').columns(['consumer_id', 'id']).execute();

  await db.schema
    .createTable('templates')
    .addColumn('id', serialId(db), primaryAuto(db))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('preset_id', 'text')
    .addColumn('global_format_requirement', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('merge_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('merge_group_by', 'text', (c) => c.notNull().defaultTo('upload'))
    .addColumn('merge_key_fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('merge_mode', 'text', (c) => c.notNull().defaultTo('fold'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('templates_account_idx').on('templates').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('template_fields')
    .addColumn('id', serialId(db), primaryAuto(db))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('format_requirement', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('template_fields_name_uq', ['template_id', 'name'])
    .execute();

  await db.schema
    .createTable('batches')
    .addColumn('id', serialId(db), primaryAuto(db))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('batches_account_name_uq', ['account_id', 'name'])
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('page_count', 'integer', (c) => c.notNull())
    .addColumn('template_id', 'integer')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('original_key', 'text')
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_batch_idx').on('uploads').columns(['batch_id', 'id']).execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id').onDelete('cascade'))
    .addColumn('upload_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('page_number', 'integer', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('template_id', 'integer')
    .addColumn('image_key', 'text')
    .addColumn('thumb_key', 'text')
    .addColumn('text_layer_key', 'text')
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('request', 'text')
    .addColumn('quality', 'text')
    .addColumn('charged_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('charged_tier', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result', 'text')
    .addColumn('failure_code', 'text')
    .addColumn('failure_message', 'text')
    .addColumn('wave', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('purged_at', 'text')
    .execute();
  await db.schema.createIndex('documents_batch_idx').on('documents').columns(['batch_id', 'upload_id', 'page_number']).execute();
  await db.schema.createIndex('documents_account_status_idx').on('documents').columns(['account_id', 'status']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', serialId(db), primaryAuto(db))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('response_headers', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('idempotency_scope_uq', ['account_id', 'method', 'route', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_created_idx').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .createTable('rate_windows')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('window_start', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_windows_pk', ['bucket', 'window_start'])
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', serialId(db), primaryAuto(db))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_claim_idx').on('jobs').columns(['state', 'run_at']).execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'settings', 'jobs', 'rate_windows', 'idempotency_keys', 'documents', 'uploads', 'batches',
    'template_fields', 'templates', 'ledger_entries', 'api_keys', 'accounts',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
