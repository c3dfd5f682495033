/**
 * The `document_revisions` table: every set of rows a document had, the
 * engine's output of each wave and each person's correction, numbered 1, 2, …
 * per document. Rows go with their document (foreign key, on delete cascade).
 */
import { sql } from 'kysely';
import type { DbOrTrx, Trx } from '../connect.js';
import type { DocumentRevisionRow } from '../schema.js';

/** Appends a revision numbered one past the document's last; run inside the transaction that holds the document's lock. */
export async function append(trx: Trx, revision: Omit<DocumentRevisionRow, 'revision'>): Promise<number> {
  const last = await trx.selectFrom('document_revisions').select(sql<number | null>`MAX(revision)`.as('n'))
    .where('document_id', '=', revision.document_id).executeTakeFirst();
  const next = Number(last?.n ?? 0) + 1;
  await trx.insertInto('document_revisions').values({ ...revision, revision: next }).execute();
  return next;
}

/** Up to `limit` of a document's revisions, newest first, below revision `before`. */
export async function pageOf(db: DbOrTrx, documentId: string, before: number | null, limit: number): Promise<DocumentRevisionRow[]> {
  return db.selectFrom('document_revisions').selectAll().where('document_id', '=', documentId)
    .$if(before !== null, (q) => q.where('revision', '<', before!))
    .orderBy('revision', 'desc').limit(limit).execute();
}

/** Whether the document's wave has its engine output recorded. */
export async function hasEngineOutput(db: DbOrTrx, documentId: string, wave: number): Promise<boolean> {
  const row = await db.selectFrom('document_revisions').select('revision').where('document_id', '=', documentId)
    .where('wave', '=', wave).where('source', '=', 'engine').limit(1).executeTakeFirst();
  return row !== undefined;
}
