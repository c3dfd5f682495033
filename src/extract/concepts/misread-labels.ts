/**
 * Labels a scan misread: OCR swaps letters of like shape ("rn" for "m", "1"
 * for "l", "0" for "o", "cl" for "d"), drops or adds a space ("Unitprice"),
 * and slips a letter in a short word ("Towal" for "Total"). A text that is no
 * label as read is matched to the printed label it is nearest, by an edit
 * distance where a swap of like shapes costs less than any other edit, when
 * one label (one set of concepts) is clearly nearest. The callers ask this only
 * of words a scan read, and only where no label as read answers.
 */
import { classifyLabel, conceptTokens, labelKeys } from './index.js';
import type { EngineSettings } from '../settings.js';

type Misread = EngineSettings['concepts']['misread'];

/** Single characters OCR reads one for the other (keys are lower case, accents folded). */
const ALIKE_CHARS = ['il1j', 'lt', 'ft', 'o0', 'oc', 'ce', 'ao', 's5', 'z2', 'b6', 'b8', 'g9', 'gq', 'uv', 'un', 'hb'];
/** Letter groups OCR reads for another group or letter. */
const ALIKE_RUNS: Array<[string, string]> = [
  ['rn', 'm'],
  ['in', 'm'],
  ['ri', 'n'],
  ['cl', 'd'],
  ['vv', 'w'],
  ['li', 'h'],
  ['ii', 'u'],
];

const alike = new Set<string>();
for (const group of ALIKE_CHARS) for (const a of group) for (const b of group) if (a !== b) alike.add(a + b);

/**
 * Edit distance between two label keys where a swap of like shapes
 * (ALIKE_CHARS, ALIKE_RUNS) costs `m.alikeCost` and a space added or dropped
 * `m.spaceCost`; any other insertion, deletion or substitution costs 1.
 */
export function ocrDistance(a: string, b: string, m: Misread): number {
  const d = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  const indel = (c: string) => (c === ' ' ? m.spaceCost : 1);
  for (let i = 1; i <= a.length; i++) d[i][0] = d[i - 1][0] + indel(a[i - 1]);
  for (let j = 1; j <= b.length; j++) d[0][j] = d[0][j - 1] + indel(b[j - 1]);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const x = a[i - 1];
      const y = b[j - 1];
      let best = Math.min(d[i - 1][j] + indel(x), d[i][j - 1] + indel(y), d[i - 1][j - 1] + (x === y ? 0 : alike.has(x + y) ? m.alikeCost : 1));
      for (const [p, q] of ALIKE_RUNS) {
        for (const [u, v] of [[p, q], [q, p]]) {
          if (i >= u.length && j >= v.length && a.endsWith(u, i) && b.endsWith(v, j)) best = Math.min(best, d[i - u.length][j - v.length] + m.alikeCost);
        }
      }
      d[i][j] = best;
    }
  }
  return d[a.length][b.length];
}

/** A label near a misread text: its misreads' cost, the most its letters allow, and the concepts it names. */
interface Near {
  cost: number;
  allowed: number;
  ids: string[];
}

/** The words a label's "#" stands for, as a compound prints them ("Rechnungsnummer", "Invoice number", "Kundennr"). */
const NUMBER_SPELLINGS = ['nummer', 'number', 'numero', 'nr', 'no'];

/** The labels within their allowed misreads and a margin of a text's key, one memo per settings (heads and labels repeat). */
const memos = new WeakMap<Misread, Map<string, Near[]>>();

function nearLabels(text: string, settings: EngineSettings): Near[] {
  const m = settings.concepts.misread;
  let memo = memos.get(m);
  if (!memo) memos.set(m, (memo = new Map()));
  let near = memo.get(text);
  if (!near) {
    near = findNear(text, settings);
    if (memo.size > settings.concepts.memoEntries) memo.clear();
    memo.set(text, near);
  }
  return near;
}

const lettersOf = (key: string) => key.replace(/[^a-z]/g, '').length;

function findNear(text: string, settings: EngineSettings): Near[] {
  const m = settings.concepts.misread;
  const key = conceptTokens(text).join(' ');
  if (lettersOf(key) < m.minLetters || (key.match(/\d/g)?.length ?? 0) > m.maxDigits || classifyLabel(text, settings).size > 0) return [];
  const out: Near[] = [];
  const cheapest = Math.min(m.spaceCost, m.alikeCost);
  for (const [label, concepts] of labelKeys()) {
    const spellings = label.includes('#') ? NUMBER_SPELLINGS.map((n) => label.replace(/#/g, n)) : [label];
    let best: Near | null = null;
    for (const spelt of spellings) {
      const allowed = Math.max(m.alikeCost, lettersOf(spelt) * m.maxShare);
      if (lettersOf(spelt) < m.minLetters || Math.abs(spelt.length - key.length) * cheapest > allowed + m.margin) continue;
      const cost = ocrDistance(key, spelt, m);
      if (cost <= allowed + m.margin && (!best || cost - allowed < best.cost - best.allowed)) best = { cost, allowed, ids: concepts.map((c) => c.id) };
    }
    if (best) out.push(best);
  }
  return out;
}

/**
 * Concept id → score (settings.concepts.misread.score) for a text no label
 * names as read, when one printed label is within the misreads its length
 * allows (`maxShare` of its letters, `minLetters` at least) and every label
 * naming other concepts is `margin` further. Labels naming only concepts in
 * `named` (what other heads of the table name as read) are no rival: a
 * table prints a column once. A text with more than `maxDigits` digits is a
 * value, never a label.
 */
export function classifyMisreadLabel(text: string, settings: EngineSettings, named: ReadonlySet<string> = new Set()): ReadonlyMap<string, number> {
  const m = settings.concepts.misread;
  const near = nearLabels(text, settings).filter((n) => n.ids.some((id) => !named.has(id)));
  const within = near.filter((n) => n.cost <= n.allowed).sort((a, b) => a.cost - b.cost);
  const best = within[0];
  if (!best) return new Map();
  const same = (n: Near) => n.ids.length === best.ids.length && n.ids.every((id) => best.ids.includes(id));
  // Another label naming other concepts about as near: the scan's word could be either.
  if (near.some((n) => !same(n) && n.cost < best.cost + m.margin)) return new Map();
  return new Map(best.ids.map((id) => [id, m.score]));
}
