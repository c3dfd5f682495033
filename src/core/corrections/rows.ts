/**
 * A person's rows → the stored result (docs/decisions.md, Corrections,
 * reprocessing, layout memory). Pure: the current result, the submitted rows
 * and the page's words in; the corrected result out.
 */
import { errors } from '../../errors.js';
import { isImageRegion, type Box, type CellValue, type ExtractedCell } from '../../extract/types.js';
import { locateValue, type PageIndex } from '../bbox/index.js';
import type { StoredResult } from '../shared/index.js';

/** A correction is a person's work on one page: far more rows than any page holds is a mistake, not a table. */
export const MAX_CORRECTED_ROWS = 2000;
const MAX_VALUE_LENGTH = 10_000;

export type SubmittedValue = string | number | null;

const invalid = (why: string) => errors.invalidParameter('line_items', why);

/** The submitted line_items, checked against the document's current columns; a missing key is a blank cell. */
export function checkRows(raw: unknown, fields: string[]): Array<Record<string, SubmittedValue>> {
  if (!Array.isArray(raw)) throw invalid('line_items must be an array of rows.');
  if (raw.length > MAX_CORRECTED_ROWS) throw invalid(`line_items takes at most ${MAX_CORRECTED_ROWS} rows.`);
  const known = new Set(fields);
  return raw.map((row: unknown, i) => {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) throw invalid(`line_items[${i}] must be an object of field: value.`);
    const out: Record<string, SubmittedValue> = {};
    for (const [key, value] of Object.entries(row as Record<string, unknown>)) {
      if (!known.has(key)) throw invalid(`line_items[${i}] has "${key}", which is not a column of the document (${fields.map((f) => `"${f}"`).join(', ')}).`);
      if (value !== null && typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) {
        throw invalid(`line_items[${i}].${key} must be a string, a number or null.`);
      }
      if (typeof value === 'string' && value.length > MAX_VALUE_LENGTH) throw invalid(`line_items[${i}].${key} is longer than ${MAX_VALUE_LENGTH} characters.`);
      out[key] = value;
    }
    return out;
  });
}

/**
 * Each submitted value becomes a cell with confidence 1 (a person set it).
 * Its box is where the page prints it, searched near the cell the engine had
 * at the same place; a value the words do not carry keeps the engine's box
 * when unchanged and has none when changed. A pure-location field keeps its
 * region unless the person set it to null.
 */
export function correctedResult(current: StoredResult, rows: Array<Record<string, SubmittedValue>>, page: PageIndex | null): StoredResult {
  return {
    fields: current.fields,
    rows: rows.map((row, i) => {
      const before = current.rows[i] ?? {};
      const out: Record<string, ExtractedCell> = {};
      for (const field of current.fields) {
        const old = before[field];
        const submitted = row[field];
        if (old && isImageRegion(old)) {
          out[field] = submitted === null ? { type: 'image_region', box: null } : old;
          continue;
        }
        out[field] = correctedCell(old as CellValue | undefined, submitted === null || submitted === undefined ? null : String(submitted), page);
      }
      return out;
    }),
  };
}

function correctedCell(old: CellValue | undefined, value: string | null, page: PageIndex | null): CellValue {
  const unchanged = old !== undefined && old.value === value;
  const located: Box | null = page ? locateValue(value, old?.box ?? null, page) : null;
  return { value, box: located ?? (unchanged ? old.box : null), confidence: 1 };
}
