import crypto from 'node:crypto';
import type { DbOrTrx } from '../../db/connect.js';
import { isoNow, type Clock, type IdSource } from '../../clock.js';
import { errors } from '../../errors.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const API_KEY_PREFIX = 'dr_live_';
/** Characters of a key kept in clear so an operator can name it (dr_live_ + 6). */
const VISIBLE_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

export function hashApiKey(key: string): string {
  return crypto.createHash('sha256').update(key).digest('hex');
}

function randomBase62(ids: IdSource, length: number): string {
  let out = '';
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 62).
  while (out.length < length) {
    for (const byte of ids.randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** Creates a key for the account; the clear key is returned once and only its hash is stored. */
export async function createApiKey(db: DbOrTrx, clock: Clock, ids: IdSource, accountId: number): Promise<string> {
  const key = API_KEY_PREFIX + randomBase62(ids, 32);
  await db
    .insertInto('api_keys')
    .values({
      account_id: accountId,
      key_hash: hashApiKey(key),
      prefix: key.slice(0, VISIBLE_PREFIX_LENGTH),
      created_at: isoNow(clock),
    })
    .execute();
  return key;
}

/**
 * Revokes by full key or by its visible prefix. A prefix must name exactly one
 * live key; an ambiguous or unknown one is refused so no key is revoked by accident.
 */
export async function revokeApiKey(db: DbOrTrx, clock: Clock, keyOrPrefix: string): Promise<void> {
  const rows = keyOrPrefix.length > VISIBLE_PREFIX_LENGTH
    ? await db.selectFrom('api_keys').select('id').where('key_hash', '=', hashApiKey(keyOrPrefix)).where('revoked_at', 'is', null).execute()
    : await db.selectFrom('api_keys').select('id').where('prefix', '=', keyOrPrefix).where('revoked_at', 'is', null).execute();
  if (rows.length === 0) throw errors.invalidParameter('api_key', 'No live API key matches.');
  if (rows.length > 1) throw errors.invalidParameter('api_key', 'The prefix matches several keys; give the full key.');
  await db.updateTable('api_keys').set({ revoked_at: isoNow(clock) }).where('id', '=', rows[0].id).execute();
}
