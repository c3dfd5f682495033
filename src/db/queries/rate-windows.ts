/** The `rate_windows` table: requests counted per bucket (an API key) and fixed window. */
import { sql } from 'kysely';
import type { Db } from '../connect.js';

/** Counts one request in the bucket's window; returns the window's count including it. */
export async function countRequest(db: Db, bucket: string, windowStart: number): Promise<number> {
  const row = await db
    .insertInto('rate_windows')
    .values({ bucket, window_start: windowStart, count: 1 })
    .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql`rate_windows.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Deletes windows that started before `windowStart`; returns how many. */
export async function removeBefore(db: Db, windowStart: number): Promise<number> {
  const res = await db.deleteFrom('rate_windows').where('window_start', '<', windowStart).executeTakeFirst();
  return Number(res.numDeletedRows);
}
