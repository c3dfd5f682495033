import { LANGS, type Concept, type ConceptLevel, type Lang, type ValueKind } from './types.js';

/** One catalogue entry as written: aliases and each language's labels as `|`-separated variants. */
export type ConceptEntry = { id: string; kind: ValueKind; aliases: string; broader?: string } & Record<Lang, string>;

const split = (s: string) => s.split('|').map((v) => v.trim()).filter((v) => v.length > 0);

/** Turns the compact written form into concepts of one level. */
export function defineConcepts(level: ConceptLevel, entries: ConceptEntry[]): Concept[] {
  return entries.map((e) => ({
    id: e.id,
    level,
    kind: e.kind,
    aliases: split(e.aliases),
    labels: Object.fromEntries(LANGS.map((l) => [l, split(e[l])])) as Record<Lang, string[]>,
    ...(e.broader ? { broader: e.broader } : {}),
  }));
}
