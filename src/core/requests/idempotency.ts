import crypto from 'node:crypto';
import type { Db } from '../../db/connect.js';
import * as idempotencyKeys from '../../db/queries/idempotency-keys.js';
import type { Clock } from '../../clock.js';

/** Idempotency keys (docs/decisions.md, Idempotency in full): Stripe semantics, 24 h retention, scope account + method + route. */
const IDEMPOTENCY_RETENTION_MS = 24 * 3600 * 1000;
/** A claim older than this whose request never finished (process crash) may be taken over. */
const CLAIM_LEASE_MS = 120_000;

export type IdempotencyScope = idempotencyKeys.KeyScope;

export interface StoredResponse {
  status: number;
  body: string;
  headers: Record<string, string>;
}

export type ClaimResult =
  | { kind: 'claimed'; id: number }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'mismatch' }
  | { kind: 'in_flight' };

/** Canonical JSON: object keys sorted at every depth, so key order never changes a fingerprint. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function fingerprintOf(parts: unknown): string {
  return crypto.createHash('sha256').update(canonicalJson(parts)).digest('hex');
}

/**
 * Claims the key for this request, or says how to answer instead. Expired
 * records (older than 24 h) are treated as absent.
 */
export async function claimKey(db: Db, clock: Clock, scope: IdempotencyScope, fingerprint: string): Promise<ClaimResult> {
  const now = clock.now();
  const lockedUntil = new Date(now.getTime() + CLAIM_LEASE_MS).toISOString();
  const claimed = await idempotencyKeys.claim(db, {
    account_id: scope.accountId,
    method: scope.method,
    route: scope.route,
    key: scope.key,
    fingerprint,
    state: 'running',
    locked_until: lockedUntil,
    created_at: now.toISOString(),
  });
  if (claimed !== undefined) return { kind: 'claimed', id: claimed };

  const row = await idempotencyKeys.inScope(db, scope);
  if (!row) return claimKey(db, clock, scope, fingerprint); // deleted between our two statements
  const expired = now.getTime() - Date.parse(row.created_at) > IDEMPOTENCY_RETENTION_MS;
  const abandoned = row.state === 'running' && row.locked_until !== null && row.locked_until < now.toISOString();
  if (expired || abandoned) {
    // Take over atomically: only one racer's conditional update matches the old row.
    const taken = await idempotencyKeys.takeOver(db, row, {
      fingerprint, state: 'running', locked_until: lockedUntil, created_at: now.toISOString(), response_status: null, response_body: null, response_headers: null,
    });
    if (taken) return { kind: 'claimed', id: row.id };
    return claimKey(db, clock, scope, fingerprint);
  }
  if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
  if (row.state === 'done') {
    return {
      kind: 'replay',
      response: { status: row.response_status!, body: row.response_body ?? '', headers: JSON.parse(row.response_headers ?? '{}') },
    };
  }
  return { kind: 'in_flight' };
}

export async function completeKey(db: Db, id: number, response: StoredResponse): Promise<void> {
  await idempotencyKeys.complete(db, id, { status: response.status, body: response.body, headers: JSON.stringify(response.headers) });
}

/** 5xx answers are not kept: the client may retry with the same key. */
export async function releaseKey(db: Db, id: number): Promise<void> {
  await idempotencyKeys.remove(db, id);
}

/** Drops keys older than their 24 h life (housekeeping); a replay after that runs the request again. */
export async function pruneIdempotencyKeys(db: Db, clock: Clock): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - IDEMPOTENCY_RETENTION_MS).toISOString();
  return idempotencyKeys.removeCreatedBefore(db, cutoff);
}
