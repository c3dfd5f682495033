import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  // Blob prefixes that may hold bytes no row owns: an upload's blobs before its rows commit, a deleted
  // batch's blobs until they are removed. A process that dies in between leaves the row for the sweep.
  await db.schema
    .createTable('blob_sweeps')
    .addColumn('prefix', 'text', (c) => c.primaryKey())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blob_sweeps_due_idx').on('blob_sweeps').column('due_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blob_sweeps').ifExists().execute();
}
