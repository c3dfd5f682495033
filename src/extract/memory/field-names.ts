/** Whether a learned field answers a requested one: the same name (case and punctuation aside) or the same concept. */
import { resolveConcept } from '../concepts/index.js';

const key = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

export const sameName = (learned: string, asked: string): boolean => key(learned) === key(asked);

export function sameField(learned: string, asked: string): boolean {
  if (sameName(learned, asked)) return true;
  const a = resolveConcept(learned);
  return a !== null && a.id === resolveConcept(asked)?.id;
}
