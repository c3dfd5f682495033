/**
 * The concept catalogue's face: which concept a requested field name means
 * (`invoice_number`, `invoiceNumber`, `Invoice No.`, `Rechnungsnummer`), and
 * which concepts a label printed on a page names ("Rechnungs-Nr.:").
 */
import { levenshtein } from '../levenshtein.js';
import { DOCUMENT_CONCEPTS } from './document.js';
import { LINE_CONCEPTS } from './line.js';
import { foldLetters, LANGS, LANGUAGE_LIST } from '../lang/index.js';
import { LINK_WORDS, TYPED_LETTERS } from '../lexicon.js';
import type { Concept } from './types.js';
import type { EngineSettings } from '../settings.js';

export type { Concept, ConceptLevel, ValueKind } from './types.js';
export type { Lang } from '../lang/index.js';
export { LANGS } from '../lang/index.js';

/** Every concept, document level first (a name both levels print, "Total", resolves to the document one). */
export const CONCEPTS: readonly Concept[] = [...DOCUMENT_CONCEPTS, ...LINE_CONCEPTS];

const byId = new Map(CONCEPTS.map((c) => [c.id, c]));

// A language's label for a concept the catalogue does not hold is a typo that would never match: refuse it at load.
for (const lang of LANGUAGE_LIST) {
  for (const id of Object.keys(lang.labels)) if (!byId.has(id)) throw new Error(`src/extract/lang/${lang.code}/labels.ts labels "${id}", which is no concept`);
}

/** Words that mean "number" in a label or field name: one token, so "Invoice No.", "Invoice #" and "invoice_number" agree. */
const NUMBER_WORDS = new Set(['no', 'nr', 'n', 'num', 'nbr', 'number', 'numero', 'nummer', 'nro', 'nro.', '#']);

/**
 * Lower-case, accent-free tokens of a name or label: camelCase and
 * snake_case split, punctuation dropped, every "number" word one token, and
 * compounds ending in one ("Rechnungsnr", "Factuurnummer") split before it.
 */
export function conceptTokens(text: string): string[] {
  const spaced = foldLetters(text.replace(/([a-zà-ÿ])([A-Z])/g, '$1 $2').toLowerCase())
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\bn\s*[°º]/g, ' # ')
    .replace(/[°º]/g, ' ')
    .replace(/#/g, ' # ')
    .replace(/%/g, ' % ')
    .replace(/[^a-z0-9#%]+/g, ' ');
  const out: string[] = [];
  for (const t of spaced.split(' ')) {
    if (!t) continue;
    if (NUMBER_WORDS.has(t)) out.push('#');
    else {
      const compound = /^([a-z]{4,}?)(nr|nummer)$/.exec(t);
      if (compound) out.push(compound[1], '#');
      else out.push(t);
    }
  }
  return out;
}

const keyOf = (text: string) => conceptTokens(text).join(' ');

/** A key's words without an English plural ending ("taxes" → "tax", "terms" → "term"; "gross", "address" stay). */
const singularOf = (key: string) =>
  key
    .split(' ')
    .map((t) => t.replace(/^(\w+(?:x|ss|sh|ch))es$/, '$1').replace(/^(\w{2,}[^s])s$/, '$1'))
    .join(' ');

/** Field-name keys: ids and aliases first, then printed labels; the first concept to claim a key keeps it. */
const nameIndex = new Map<string, Concept>();
/** Label keys: every concept printing that label (a label may head a document value and a column, "Total"). */
const labelIndex = new Map<string, Concept[]>();
/** Label keys by length, for the one-slip match of OCR misreadings. */
const labelKeysByLength = new Map<number, string[]>();

function claim(key: string, c: Concept): void {
  if (key && !nameIndex.has(key)) nameIndex.set(key, c);
}
/**
 * A label as a keyboard without its letters types it ("Fälligkeitsdatum" → "Faelligkeitsdatum", the languages'
 * `typed`); `ß` → `ss` is every key's fold already (lang/index.ts).
 */
const transliterated = (label: string): string => TYPED_LETTERS.reduce((t, [from, to]) => t.replace(from, to), label);

for (const c of CONCEPTS) for (const n of [c.id, ...c.aliases]) claim(keyOf(n), c);
/**
 * Each label's keys as printed and as typed ("faelligkeitsdatum", "rechnungsempfaenger" name what the page prints with
 * umlauts), then the same with their spaces run together.
 */
const labelKeys = (label: string): string[] => [...new Set([keyOf(label), keyOf(transliterated(label))])];
for (const c of CONCEPTS) {
  for (const lang of LANGS) {
    for (const label of c.labels[lang]) {
      const key = keyOf(label);
      for (const k of labelKeys(label)) claim(k, c);
      const list = labelIndex.get(key) ?? [];
      if (!list.includes(c)) list.push(c);
      labelIndex.set(key, list);
    }
  }
}
// A name written as one word is the concept printing it so before one whose label it is with the spaces run together:
// "Gesamtbrutto" is gross pay's, "Gesamt brutto" an invoice's total too.
for (const c of CONCEPTS) for (const lang of LANGS) for (const label of c.labels[lang]) for (const k of labelKeys(label)) claim(k.replace(/ /g, ''), c);
/** Name keys with each word singular: a name that differs only in number ("payment_term", "unit_prices") means the same concept. */
const singularIndex = new Map<string, Concept>();
for (const [key, c] of nameIndex) if (!singularIndex.has(singularOf(key))) singularIndex.set(singularOf(key), c);

/**
 * A key without the words that only join the words of a label (the languages' `linkWords`: "Date d'échéance", "Fecha
 * de vencimiento", "Date of issue"): a field name made of the label's words leaves them out ("date_echeance").
 */
const unlinked = (key: string) => key.split(' ').filter((t) => !LINK_WORDS.has(t)).join(' ');
/** Name keys without their joining words, the first concept to claim one keeping it. */
const unlinkedIndex = new Map<string, Concept>();
for (const [key, c] of nameIndex) {
  const k = unlinked(key);
  if (k && !unlinkedIndex.has(k)) unlinkedIndex.set(k, c);
}
for (const key of labelIndex.keys()) {
  const list = labelKeysByLength.get(key.length) ?? [];
  list.push(key);
  labelKeysByLength.set(key.length, list);
}

/** A rate or a unit in brackets that a field named by its printed label carries ("VAT 5%", "IVA (23%)", "Peso bruto (kg)"). */
const NAME_DECORATION = /\([^)]*\)|\b\d{1,2}(?:[.,]\d{1,2})?\s?%/g;

/** The concept a requested field name means, or null (then the field keeps lexical header matching). */
export function resolveConcept(fieldName: string): Concept | null {
  const key = keyOf(fieldName);
  const plain = keyOf(fieldName.replace(NAME_DECORATION, ' '));
  return nameIndex.get(key) ?? nameIndex.get(key.replace(/ /g, '')) ?? (plain ? nameIndex.get(plain) ?? nameIndex.get(plain.replace(/ /g, '')) : undefined) ?? singularIndex.get(singularOf(key)) ?? (unlinked(key) ? unlinkedIndex.get(unlinked(key)) : undefined) ?? null;
}

export function conceptById(id: string): Concept | undefined {
  return byId.get(id);
}

/** The score of a concept's exact label; one decorated or a slip off scores less (settings.concepts). */
export const EXACT_LABEL = 1;

/**
 * Currency words, rates, weight units and notes that decorate a label without changing it ("Total (EUR)", "Betrag
 * in €", "zzgl. 19 % MwSt.", "Waga netto kg"); a scan reads a note's bracket as a brace or a square one ("Total
 * {Inclusive of GST)").
 */
const DECORATION = /[({[][^)}\]]*[)}\]]|\b\d{1,2}(?:[.,]\d{1,2})?\s?%|\b(?:eur|euro|euros|usd|gbp|chf|rm|in|en|incl|inkl|excl|exkl|kg|kgs|lbs?)\b|[€$£:：*]/gi;

