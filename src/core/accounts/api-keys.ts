import crypto from 'node:crypto';
import type { DbOrTrx } from '../../db/connect.js';
import * as apiKeys from '../../db/queries/api-keys.js';
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
  await apiKeys.insert(db, {
    account_id: accountId,
    key_hash: hashApiKey(key),
    prefix: key.slice(0, VISIBLE_PREFIX_LENGTH),
    created_at: isoNow(clock),
  });
  return key;
}

/**
 * Revokes by full key or by its visible prefix. A prefix must name exactly one
 * live key; an ambiguous or unknown one is refused so no key is revoked by accident.
 */
export async function revokeApiKey(db: DbOrTrx, clock: Clock, keyOrPrefix: string): Promise<void> {
  const ids = await apiKeys.liveIds(db, keyOrPrefix.length > VISIBLE_PREFIX_LENGTH ? { keyHash: hashApiKey(keyOrPrefix) } : { prefix: keyOrPrefix });
  if (ids.length === 0) throw errors.invalidParameter('api_key', 'No live API key matches.');
  if (ids.length > 1) throw errors.invalidParameter('api_key', 'The prefix matches several keys; give the full key.');
  await apiKeys.revoke(db, ids[0], isoNow(clock));
}
