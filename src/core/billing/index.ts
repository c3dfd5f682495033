export { chargeDocuments, refundDocument } from './charges.js';
export { applyCreditChange, debitPool, ledgerSum, recordSpends } from './credits.js';
export { isPlan, isTier, ledgerAction, type Plan, PLAN_LIMITS, type Tier, TIER_MULTIPLIER } from './plans.js';