type ConceptSettings = EngineSettings['concepts'];

/** Scores of printed labels, one memo per settings (labels repeat across pages and candidates). */
const memos = new WeakMap<ConceptSettings, Map<string, Map<string, number>>>();

/** Concept id → score for a printed label (memoized). */
export function classifyLabel(text: string, settings: EngineSettings): Map<string, number> {
  const C = settings.concepts;
  let classified = memos.get(C);
  if (!classified) memos.set(C, (classified = new Map()));
  const known = classified.get(text);
  if (known) return known;
  const scores = new Map<string, number>();
  const add = (key: string, score: number) => {
    for (const c of labelIndex.get(key) ?? []) scores.set(c.id, Math.max(score, scores.get(c.id) ?? 0));
  };
  const key = keyOf(text);
  add(key, EXACT_LABEL);
  const bare = keyOf(text.replace(DECORATION, ' '));
  if (bare && bare !== key) add(bare, C.decoratedLabel);
  if (scores.size === 0 && key.length >= C.slipMinLetters) {
    for (let len = key.length - 1; len <= key.length + 1; len++) {
      for (const k of labelKeysByLength.get(len) ?? []) if (k[0] === key[0] && levenshtein(k, key) === 1) add(k, C.slipLabel);
    }
  }
  if (classified.size > C.memoEntries) classified.clear();
  classified.set(text, scores);
  return scores;
}

/**
 * Whether a printed label names a concept of an item's line ("Qty", "Unit price", "Amount"), with at least `least` of
 * its score: a column's head rather than a document value's label alone.
 */
export function namesLineConcept(text: string, settings: EngineSettings, least = 0): boolean {
  return [...classifyLabel(text, settings)].some(([id, score]) => conceptById(id)?.level === 'line' && score >= least);
}

/**
 * How well a printed label names `concept`, 0..1: 0 when the label names
 * another concept better ("Subtotal" is not the total, "Due date" not the
 * invoice date).
 */
export function labelScore(concept: Concept, text: string, settings: EngineSettings): number {
  const { broaderShare, narrowerShare } = settings.concepts;
  const scores = classifyLabel(text, settings);
  if (scores.size === 0) return 0;
  let own = scores.get(concept.id) ?? 0;
  let familyRaw = own;
  if (concept.broader) {
    const b = scores.get(concept.broader) ?? 0;
    own = Math.max(own, b * broaderShare);
    familyRaw = Math.max(familyRaw, b);
  }
  for (const [id, s] of scores) {
    if (byId.get(id)?.broader === concept.id) {
      own = Math.max(own, s * narrowerShare);
      familyRaw = Math.max(familyRaw, s);
    }
  }
  for (const [id, s] of scores) {
    const family = id === concept.id || id === concept.broader || byId.get(id)?.broader === concept.id;
    if (!family && s > familyRaw) return 0;
  }
  return own;
}

/** True when the text is a label of some concept (so it is not a value: "Date:" next to "Due date:"). */
export function isConceptLabel(text: string, settings: EngineSettings): boolean {
  return classifyLabel(text, settings).size > 0;
}
