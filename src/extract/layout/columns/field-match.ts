/**
 * How well a requested field name matches a header or label text:
 * normalization, abbreviations, a synonym lexicon and fuzzy token matching.
 */

import { levenshtein } from '../../levenshtein.js';
import { ABBREVIATIONS, STOP_WORDS, SYNONYMS } from '../../lexicon.js';

const canonicalOf = new Map<string, string>();
for (const group of SYNONYMS) for (const w of group) if (!canonicalOf.has(w)) canonicalOf.set(w, group[0]);

/** Lower-case tokens with abbreviations expanded ("Qty." → "quantity", "Inv #" → "invoice number"). */
export function normalizeTokens(text: string): string[] {
  const spaced = text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/#/g, ' # ')
    .replace(/%/g, ' % ')
    .replace(/[_/\\\-.:;,()[\]{}'"’*]+/g, ' ');
  const out: string[] = [];
  for (const raw of spaced.split(/\s+/)) {
    if (!raw) continue;
    const expanded = ABBREVIATIONS[raw] ?? raw;
    for (const t of expanded.split(' ')) if (!STOP_WORDS.has(t)) out.push(t);
  }
  return out;
}

function canonical(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const pair = i + 1 < tokens.length ? `${tokens[i]} ${tokens[i + 1]}` : '';
    if (pair && canonicalOf.has(pair)) {
      out.push(canonicalOf.get(pair) as string);
      i++;
    } else {
      out.push(canonicalOf.get(tokens[i]) ?? stem(tokens[i]));
    }
  }
  return out;
}

function stem(t: string): string {
  if (t.length > 4 && t.endsWith('ies')) return `${t.slice(0, -3)}y`;
  if (t.length > 3 && t.endsWith('s') && !t.endsWith('ss')) return t.slice(0, -1);
  return t;
}

/** Field names and header texts repeat across candidates; a bounded memo keeps scoring cheap. */
const tokenMemo = new Map<string, { tokens: string[]; canonical: string[] }>();

function prepared(text: string): { tokens: string[]; canonical: string[] } {
  let p = tokenMemo.get(text);
  if (!p) {
    if (tokenMemo.size > 5000) tokenMemo.clear();
    const tokens = normalizeTokens(text);
    p = { tokens, canonical: canonical(tokens) };
    tokenMemo.set(text, p);
  }
  return p;
}

function tokensOf(text: string): string[] {
  return prepared(text).tokens;
}

function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length >= 3 && b.length >= 3 && (a.startsWith(b) || b.startsWith(a))) return 0.85;
  // Below 0.75 similarity anyway when lengths differ this much; skip the edit distance.
  if (Math.abs(a.length - b.length) > Math.max(a.length, b.length) * 0.25 || Math.max(a.length, b.length) < 5) return 0;
  const d = levenshtein(a, b);
  const ratio = 1 - d / Math.max(a.length, b.length);
  // Typos and OCR slips: one edit in a word of five or more letters.
  return Math.max(a.length, b.length) >= 5 && ratio >= 0.75 ? ratio * 0.9 : 0;
}

/**
 * Similarity in 0..1 between a field name and a header/label. Exact normalized
 * equality scores 1; otherwise a soft Dice coefficient over canonical tokens,
 * so "Unit Price" ~ "Price/Unit" and "Qty" ~ "Quantity".
 */
export function matchScore(field: string, header: string): number {
  const fa = tokensOf(field);
  const ha = tokensOf(header);
  if (fa.length === 0 || ha.length === 0) return 0;
  if (fa.join(' ') === ha.join(' ')) return 1;
  const a = prepared(field).canonical;
  const b = prepared(header).canonical;
  if (a.join(' ') === b.join(' ')) return 0.95;
  // The same letters with the spaces lost or added ("Airpassengersrights", "unitprice").
  const squash = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  if (squash(field) === squash(header)) return 0.95;
  const used = new Set<number>();
  let total = 0;
  for (const t of a) {
    let best = 0;
    let bestJ = -1;
    b.forEach((u, j) => {
      if (used.has(j)) return;
      const s = tokenSimilarity(t, u);
      if (s > best) {
        best = s;
        bestJ = j;
      }
    });
    if (bestJ >= 0) used.add(bestJ);
    total += best;
  }
  const dice = (2 * total) / (a.length + b.length);
  // A header longer than the request ("Total amount (EUR)" for "Total") still names it when it covers every requested word.
  const coverage = total / a.length;
  return Math.min(0.94, Math.max(dice, coverage >= 0.99 ? 0.8 : 0));
}
