import type { Box, ExtractRequest, ExtractResult, ExtractedCell, Rule, Word } from '../types.js';
import { applyFormat, resolveFormat, type FormatSpec } from '../format/index.js';
import { isPureLocationField } from '../pure-location.js';
import { roundBox, unionBoxes } from './geometry.js';
import { groupWordsIntoLines, type Line } from './lines.js';
import { headerNames } from './header-names.js';
import { detectTables, type Table } from './table-detect.js';
import type { TableRow } from './table-rows.js';
import { chooseMainTables, chooseTablesForFields, cleanColumnNames } from './column-mapping.js';
import { findAllLabelValuePairs, findLabeledValue } from './record-fields.js';
import { pickRegionForField } from './picture-regions.js';
import { SUMMARY_LABEL } from './data-values.js';

/** Everything the engine reads off one page, whatever its source (text layer or OCR). */
export interface PageContent {
  words: Word[];
  rules: Rule[];
  /** Picture-like regions: embedded image placements or non-text ink blobs of a raster. */
  pictures: Box[];
  /** Page width / height. */
  aspect: number;
}


function cell(value: string | null, words: Word[] | null, spec: FormatSpec): ExtractedCell {
  if (value === null || value.trim() === '' || !words || words.length === 0) return { value: null, box: null };
  return { value: applyFormat(value, spec), box: roundBox(unionBoxes(words.map((w) => w.box))) };
}

/**
 * Rows of an invoice table end with summary lines (Subtotal, VAT, Total) set
 * under the amount columns with the description column empty; they are not
 * line items. Rows that repeat the header (tables continued) are dropped too.
 */
function dropSummaryAndRepeatedHeaders(rows: TableRow[], names: string[]): TableRow[] {
  const headerKey = names.join('|').toLowerCase();
  let out = rows.filter((r) => r.cells.map((c) => c.text).join('|').toLowerCase() !== headerKey || !headerKey.replace(/\|/g, ''));
  while (out.length > 1) {
    const last = out[out.length - 1];
    const firstEmpty = !last.cells[0].text;
    const label = last.cells.find((c) => SUMMARY_LABEL.test(c.text))?.text;
    // A label the rows above repeat ("Total" closing every group) is a row, not the table's summary.
    const repeated = out.slice(0, -1).some((r) => r.cells.some((c) => c.text === label));
    if (firstEmpty && label !== undefined && !repeated) out = out.slice(0, -1);
    else break;
  }
  return out;
}

function linesOfTable(table: Table): Set<Line> {
  return new Set([...table.headerLines, ...table.rows.flatMap((r) => r.lines)]);
}

export function extractFromContent(content: PageContent, request: ExtractRequest): ExtractResult {
  if (content.words.length === 0 && (request.fields.length === 0 || !request.fields.some(isPureLocationField))) {
    return { ok: false, failure: { code: 'no_content', message: 'No readable text was found on the page.' } };
  }
  const lines = groupWordsIntoLines(content.words, content.aspect);
  const tables = detectTables(lines, content.rules);
  return request.fields.length > 0 ? extractRequested(content, request, lines, tables) : extractInferred(request, lines, tables);
}

function extractRequested(content: PageContent, request: ExtractRequest, lines: Line[], tables: Table[]): ExtractResult {
  const fields = request.fields;
  const specs = fields.map((f) => resolveFormat(f.formatRequirement, request.globalFormatRequirement));
  const located = fields.map(isPureLocationField);
  const textual = fields.map((f, i) => ({ name: f.name, kind: specs[i].kind, index: i })).filter((f) => !located[f.index]);
  const choices = textual.length ? chooseTablesForFields(tables, textual) : [];

  // A field is a column when the best table maps it; the others are record-level values.
  const isColumn = new Array<boolean>(fields.length).fill(false);
  if (choices.length) textual.forEach((f, k) => (isColumn[f.index] = choices[0].columnOf[k] >= 0));
  const skip = new Set<Line>(choices.flatMap((c) => [...linesOfTable(c.table)]));

  const recordValues = new Map<number, ExtractedCell>();
  fields.forEach((f, i) => {
    if (located[i]) {
      const box = pickRegionForField(f.name, content.pictures);
      recordValues.set(i, { type: 'image_region', box: box ? roundBox(box) : null });
    } else if (!isColumn[i]) {
      const found = findLabeledValue(f.name, specs[i].kind, lines, skip);
      recordValues.set(i, found ? cell(found.value, found.words, specs[i]) : { value: null, box: null });
    }
  });

  const build = (row: TableRow | null, columnOf: number[]) => {
    const out: Record<string, ExtractedCell> = {};
    fields.forEach((f, i) => {
      const c = columnOf[i] ?? -1;
      if (isColumn[i] && row) out[f.name] = c >= 0 ? cell(row.cells[c].text, row.cells[c].words, specs[i]) : { value: null, box: null };
      else out[f.name] = recordValues.get(i) as ExtractedCell;
    });
    return out;
  };
  const rows: Array<Record<string, ExtractedCell>> = [];
  for (const choice of choices) {
    const columnOf = new Array<number>(fields.length).fill(-1);
    textual.forEach((f, k) => (columnOf[f.index] = choice.columnOf[k]));
    for (const row of dropSummaryAndRepeatedHeaders(choice.table.rows, choice.names)) rows.push(build(row, columnOf));
  }
  return { ok: true, fields: fields.map((f) => f.name), rows: rows.length ? rows : [build(null, [])] };
}

function extractInferred(request: ExtractRequest, lines: Line[], tables: Table[]): ExtractResult {
  const spec = resolveFormat('', request.globalFormatRequirement);
  const [main, ...copies] = chooseMainTables(tables);
  if (main) {
    const names = cleanColumnNames(headerNames(main, main.headerLines.length));
    const rows = [main, ...copies].flatMap((t) => dropSummaryAndRepeatedHeaders(t.rows, names));
    const used = names.map((_, c) => rows.some((r) => r.cells[c].text) || main.headerLines.length > 0);
    const kept = names.flatMap((n, c) => (used[c] ? [{ n, c }] : []));
    return {
      ok: true,
      fields: kept.map((k) => k.n),
      rows: rows.map((r) => Object.fromEntries(kept.map(({ n, c }) => [n, cell(r.cells[c].text, r.cells[c].words, spec)]))),
    };
  }
  const pairs = findAllLabelValuePairs(lines, new Set());
  if (pairs.length > 0) {
    const names = cleanColumnNames(pairs.map((p) => p.label));
    return { ok: true, fields: names, rows: [Object.fromEntries(pairs.map((p, i) => [names[i], cell(p.value, p.words, spec)]))] };
  }
  // Plain text without structure: one column of lines keeps the content rather than failing.
  return {
    ok: true,
    fields: ['Text'],
    rows: lines.map((l) => ({ Text: cell(l.text.replace(/\s{2,}/g, ' '), l.words, spec) })),
  };
}
