import type { Clock, IdSource } from '../../clock.js';
import { errors } from '../../errors.js';

/** docs/decisions.md, Names and ids: 1..50 characters of [A-Za-z0-9._-], so a name is safe in a URL path. */
const BATCH_NAME = /^[A-Za-z0-9._-]+$/;
const MAX_BATCH_NAME_LENGTH = 50;

export function assertBatchName(name: string): void {
  if (name.length === 0 || name.length > MAX_BATCH_NAME_LENGTH) {
    throw errors.invalidParameter('batch_name', `batch_name must be 1 to ${MAX_BATCH_NAME_LENGTH} characters (got ${name.length}).`);
  }
  if (!BATCH_NAME.test(name)) {
    throw errors.invalidParameter('batch_name', 'batch_name may contain only letters, digits, ".", "_" and "-".');
  }
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** `batch_<yyyymmdd>_<8 lowercase base32 chars>` (docs/decisions.md, Names and ids); 40 random bits make collisions negligible. */
export function generateBatchName(clock: Clock, ids: IdSource): string {
  const day = clock.now().toISOString().slice(0, 10).replace(/-/g, '');
  const bytes = ids.randomBytes(5);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let suffix = '';
  for (let i = 7; i >= 0; i--) suffix += BASE32[Number((bits >> BigInt(i * 5)) & 31n)];
  return `batch_${day}_${suffix}`;
}
