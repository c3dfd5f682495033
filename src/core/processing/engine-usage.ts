import type { Db } from '../../db/connect.js';
import * as batches from '../../db/queries/batches.js';
import * as pageEngineUsage from '../../db/queries/page-engine-usage.js';
import { errors } from '../../errors.js';

/**
 * The operator's per-batch view of what the engines spent (tokens at a model
 * server, requests) beside the credits the pages kept, so a model bill can be
 * reconciled with the credits ledger (README "Model engine").
 */

export interface EngineUsageGroup {
  tier: string;
  engine: string;
  model: string | null;
  pages: number;
  succeeded: number;
  failed: number;
  tokens_in: number;
  tokens_out: number;
  requests: number;
  /** Credits the succeeded pages kept (failed pages were refunded). */
  credits: number;
}

export interface EngineUsageSummary {
  account_id: number;
  batch_name: string;
  totals: Omit<EngineUsageGroup, 'tier' | 'engine' | 'model'>;
  by_engine: EngineUsageGroup[];
}

export async function batchEngineUsage(db: Db, accountId: number, batchName: string): Promise<EngineUsageSummary> {
  const batch = await batches.byName(db, accountId, batchName);
  if (!batch) throw errors.batchNotFound(batchName);
  const rows = await pageEngineUsage.ofBatch(db, batch.id);
  const zero = () => ({ pages: 0, succeeded: 0, failed: 0, tokens_in: 0, tokens_out: 0, requests: 0, credits: 0 });
  const totals = zero();
  const groups = new Map<string, EngineUsageGroup>();
  for (const row of rows) {
    const key = JSON.stringify([row.tier, row.engine, row.model]);
    const group = groups.get(key) ?? { tier: row.tier, engine: row.engine, model: row.model, ...zero() };
    groups.set(key, group);
    for (const sum of [group, totals]) {
      sum.pages++;
      if (row.outcome === 'succeeded') sum.succeeded++;
      else sum.failed++;
      // PostgreSQL's driver may hand integers back as strings.
      sum.tokens_in += Number(row.tokens_in);
      sum.tokens_out += Number(row.tokens_out);
      sum.requests += Number(row.requests);
      sum.credits += Number(row.credits);
    }
  }
  const byEngine = [...groups.values()].sort((a, b) => a.tier.localeCompare(b.tier) || a.engine.localeCompare(b.engine) || (a.model ?? '').localeCompare(b.model ?? ''));
  return { account_id: accountId, batch_name: batchName, totals, by_engine: byEngine };
}
