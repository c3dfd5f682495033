/**
 * The memory's values as sure as the page's arithmetic and reading say
 * (issue 26, "honest confidence"), as the general rules' values are: a row
 * whose quantity × unit price is not its line total, rows whose line totals
 * add up to none of the totals the memory reads, totals that do not add up
 * (subtotal + tax = total), and a value read off words the recognizer
 * doubted (or whose decimal mark the page contradicts) claim less. A memory
 * tells where a value stands, not that the scan read it right.
 */
import { checkedConfidence, lineAgreement } from '../layout/values/arithmetic.js';
import { checkTotals } from '../layout/values/misread-amounts.js';
import { withLinesSumChecked } from '../layout/rows/lines-sum.js';
import type { EngineSettings } from '../settings.js';
import { cellText, isImageRegion, type ExtractedCell, type FieldSpec, type Word } from '../types.js';
import { conceptOf, totalParts } from './compete.js';
import { toHundredths } from '../units.js';

type Row = Record<string, ExtractedCell>;


/**
 * A cell made less sure where the arithmetic fails; kept where it holds or cannot tell: a memory's value is as sure
 * as the page matches what it learned, and never as sure as a person's (1), however well it adds up.
 */
function moved(c: ExtractedCell | undefined, agreement: boolean | null, settings: EngineSettings): ExtractedCell | undefined {
  if (!c || isImageRegion(c) || !c.value || c.confidence === undefined || agreement !== false) return c;
  return { ...c, confidence: toHundredths(checkedConfidence(c.confidence, agreement, settings)) };
}

/** The cells of `checked` no surer than in `rows`. */
const noSurer = (rows: Row[], checked: Row[]): Row[] => checked.map((r, k) => Object.fromEntries(Object.entries(r).map(([n, c]) => {
  const was = rows[k][n];
  const before = was && !isImageRegion(was) ? was.confidence : undefined;
  return [n, !isImageRegion(c) && c.confidence !== undefined && before !== undefined && c.confidence > before ? { ...c, confidence: before } : c];
})));

/**
 * The memory's rows checked as the general rules check theirs: each row's quantity × unit price against its line
 * total, then Σ line totals against the totals the memory reads under the table (lines-sum.ts); only ever less sure.
 */
export function checkedMemoryRows(rows: Row[], fields: FieldSpec[], printedTotals: number[], settings: EngineSettings): Row[] {
  const concepts = fields.map((f) => conceptOf(f.name, 'line', settings));
  const name = (id: string) => fields[concepts.findIndex((c) => c?.id === id)]?.name;
  const [q, p, t] = [name('quantity'), name('unit_price'), name('line_total')];
  const own = q && p && t
    ? rows.map((r) => {
        const agreement = lineAgreement(cellText(r[q]), cellText(r[p]), cellText(r[t]), settings);
        const out = { ...r };
        for (const n of [q, p, t]) if (out[n]) out[n] = moved(out[n], agreement, settings)!;
        return out;
      })
    : rows;
  // The totals the memory reads stand under its rows.
  return noSurer(own, withLinesSumChecked(own, fields, concepts, printedTotals.map((value) => ({ value, top: Infinity })), settings));
}

/**
 * The document totals the memory read (by index of the request) checked by subtotal + tax − discount + shipping =
 * total, with the general answer's words for the parts the memory did not read.
 */
export function checkedMemoryTotals(cells: Map<number, ExtractedCell>, words: Map<number, Word[]>, names: string[], generalWords: (i: number) => Word[], settings: EngineSettings): Map<number, ExtractedCell> {
  const parts = totalParts(names, settings);
  if (![...parts.values()].some((i) => cells.has(i))) return cells;
  const checks = checkTotals(Object.fromEntries([...parts].map(([part, i]) => [part, words.get(i) ?? generalWords(i)])), settings);
  const out = new Map(cells);
  for (const [part, i] of parts) if (out.has(i)) out.set(i, moved(out.get(i), checks[part].agreement, settings)!);
  return out;
}
