import type { Db } from '../../db/connect.js';
import type { LedgerRow } from '../../db/schema.js';
import type { Principal } from './accounts.js';

/**
 * The usage ledger as a caller sees it, newest first: an owner sees every
 * entry of its pool, a team member only the entries it consumed.
 */
export async function listUsage(
  db: Db, principal: Principal, opts: { batchName?: string; beforeId: number | null; limit: number },
): Promise<LedgerRow[]> {
  let q = db.selectFrom('ledger_entries').selectAll();
  q = principal.role === 'owner'
    ? q.where('pool_account_id', '=', principal.pool.id)
    : q.where('consumer_id', '=', principal.accountId);
  if (opts.batchName !== undefined) q = q.where('batch_name', '=', opts.batchName);
  if (opts.beforeId !== null) q = q.where('id', '<', opts.beforeId);
  return q.orderBy('id', 'desc').limit(opts.limit).execute();
}
