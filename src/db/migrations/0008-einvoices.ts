import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  // A document read from an e-invoice (an XML upload, or a PDF carrying one): the syntax and profile the API shows,
  // and the blob of the invoice's EN 16931 model that extraction reads (one per upload, shared by its pages).
  await db.schema.alterTable('documents').addColumn('einvoice_syntax', 'text').execute();
  await db.schema.alterTable('documents').addColumn('einvoice_profile', 'text').execute();
  await db.schema.alterTable('documents').addColumn('einvoice_key', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['einvoice_key', 'einvoice_profile', 'einvoice_syntax']) {
    await db.schema.alterTable('documents').dropColumn(column).execute();
  }
}
