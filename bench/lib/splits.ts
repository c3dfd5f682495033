/**
 * Tuning and held-out splits, for every bench that scores accuracy. Rules are
 * changed while looking at the tuning split only; the held-out split is
 * reported beside it and never read case by case, so a rule that lifts only
 * the tuning figure shows as one (docs/measurements.md, "Splits").
 *
 * - Generated documents (bench/lib/business, test/fixtures/extract): by a hash
 *   of the seed, about half each. Seeds that were `dev` before the rename are
 *   `tuning`, `test` ones `heldout`.
 * - Real documents (the shared datasets, read where they lie): by a hash of
 *   the sender, so no merchant or issuer has documents on both sides (the same
 *   till or template on both sides would leak a layout). The sender is
 *   {@link realSender}'s key.
 */
import { mix } from './business/random.js';

export type Split = 'tuning' | 'heldout';

export const SPLITS: readonly Split[] = ['tuning', 'heldout'];

/** A generated document's split from its seed (the same hash as the earlier dev/test split). */
export function seedSplit(seed: number): Split {
  return mix(seed, 0x5eed) % 2 === 0 ? 'tuning' : 'heldout';
}

/** The seeds of a split in order, from `start`. */
export function splitSeeds(split: Split, count: number, start = 1): number[] {
  const out: number[] = [];
  for (let s = start; out.length < count; s++) if (seedSplit(s) === split) out.push(s);
  return out;
}

/**
 * The sender hash: FNV-1a of the key, mixed with a salt. The salt (201) was
 * fixed before any score was read, as the first that leaves each real source
 * with two or more senders on both sides at about half each, keeps the one
 * sender with line-item truth (the ZUGFeRD examples' Musterlieferant) in
 * tuning and holds out the French FNFE-MPE examples, so both sides have
 * invoices.
 */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return mix(h, 201);
}

/** A real document's split from its sender key. */
export function senderSplit(sender: string): Split {
  return hashText(sender) % 2 === 0 ? 'tuning' : 'heldout';
}

/** Words that open many unrelated shop names and say nothing of the sender (Malay and English shop words). */
const GENERIC = new Set(['the', 'restoran', 'restaurant', 'kedai', 'syarikat', 'perniagaan', 'pasaraya', 'pasar', 'raya', 'mr']);

/**
 * A shop's name reduced to its first telling word, so the branches of one
 * chain (`GARDENIA BAKERIES (KL) SDN BHD`, `BHPETROL SUBANG AIRPORT`) share a
 * sender: branches print on the same till system.
 */
export function chainKey(name: string): string {
  const words = name.toLowerCase().replace(/\(.*?\)/g, ' ').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.find((w) => !GENERIC.has(w)) ?? words.join(' ');
}

/** What {@link realSender} reads of a case of the kie-dev format (kie-dev/README.md in the datasets folder). */
export interface RealCaseRef {
  source: string;
  /** The source document: `rde-<merchant>_<date>_...` for the German receipts, a series id for the invoices. */
  doc: string;
  fields?: Record<string, string>;
}

/**
 * The sender of a real case: the merchant (receipts) or the seller (invoices).
 * German receipts name the merchant in the file name their scanner gave;
 * SROIE labels it as `merchant_name` (reduced to the chain); invoices name
 * the seller in their truth. An invoice whose truth has no seller falls back
 * to its document series (the doc id without its last `-` part). `others`
 * holds the cases of the same set, so a line-item case takes the seller of
 * the fields case of its document.
 */
export function realSender(c: RealCaseRef, others: readonly RealCaseRef[] = []): string {
  if (c.source === 'receipts-de') return `${c.source}:${c.doc.replace(/^rde-/, '').split('_')[0].toLowerCase()}`;
  const named = (x: RealCaseRef) => x.fields?.merchant_name ?? x.fields?.seller_name;
  const name = named(c) ?? named(others.find((o) => o.doc === c.doc && named(o)) ?? c);
  if (name) return `${c.source === 'sroie' ? 'sroie' : 'invoice'}:${c.source === 'sroie' ? chainKey(name) : name.toLowerCase().replace(/\s+/g, ' ').trim()}`;
  return `${c.source}:${c.doc.replace(/-[^-]*$/, '')}`;
}

/** The split of a real case (by its sender). */
export function realSplit(c: RealCaseRef, others: readonly RealCaseRef[] = []): Split {
  return senderSplit(realSender(c, others));
}

/**
 * The split of an ICDAR 2013 document (`eu-001`, `us-012`). The set names no
 * issuing agency, so each document is its own sender (a document's `a`/`b`
 * tables stay together).
 */
export function icdarSplit(doc: string): Split {
  return senderSplit(`icdar:${doc.replace(/[ab]$/, '')}`);
}

/** `--split tuning,heldout` (or `tuning`, `heldout`; `dev`/`test` read as the old names); default both. */
export function parseSplits(value: string | undefined): Split[] {
  if (!value) return [...SPLITS];
  const named = value.split(',').map((s) => s.trim()).map((s) => (s === 'dev' ? 'tuning' : s === 'test' ? 'heldout' : s));
  const bad = named.filter((s) => !SPLITS.includes(s as Split));
  if (bad.length) throw new Error(`--split: unknown split ${bad.join(', ')} (tuning, heldout)`);
  return named as Split[];
}
