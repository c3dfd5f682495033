import type { Kysely } from 'kysely';
import { isPostgres } from '../connect.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_registrations')
    .addColumn('id', isPostgres(db) ? 'serial' : 'integer', (c) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    // By name, not batch id: a webhook may be registered before the batch's first upload.
    .addColumn('batch_name', 'text', (c) => c.notNull())
    .addColumn('callback_url', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('fired_at', 'text')
    .addUniqueConstraint('webhook_registrations_batch_uq', ['account_id', 'batch_name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_registrations').ifExists().execute();
}
