/** The `blob_sweeps` table: blob prefixes whose bytes are deleted once due, unless the row goes first (src/core/uploads/blob-sweeps.ts). */
import type { DbOrTrx } from '../connect.js';
import { inChunks } from './lookup.js';

export async function reserve(db: DbOrTrx, prefix: string, dueAt: string): Promise<void> {
  await db.insertInto('blob_sweeps').values({ prefix, due_at: dueAt }).execute();
}

export async function release(db: DbOrTrx, prefix: string): Promise<void> {
  await db.deleteFrom('blob_sweeps').where('prefix', '=', prefix).execute();
}

/** Makes each prefix due at `dueAt`, recorded or not. */
export async function schedule(db: DbOrTrx, prefixes: string[], dueAt: string): Promise<void> {
  for (const chunk of inChunks(prefixes, 100)) {
    await db.insertInto('blob_sweeps')
      .values(chunk.map((prefix) => ({ prefix, due_at: dueAt })))
      .onConflict((oc) => oc.column('prefix').doUpdateSet({ due_at: dueAt }))
      .execute();
  }
}

/** Up to `limit` prefixes due by `at`, the longest due first. */
export async function due(db: DbOrTrx, at: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('blob_sweeps').select('prefix').where('due_at', '<=', at).orderBy('due_at').limit(limit).execute();
  return rows.map((r) => r.prefix);
}
