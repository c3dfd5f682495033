import type { Db } from '../../db/connect.js';
import * as rateWindows from '../../db/queries/rate-windows.js';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the window resets. */
  reset: number;
}

const WINDOW_SECONDS = 60;

/**
 * Fixed one-minute windows counted in the database, so every API process of a
 * scaled-out deployment shares one budget per key.
 */
export async function consumeRequest(db: Db, bucket: string, limit: number, nowMs: number): Promise<RateDecision> {
  const windowStart = Math.floor(nowMs / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
  const count = await rateWindows.countRequest(db, bucket, windowStart);
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    reset: windowStart + WINDOW_SECONDS,
  };
}

/** Drops windows that ended before `nowMs` (housekeeping). */
export async function pruneRateWindows(db: Db, nowMs: number): Promise<number> {
  const current = Math.floor(nowMs / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
  return rateWindows.removeBefore(db, current);
}
