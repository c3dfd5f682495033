import { LANGS, LANGUAGES, type Lang } from '../lang/index.js';
import type { Concept, ConceptLevel, ValueKind } from './types.js';

/** One catalogue entry as written: its aliases as `|`-separated variants; its labels are in the language folders. */
export type ConceptEntry = { id: string; kind: ValueKind; aliases: string; broader?: string };

const split = (s: string) => s.split('|').map((v) => v.trim()).filter((v) => v.length > 0);

/** Turns the compact written form into concepts of one level, each with every language's labels. */
export function defineConcepts(level: ConceptLevel, entries: ConceptEntry[]): Concept[] {
  return entries.map((e) => ({
    id: e.id,
    level,
    kind: e.kind,
    aliases: split(e.aliases),
    labels: Object.fromEntries(LANGS.map((l) => [l, split(LANGUAGES[l].labels[e.id] ?? '')])) as Record<Lang, string[]>,
    ...(e.broader ? { broader: e.broader } : {}),
  }));
}
