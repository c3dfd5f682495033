/** The `api_keys` table: hashes of API keys (the clear key is never stored). */
import type { DbOrTrx } from '../connect.js';
import type { AccountRow, NewApiKey } from '../schema.js';

export async function insert(db: DbOrTrx, values: NewApiKey): Promise<void> {
  await db.insertInto('api_keys').values(values).execute();
}

/** The account a key hash belongs to, with the key's id and revocation time; undefined for an unknown hash. */
export async function holderOf(
  db: DbOrTrx, keyHash: string,
): Promise<(AccountRow & { api_key_id: number; revoked_at: string | null }) | undefined> {
  return db
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .selectAll('accounts')
    .select(['api_keys.id as api_key_id', 'api_keys.revoked_at'])
    .where('api_keys.key_hash', '=', keyHash)
    .executeTakeFirst();
}

/** Ids of the live (not revoked) keys with this hash, or with this visible prefix. */
export async function liveIds(db: DbOrTrx, match: { keyHash: string } | { prefix: string }): Promise<number[]> {
  const q = db.selectFrom('api_keys').select('id');
  const rows = await ('keyHash' in match ? q.where('key_hash', '=', match.keyHash) : q.where('prefix', '=', match.prefix))
    .where('revoked_at', 'is', null).execute();
  return rows.map((r) => r.id);
}

export async function revoke(db: DbOrTrx, id: number, at: string): Promise<void> {
  await db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).execute();
}
