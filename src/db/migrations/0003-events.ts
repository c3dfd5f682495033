import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  // The persisted event feed (GET /events): written in the transaction that commits the terminal state.
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey()) // evt_<ulid>
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('batch_name', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    // One event per document wave / batch completion, however many workers race to write it.
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_account_idx').on('events').columns(['account_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('events_created_idx').on('events').column('created_at').execute();

  // Counts process calls that queued documents: one batch.completed per wave.
  await db.schema.alterTable('batches').addColumn('wave', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('jobs_lease_idx').on('jobs').columns(['state', 'locked_until']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_lease_idx').ifExists().execute();
  await db.schema.alterTable('batches').dropColumn('wave').execute();
  await db.schema.dropTable('events').ifExists().execute();
}
