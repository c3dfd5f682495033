/** The `accounts` table: identity, plan and settings, and the cached balance of a credit pool (moved only by src/core/billing/). */
import { sql } from 'kysely';
import { isPostgres, type DbOrTrx, type Trx } from '../connect.js';
import type { AccountRow, AccountUpdate, NewAccount } from '../schema.js';

export async function byId(db: DbOrTrx, id: number): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts an account; returns its id. */
export async function insert(trx: Trx, values: NewAccount): Promise<number> {
  const row = await trx.insertInto('accounts').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function update(trx: Trx, id: number, changes: AccountUpdate): Promise<void> {
  await trx.updateTable('accounts').set(changes).where('id', '=', id).execute();
}

/** The account's id and team owner: whose pool a credit change of this account moves. */
export async function poolRefOf(trx: Trx, id: number): Promise<{ id: number; owner_id: number | null } | undefined> {
  return trx.selectFrom('accounts').select(['id', 'owner_id']).where('id', '=', id).executeTakeFirst();
}

/**
 * Holds the account row until the transaction ends (PostgreSQL; SQLite
 * transactions are serial already). `noKeyUpdate` takes FOR NO KEY UPDATE,
 * which does not hold up inserts elsewhere that reference the account.
 */
export async function lock(trx: Trx, id: number, opts: { noKeyUpdate?: boolean } = {}): Promise<void> {
  if (!isPostgres(trx)) return;
  const q = trx.selectFrom('accounts').select('id').where('id', '=', id);
  await (opts.noKeyUpdate ? q.forNoKeyUpdate() : q.forUpdate()).execute();
}

/**
 * Takes `total` from the pool's balance if it holds that much; false, changing
 * nothing, when it does not. The conditional UPDATE is atomic (and row-locks
 * on PostgreSQL), so racing spends can never overdraw.
 */
export async function takeCredits(trx: Trx, poolId: number, total: number): Promise<boolean> {
  const res = await trx
    .updateTable('accounts')
    .set({ credits: sql`credits - ${total}` })
    .where('id', '=', poolId)
    .where('credits', '>=', total)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Adds `amount` (negative to take) to the pool's balance. */
export async function addCredits(trx: Trx, poolId: number, amount: number): Promise<void> {
  await trx.updateTable('accounts').set({ credits: sql`credits + ${amount}` }).where('id', '=', poolId).execute();
}

export async function creditsOf(trx: Trx, poolId: number): Promise<number | undefined> {
  const row = await trx.selectFrom('accounts').select('credits').where('id', '=', poolId).executeTakeFirst();
  return row?.credits;
}

/** Whether the account's pool (its team owner's, else its own) has auto_annotate_bbox on. */
export async function poolAutoAnnotatesBbox(trx: Trx, accountId: number): Promise<boolean> {
  const row = await trx.selectFrom('accounts as a').leftJoin('accounts as owner', 'owner.id', 'a.owner_id')
    .select(['a.auto_annotate_bbox as own', 'owner.auto_annotate_bbox as pooled']).where('a.id', '=', accountId).executeTakeFirst();
  return (row?.pooled ?? row?.own) === 1;
}

/** Pool owners (accounts that are no team member) with a retention period set. */
export async function poolsWithRetention(db: DbOrTrx): Promise<Array<{ id: number; retention_days: number | null }>> {
  return db.selectFrom('accounts').select(['id', 'retention_days'])
    .where('owner_id', 'is', null).where('retention_days', 'is not', null).execute();
}

/** Subquery: the ids of a pool's accounts (the owner and its team members), for `account_id IN (…)`. */
export function poolMemberIds(db: DbOrTrx, poolId: number) {
  return db.selectFrom('accounts').select('id').where((eb) => eb.or([eb('id', '=', poolId), eb('owner_id', '=', poolId)]));
}
