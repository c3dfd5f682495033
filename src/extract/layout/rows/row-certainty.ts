/**
 * Rows read as items that may be none, less sure (issue 26, "honest
 * confidence"): a row whose article is a summary's label ("Subtotale",
 * "TOTAL": the totals under a receipt's items set like them; a payment's
 * label is no sign, "Carta" is paper and a statement's rows are payments), and a row that fills its article and nothing else asked
 * where other rows print their amounts or counts (a wrapped description's
 * second line, "Family Pack", read as a row of its own). Business tuning scans: such rows came
 * back at 1.0 and were wrong every time.
 */
import type { Concept } from '../../concepts/index.js';
import type { EngineSettings } from '../../settings.js';
import { cellText, isImageRegion, type ExtractedCell, type FieldSpec } from '../../types.js';
import { isSummaryLabel } from '../values/arithmetic.js';

type Row = Record<string, ExtractedCell>;


/** Every value of a row claiming at most `cap`. */
const capped = (row: Row, cap: number): Row =>
  Object.fromEntries(Object.entries(row).map(([n, c]) => [n, !isImageRegion(c) && c.confidence !== undefined && c.confidence > cap ? { ...c, confidence: cap } : c]));

/** The rows with those that may be no item claiming at most settings.rows.doubtfulRowCap. */
export function withDoubtfulRowsCapped(rows: Row[], fields: FieldSpec[], concepts: Array<Concept | null>, settings: EngineSettings): Row[] {
  const article = fields.find((_, i) => concepts[i]?.id === 'description')?.name;
  if (!article) return rows;
  const figures = fields.filter((_, i) => concepts[i]?.level === 'line' && (concepts[i]?.kind === 'money' || concepts[i]?.kind === 'number')).map((f) => f.name);
  const others = fields.map((f) => f.name).filter((n) => n !== article);
  const articleOnly = (r: Row) => others.every((n) => !cellText(r[n]).trim());
  const itemsPrintFigures = rows.filter((r) => figures.some((n) => /\d/.test(cellText(r[n])))).length >= settings.rows.minListItems;
  const isLabel = (text: string) => text.trim() !== '' && isSummaryLabel(text, settings);
  return rows.map((r) => ((itemsPrintFigures && articleOnly(r)) || isLabel(cellText(r[article])) ? capped(r, settings.rows.doubtfulRowCap) : r));
}
