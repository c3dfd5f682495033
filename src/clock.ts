import crypto from 'node:crypto';
import { monotonicFactory } from 'ulid';

/** Time and randomness come from here so tests can pin them. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}

export interface IdSource {
  /** A ULID: time-ordered, so ids sort in creation order. */
  ulid(): string;
  /** Random bytes for secrets and keys. */
  randomBytes(n: number): Buffer;
}

export function systemIds(): IdSource {
  const next = monotonicFactory();
  return { ulid: () => next(), randomBytes: (n) => crypto.randomBytes(n) };
}
