import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  // What each extracted page cost at its engine (tokens at a model server), one row per document wave,
  // written with the page's outcome. No foreign keys: the operator reconciles a model bill after a batch is gone too.
  await db.schema
    .createTable('page_engine_usage')
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('wave', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('batch_id', 'integer', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull()) // succeeded | failed
    .addColumn('tokens_in', 'integer', (c) => c.notNull())
    .addColumn('tokens_out', 'integer', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull()) // kept after the outcome: 0 when the page was refunded
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_engine_usage_pk', ['document_id', 'wave'])
    .execute();
  await db.schema.createIndex('page_engine_usage_batch_idx').on('page_engine_usage').column('batch_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_engine_usage').ifExists().execute();
}
