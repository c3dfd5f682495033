/**
 * Layout memories as the account sees them (docs/decisions.md, "Corrections,
 * reprocessing, layout memory"): listed and deleted through the API, handed
 * to the layout engine with each of the account's pages. Never shared
 * between accounts: every read is by the account's id.
 */
import type { DbOrTrx } from '../../db/connect.js';
import * as memories from '../../db/queries/layout-memories.js';
import type { LayoutMemoryRow } from '../../db/schema.js';
import type { LayoutMemory, LayoutModel } from '../../extract/memory/index.js';
import { errors } from '../../errors.js';
import type { Services } from '../../services.js';
import type { Principal } from '../accounts/index.js';

/** What the engine is handed with a page of the account: every memory it has (the engine picks the one the page matches). */
export async function memoriesForEngine(db: DbOrTrx, accountId: number): Promise<LayoutMemory[]> {
  return (await memories.ofAccount(db, accountId)).map((row) => ({ id: row.id, model: JSON.parse(row.model) as LayoutModel }));
}

export function memoryView(row: LayoutMemoryRow) {
  return {
    id: row.id,
    sender: JSON.parse(row.sender) as { name: string | null; tax_id: string | null; iban: string | null },
    fields: JSON.parse(row.fields) as string[],
    documents: row.documents,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Up to `limit` of the caller's memories, newest first, below id `before`. */
export async function listMemories(services: Services, principal: Principal, limit: number, before: string | null): Promise<LayoutMemoryRow[]> {
  return memories.pageOf(services.db, principal.accountId, before, limit);
}

/** Deletes one of the caller's memories: later pages are read without it. */
export async function deleteMemory(services: Services, principal: Principal, id: string): Promise<void> {
  if (!(await memories.remove(services.db, principal.accountId, id))) throw errors.layoutMemoryNotFound(id);
}
