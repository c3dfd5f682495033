/** Seeded choices: everything a document holds follows from its seed. */
import { rng } from '../../../test/helpers/rng.js';

export type Rand = () => number;

export { rng };

export const pick = <T,>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
export const int = (r: Rand, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
export const chance = (r: Rand, p: number): boolean => r() < p;

/** Mixes a seed with a salt so the kind, language and layout draws of one seed are independent. */
export function mix(seed: number, salt: number): number {
  let h = (seed ^ Math.imul(salt, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}
