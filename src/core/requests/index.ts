export { claimKey, completeKey, fingerprintOf, pruneIdempotencyKeys, releaseKey } from './idempotency.js';
export { consumeRequest, pruneRateWindows } from './rate-limit.js';
