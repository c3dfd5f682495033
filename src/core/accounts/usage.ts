import type { Db } from '../../db/connect.js';
import * as ledger from '../../db/queries/ledger.js';
import type { LedgerRow } from '../../db/schema.js';
import type { Principal } from './accounts.js';

/**
 * The usage ledger as a caller sees it, newest first: an owner sees every
 * entry of its pool, a team member only the entries it consumed.
 */
export async function listUsage(
  db: Db, principal: Principal, opts: { batchName?: string; beforeId: number | null; limit: number },
): Promise<LedgerRow[]> {
  return ledger.page(db, principal.role === 'owner' ? { poolAccountId: principal.pool.id } : { consumerId: principal.accountId }, opts);
}
