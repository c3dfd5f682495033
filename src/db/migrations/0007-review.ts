import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  // A person's correction replaces the document's rows (docs/decisions.md, Corrections, reprocessing, layout memory).
  await db.schema.alterTable('documents').addColumn('corrected_at', 'text').execute();
  // Every set of rows a document had: the engine's output of each wave and every correction. They go with their document.
  await db.schema
    .createTable('document_revisions')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('wave', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull()) // engine | correction
    .addColumn('result', 'text', (c) => c.notNull()) // JSON {fields, rows} as documents.result
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_revisions_pk', ['document_id', 'revision'])
    .execute();
  // Documents that succeeded before revisions existed keep their engine output as revision 1.
  await db.insertInto('document_revisions')
    .columns(['document_id', 'revision', 'wave', 'source', 'result', 'created_at'])
    .expression(db.selectFrom('documents')
      .select((eb) => ['id', eb.lit(1).as('revision'), 'wave', eb.val('engine').as('source'), 'result', 'completed_at'])
      .where('status', '=', 'succeeded').where('result', 'is not', null).where('completed_at', 'is not', null))
    .execute();
  // What corrections taught the layout engine about one sender's pages of one layout, per account.
  await db.schema
    .createTable('layout_memories')
    .addColumn('id', 'text', (c) => c.primaryKey()) // mem_<ulid>
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('sender_key', 'text', (c) => c.notNull())
    .addColumn('layout_key', 'text', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull()) // JSON {name, tax_id, iban}
    .addColumn('fields', 'text', (c) => c.notNull()) // JSON string[]
    .addColumn('model', 'text', (c) => c.notNull()) // JSON: what the engine applies (src/extract/memory)
    .addColumn('documents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('layout_memories_key', ['account_id', 'sender_key', 'layout_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('layout_memories').ifExists().execute();
  await db.schema.dropTable('document_revisions').ifExists().execute();
  await db.schema.alterTable('documents').dropColumn('corrected_at').execute();
}
