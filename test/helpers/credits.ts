import { expect } from 'vitest';
import type { Db } from '../../src/db/connect.js';
import { ledgerSum } from '../../src/core/billing/index.js';

/** The money invariant: for every credit pool, the balance equals the sum of its ledger. */
export async function expectCreditsInvariant(db: Db): Promise<void> {
  const pools = await db.selectFrom('accounts').select(['id', 'credits']).where('owner_id', 'is', null).execute();
  for (const pool of pools) {
    expect({ account: pool.id, credits: pool.credits }).toEqual({ account: pool.id, credits: await ledgerSum(db, pool.id) });
  }
  const duplicates = await db
    .selectFrom('ledger_entries')
    .select(['dedupe_key'])
    .where('dedupe_key', 'is not', null)
    .groupBy('dedupe_key')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  expect(duplicates).toEqual([]);
}
