/**
 * How well a requested field name matches a header or label text:
 * normalization, abbreviations, a synonym lexicon and fuzzy token matching.
 */

import { levenshtein } from '../../levenshtein.js';
import { ABBREVIATIONS, STOP_WORDS, SYNONYMS } from '../../lexicon.js';
import type { EngineSettings } from '../../settings.js';
import { middle } from '../../units.js';

type Match = EngineSettings['columns']['match'];

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

function canonical(tokens: string[], match: Match): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const pair = i + 1 < tokens.length ? `${tokens[i]} ${tokens[i + 1]}` : '';
    if (pair && canonicalOf.has(pair)) {
      out.push(canonicalOf.get(pair) as string);
      i++;
    } else {
      out.push(canonicalOf.get(tokens[i]) ?? stem(tokens[i], match));
    }
  }
  return out;
}

function stem(t: string, match: Match): string {
  if (t.length > match.pluralIesAbove && t.endsWith('ies')) return `${t.slice(0, -'ies'.length)}y`;
  if (t.length > match.pluralSAbove && t.endsWith('s') && !t.endsWith('ss')) return t.slice(0, -1);
  return t;
}

interface Prepared {
  tokens: string[];
  canonical: string[];
}

/**
 * Field names and header texts repeat across candidates; a bounded memo keeps
 * scoring cheap. One per settings: the canonical words depend on them.
 */
const memos = new WeakMap<Match, Map<string, Prepared>>();

function prepared(text: string, match: Match): Prepared {
  let tokenMemo = memos.get(match);
  if (!tokenMemo) memos.set(match, (tokenMemo = new Map()));
  let p = tokenMemo.get(text);
  if (!p) {
    if (tokenMemo.size > match.memoEntries) tokenMemo.clear();
    const tokens = normalizeTokens(text);
    p = { tokens, canonical: canonical(tokens, match) };
    tokenMemo.set(text, p);
  }
  return p;
}

function tokensOf(text: string, match: Match): string[] {
  return prepared(text, match).tokens;
}

function tokenSimilarity(a: string, b: string, match: Match): number {
  const { prefixMinLetters, typoMinLetters, typoMinRatio } = match;
  if (a === b) return 1;
  if (a.length >= prefixMinLetters && b.length >= prefixMinLetters && (a.startsWith(b) || b.startsWith(a))) return match.prefixScore;
  // Below typoMinRatio similarity anyway when lengths differ this much; skip the edit distance.
  if (Math.abs(a.length - b.length) > Math.max(a.length, b.length) * (1 - typoMinRatio) || Math.max(a.length, b.length) < typoMinLetters) return 0;
  const d = levenshtein(a, b);
  const ratio = 1 - d / Math.max(a.length, b.length);
  // Typos and OCR slips: one edit in a word of five or more letters.
  return Math.max(a.length, b.length) >= typoMinLetters && ratio >= typoMinRatio ? ratio * match.typoFactor : 0;
}

/**
 * Similarity in 0..1 between a field name and a header/label. Exact normalized
 * equality scores 1; otherwise a soft Dice coefficient over canonical tokens,
 * so "Unit Price" ~ "Price/Unit" and "Qty" ~ "Quantity".
 */
export function matchScore(field: string, header: string, settings: EngineSettings): number {
  const match = settings.columns.match;
  const fa = tokensOf(field, match);
  const ha = tokensOf(header, match);
  if (fa.length === 0 || ha.length === 0) return 0;
  if (fa.join(' ') === ha.join(' ')) return 1;
  const a = prepared(field, match).canonical;
  const b = prepared(header, match).canonical;
  if (a.join(' ') === b.join(' ')) return match.sameWordsScore;
  // The same letters with the spaces lost or added ("Airpassengersrights", "unitprice").
  const squash = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  if (squash(field) === squash(header)) return match.sameWordsScore;
  const used = new Set<number>();
  let total = 0;
  for (const t of a) {
    let best = 0;
    let bestJ = -1;
    b.forEach((u, j) => {
      if (used.has(j)) return;
      const s = tokenSimilarity(t, u, match);
      if (s > best) {
        best = s;
        bestJ = j;
      }
    });
    if (bestJ >= 0) used.add(bestJ);
    total += best;
  }
  // Dice's coefficient: the words matched over the mean number of words.
  const dice = total / middle(a.length, b.length);
  // A header longer than the request ("Total amount (EUR)" for "Total") still names it when it covers every requested word.
  const coverage = total / a.length;
  return Math.min(match.maxFuzzyScore, Math.max(dice, coverage >= match.fullCoverage ? match.coveredScore : 0));
}
