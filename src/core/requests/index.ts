export { claimKey, completeKey, fingerprintOf, IDEMPOTENCY_RETENTION_MS, releaseKey } from './idempotency.js';
export { consumeRequest } from './rate-limit.js';
