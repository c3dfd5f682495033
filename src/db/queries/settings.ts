/** The `settings` table: service-wide values (JSON), such as the page-token key and the processing pause switch. */
import crypto from 'node:crypto';
import type { Db } from '../connect.js';
import { isoNow, type Clock } from '../../clock.js';

/**
 * Returns the service-wide secret stored under `key`, creating it on first use.
 * Concurrent first starts agree because the insert ignores a conflict and everyone re-reads.
 */
export async function serviceSecret(db: Db, clock: Clock, key: string): Promise<Buffer> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(crypto.randomBytes(32).toString('base64')), updated_at: isoNow(clock) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return Buffer.from(JSON.parse(row.value) as string, 'base64');
}

export async function writeSetting(db: Db, clock: Clock, key: string, value: unknown): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value), updated_at: isoNow(clock) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: isoNow(clock) }))
    .execute();
}
