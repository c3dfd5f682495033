/** Plan and tier tables (docs/decisions.md, Plans, tiers, credits). */
const PLANS = ['free', 'basic', 'pro', 'business'] as const;
export type Plan = (typeof PLANS)[number];

const TIERS = ['standard', 'advanced', 'premium'] as const;
export type Tier = (typeof TIERS)[number];

export interface PlanLimits {
  apiAccess: boolean;
  maxBatchSize: number;
  uploadConcurrency: number;
  maxQueuedDocuments: number;
}

export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: { apiAccess: false, maxBatchSize: 20, uploadConcurrency: 1, maxQueuedDocuments: 20 },
  basic: { apiAccess: true, maxBatchSize: 100, uploadConcurrency: 2, maxQueuedDocuments: 500 },
  pro: { apiAccess: true, maxBatchSize: 500, uploadConcurrency: 4, maxQueuedDocuments: 2_000 },
  business: { apiAccess: true, maxBatchSize: 2_000, uploadConcurrency: 8, maxQueuedDocuments: 10_000 },
};

/** Credits per document (extraction, and a bbox pass) at each tier. */
export const TIER_MULTIPLIER: Record<Tier, number> = { standard: 1, advanced: 3, premium: 6 };

export function isPlan(v: unknown): v is Plan {
  return typeof v === 'string' && (PLANS as readonly string[]).includes(v);
}

export function isTier(v: unknown): v is Tier {
  return typeof v === 'string' && (TIERS as readonly string[]).includes(v);
}

/** Ledger action names: standard tier is unsuffixed, other tiers carry the tier (docs/decisions.md, Plans, tiers, credits). */
export function ledgerAction(kind: 'deduction' | 'refund', tier: Tier): string {
  return tier === 'standard' ? kind : `${kind}_${tier}`;
}
