/**
 * The items' line totals against the page's totals (issue 26, "honest
 * confidence"): Σ line totals ≈ subtotal (or the total, or the total less
 * the tax, where the page prints no subtotal) confirms every line total; a
 * sum over it says a row is no item or an amount was misread, and the rows
 * its own arithmetic does not confirm are less sure; a column other than the
 * line totals' that adds up to the subtotal says the asked columns were
 * named one off (a head set left of its column), and none of them is sure.
 *
 * A sum under the page's totals says nothing: a page of an invoice of
 * several prints only its part of the items beside a subtotal of all of them
 * (or beside a carried-forward amount), and a row the stages missed leaves
 * the others right.
 */
import type { CellValue, ExtractedCell, FieldSpec } from '../../types.js';
import { cellText, isImageRegion } from '../../types.js';
import type { Concept } from '../../concepts/index.js';
import type { EngineSettings } from '../../settings.js';
import { toHundredths } from '../../units.js';
import type { Line } from '../lines/lines.js';
import type { TableRow } from '../tables/table-rows.js';
import { findTotals } from '../fields/document-totals.js';
import { agrees, amountValue, checkedConfidence, lineAgreement } from '../values/arithmetic.js';

type Row = Record<string, ExtractedCell>;

/** A printed amount of the page's totals a Σ of its items may be. */
export interface SumTarget {
  value: number;
  /** Top of its words: a total printed above the items is a carried-forward amount, not theirs. */
  top: number;
}

/**
 * What the items' line totals add up to on this page: the subtotal, the total
 * and the total less the tax, each where read (values/arithmetic.ts chose
 * them so that they add up). `skip`: the item lines, which print no totals.
 */
export function itemSumTargets(lines: Line[], skip: Set<Line>, settings: EngineSettings): SumTarget[] {
  const totals = findTotals(lines, skip, settings);
  const read = (id: string) => {
    const v = totals.get(id);
    const value = v?.value ? amountValue(v.value) : null;
    return v && value !== null && v.words.length ? { value, top: Math.min(...v.words.map((w) => w.box.y1)) } : null;
  };
  const [subtotal, total, tax] = [read('subtotal'), read('total_amount'), read('tax_amount')];
  const out = [subtotal, total].filter((t): t is SumTarget => t !== null && t.value > 0);
  if (total && tax && tax.value > 0 && tax.value < total.value) out.push({ value: toHundredths(total.value - tax.value), top: total.top });
  return out;
}


/** A cell made surer (true) or less sure (false) by the sum; a confirmed line total at least settings.values.certainty.confirmedLineTotal. */
function moved(cell: ExtractedCell, agreement: boolean, settings: EngineSettings, least = 0): ExtractedCell {
  if (isImageRegion(cell) || !cell.value || cell.confidence === undefined) return cell;
  return { ...cell, confidence: toHundredths(Math.max(least, checkedConfidence(cell.confidence, agreement, settings))) };
}

/** The field names of the line concepts quantity × unit price = line total reads, where asked. */
function lineParts(fields: FieldSpec[], concepts: Array<Concept | null>): { quantity?: string; unitPrice?: string; lineTotal?: string } {
  const name = (id: string) => fields[concepts.findIndex((c) => c?.id === id)]?.name;
  return { quantity: name('quantity'), unitPrice: name('unit_price'), lineTotal: name('line_total') };
}

/** The top of the rows' values: a total printed above it is not theirs. */
function topOf(rows: Row[]): number {
  return Math.min(...rows.flatMap((r) => Object.values(r).flatMap((c) => (!isImageRegion(c) && c.box ? [c.box.y1] : []))));
}

/** The rows with their line totals checked against the page's totals printed under them (see the module comment). */
export function withLinesSumChecked(rows: Row[], fields: FieldSpec[], concepts: Array<Concept | null>, targets: SumTarget[], settings: EngineSettings): Row[] {
  const { quantity, unitPrice, lineTotal } = lineParts(fields, concepts);
  const itemsTop = topOf(rows);
  const below = targets.filter((t) => t.top > itemsTop);
  if (!lineTotal || below.length === 0) return rows;
  const amounts = rows.map((r) => amountValue(cellText(r[lineTotal])));
  const read = amounts.filter((v): v is number => v !== null);
  if (read.length < settings.values.linesSumItems) return rows;
  const sum = read.reduce((s, v) => s + v, 0);
  const least = settings.values.certainty.confirmedLineTotal;
  if (below.some((t) => agrees(sum, t.value, settings))) return rows.map((r) => (r[lineTotal] ? { ...r, [lineTotal]: moved(r[lineTotal], true, settings, least) } : r));
  if (below.every((t) => sum < t.value)) return rows;
  // Over every total: one row whose line total is the excess is no item (a summary line read as one); else the rows
  // whose quantity × unit price does not confirm their line total are in doubt.
  const excess = below.map((t) => sum - t.value);
  const odd = amounts.flatMap((v, k) => (v !== null && excess.some((e) => agrees(v, e, settings)) ? [k] : []));
  if (odd.length === 1) return rows.map((r, k) => (k === odd[0] ? Object.fromEntries(Object.entries(r).map(([n, c]) => [n, moved(c, false, settings)])) : r));
  return rows.map((r) => {
    const own = quantity && unitPrice ? lineAgreement(cellText(r[quantity]), cellText(r[unitPrice]), cellText(r[lineTotal]), settings) : null;
    return own === true || !r[lineTotal] ? r : { ...r, [lineTotal]: moved(r[lineTotal], false, settings) };
  });
}

/**
 * Whether a table's asked amount columns were named one off: the column the
 * line totals were taken from does not add up to any total printed under the
 * items, and another column of amounts does.
 */
export function namedOneOff(items: TableRow[], lineTotalColumn: number, targets: SumTarget[], settings: EngineSettings): boolean {
  if (lineTotalColumn < 0 || items.length < settings.values.linesSumItems) return false;
  const top = Math.min(...items.flatMap((r) => r.lines.map((l) => l.box.y1)));
  const below = targets.filter((t) => t.top > top);
  const columnSum = (c: number) => items.reduce((s, r) => s + (amountValue(r.cells[c].text) ?? 0), 0);
  const addsUp = (c: number) => items.some((r) => r.cells[c].text.trim()) && below.some((t) => agrees(columnSum(c), t.value, settings));
  if (below.length === 0 || addsUp(lineTotalColumn)) return false;
  return items[0].cells.some((_, c) => c !== lineTotalColumn && addsUp(c));
}

/** Every asked amount or count of a row less sure: its columns were named one off. */
export function withColumnsInDoubt(row: Row, fields: FieldSpec[], concepts: Array<Concept | null>, settings: EngineSettings): Row {
  const out = { ...row };
  fields.forEach((f, i) => {
    const kind = concepts[i]?.kind;
    const c = out[f.name] as CellValue | undefined;
    if (c && (kind === 'money' || kind === 'number')) out[f.name] = moved(c, false, settings);
  });
  return out;
}
