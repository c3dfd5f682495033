import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bbox_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey()) // bbx_<ulid>: the public group_batch_id
    // Cascades keep bbox rows from outliving their document when a batch is deleted.
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id').onDelete('cascade'))
    .addColumn('pool_account_id', 'integer', (c) => c.notNull())
    .addColumn('consumer_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // Set to the document id while the job runs, NULL once terminal: the unique
    // constraint makes "at most one running job per document" hold under races.
    .addColumn('running_document_id', 'text', (c) => c.unique())
    .addColumn('row_groups', 'integer', (c) => c.notNull())
    .addColumn('charged_amount', 'integer', (c) => c.notNull())
    .addColumn('charged_tier', 'text', (c) => c.notNull())
    // OCR words of a page without a text layer, read once per job and shared by its row groups;
    // kept on the row (not a blob) so deleting the job can never leave them behind.
    .addColumn('page_words', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('bbox_jobs_document_idx').on('bbox_jobs').columns(['document_id', 'id']).execute();
  await db.schema.createIndex('bbox_jobs_batch_idx').on('bbox_jobs').column('batch_id').execute();

  await db.schema
    .createTable('bbox_row_groups')
    .addColumn('bbox_job_id', 'text', (c) => c.notNull().references('bbox_jobs.id').onDelete('cascade'))
    .addColumn('group_index', 'integer', (c) => c.notNull())
    .addColumn('row_start', 'integer', (c) => c.notNull())
    .addColumn('row_end', 'integer', (c) => c.notNull()) // exclusive
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('boxes', 'text') // JSON {rowIndex: {field: bbox|null}} once succeeded
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bbox_row_groups_pk', ['bbox_job_id', 'group_index'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bbox_row_groups').ifExists().execute();
  await db.schema.dropTable('bbox_jobs').ifExists().execute();
}
