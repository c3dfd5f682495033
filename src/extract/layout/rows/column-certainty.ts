/**
 * How far a column's values bear out the concept its head names: a column
 * of amounts, counts, codes, dates or rates whose cells mostly print
 * something else (words under "Art.-Nr." where the scan joined two heads) was
 * named wrongly, however well its head reads (docs/engine.md, "Confidence").
 */
import type { ValueKind } from '../../concepts/index.js';
import type { Word } from '../../types.js';
import type { EngineSettings } from '../../settings.js';
import type { TableRow } from '../tables/table-rows.js';
import { withoutStrokes, withoutUnitWord } from '../tables/data-values.js';
import { fitValue } from '../values/value-kinds.js';
import { splitStackedCell } from '../columns/stacked-heads.js';
import { withoutTaxClass } from './tax-classes.js';

/** Kinds a value's shape tells; text, names and addresses print anything. */
const SHAPED: ReadonlySet<ValueKind> = new Set(['money', 'number', 'identifier', 'date', 'percent']);

/** A cell's words as a value of `kind`: an amount without its tax class, a date without strokes, a count without its unit word. */
export function valueWords(kind: ValueKind | undefined, specKind: string | undefined, words: Word[]): Word[] {
  if (kind === 'money') return withoutTaxClass(words);
  if (kind === 'date') return withoutStrokes(words);
  return kind === 'number' && specKind === 'number' ? withoutUnitWord(words) : words;
}

/**
 * Whether a cell's words are a value of `kind`, and wholly one where the
 * kind's shape tells: a code cell that also holds the description a scan
 * split off its line, or an amount with a word beside it, only partly is.
 */
export function fitsWholly(kind: ValueKind, words: Word[], settings: EngineSettings): boolean {
  const fit = fitValue(kind, words, settings);
  return fit !== null && (!SHAPED.has(kind) || fit.length === words.length);
}

/**
 * The share of its confidence a column (or one line of its two-line cells,
 * `part`) keeps: all when at least settings.rows.columnKindShare of its
 * filled cells are wholly a value of the kind, else settings.rows.kindMisfit.
 */
export function columnKindShare(rows: TableRow[], column: number, part: 'upper' | 'lower' | undefined, kind: ValueKind | undefined, specKind: string | undefined, settings: EngineSettings): number {
  if (column < 0 || !kind || !SHAPED.has(kind)) return 1;
  let filled = 0;
  let whole = 0;
  for (const r of rows) {
    const cellWords = r.cells[column].words;
    const words = valueWords(kind, specKind, part ? splitStackedCell(cellWords)[part] : cellWords);
    if (words.length === 0) continue;
    filled++;
    if (fitsWholly(kind, words, settings)) whole++;
  }
  return filled === 0 || whole >= settings.rows.columnKindShare * filled ? 1 : settings.rows.kindMisfit;
}
