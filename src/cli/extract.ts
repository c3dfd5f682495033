import ExcelJS from 'exceljs';
import { ingestFile } from '../ingest/ingest.js';
import { createLayoutEngine } from '../extract/layout/index.js';
import { isImageRegion, type Box, type ExtractedCell, type ExtractResult, type FieldSpec, type Quality } from '../extract/types.js';

export interface ExtractCommandOptions {
  fields?: string;
  quality?: string;
  format?: string;
}

type OutputFormat = 'json' | 'csv' | 'xlsx';

interface PageOutcome {
  page: number;
  result: ExtractResult;
}

const MAX_PAGES = 50;

function parseFields(spec: string | undefined): FieldSpec[] {
  if (!spec) return [];
  const names = spec.split(',').map((n) => n.trim()).filter((n) => n.length > 0);
  return [...new Set(names)].map((name) => ({ name, formatRequirement: '' }));
}

function bbox(box: Box | null) {
  return box ? { ...box, unit: 'normalized' as const } : null;
}

function jsonCell(cell: ExtractedCell) {
  return isImageRegion(cell) ? { type: 'image_region', bbox: bbox(cell.box) } : { value: cell.value, bbox: bbox(cell.box) };
}

function plainValue(cell: ExtractedCell | undefined): string {
  if (!cell) return '';
  if (isImageRegion(cell)) return cell.box ? [cell.box.x1, cell.box.y1, cell.box.x2, cell.box.y2].join(' ') : '';
  return cell.value ?? '';
}

/** Columns of a multi-page result: every page's fields, first-seen order. */
function allFields(pages: PageOutcome[]): string[] {
  const seen: string[] = [];
  for (const p of pages) if (p.result.ok) for (const f of p.result.fields) if (!seen.includes(f)) seen.push(f);
  return seen;
}

function tableRows(pages: PageOutcome[]): { header: string[]; rows: string[][] } {
  const fields = allFields(pages);
  const rows: string[][] = [];
  for (const p of pages) {
    if (!p.result.ok) continue;
    for (const r of p.result.rows) rows.push([String(p.page), ...fields.map((f) => plainValue(r[f]))]);
  }
  return { header: ['page', ...fields], rows };
}

function csvField(v: string): string {
  return /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

async function write(out: NodeJS.WritableStream, data: string | Buffer): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    out.write(data, (err) => (err ? reject(err) : resolve()));
  });
}

async function render(pages: PageOutcome[], format: OutputFormat, file: string, out: NodeJS.WritableStream): Promise<void> {
  if (format === 'json') {
    const body = {
      file,
      pages: pages.map((p) =>
        p.result.ok
          ? { page: p.page, fields: p.result.fields, rows: p.result.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, jsonCell(v)]))) }
          : { page: p.page, failure: p.result.failure },
      ),
    };
    await write(out, `${JSON.stringify(body, null, 2)}\n`);
    return;
  }
  const { header, rows } = tableRows(pages);
  if (format === 'csv') {
    await write(out, [header, ...rows].map((r) => r.map(csvField).join(',')).join('\n') + '\n');
    return;
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('rows');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  await write(out, Buffer.from(await workbook.xlsx.writeBuffer()));
}

/**
 * `docrows extract FILE`: ingests the file (PDF, image, docx, txt) and runs the
 * built-in engine on each page, in-process. Exit codes: 0 when at least one
 * page produced rows, 1 when the file can't be read or every page failed,
 * 2 for invalid options.
 */
export async function runExtractCommand(file: string, opts: ExtractCommandOptions, out: NodeJS.WritableStream): Promise<number> {
  const quality = (opts.quality ?? 'fast') as Quality;
  const format = (opts.format ?? 'json') as OutputFormat;
  if (quality !== 'fast' && quality !== 'high') {
    process.stderr.write(`docrows extract: --quality must be fast or high, not "${opts.quality}"\n`);
    return 2;
  }
  if (format !== 'json' && format !== 'csv' && format !== 'xlsx') {
    process.stderr.write(`docrows extract: --format must be json, csv or xlsx, not "${opts.format}"\n`);
    return 2;
  }
  let upload;
  try {
    upload = await ingestFile(file, { passwords: [], maxPages: MAX_PAGES });
  } catch (err) {
    process.stderr.write(`docrows extract: cannot read ${file}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  const engine = createLayoutEngine();
  const request = { fields: parseFields(opts.fields), globalFormatRequirement: '', quality };
  const pages: PageOutcome[] = [];
  try {
    for (let i = 0; i < upload.pages.length; i++) {
      const page = upload.pages[i];
      pages.push({ page: i + 1, result: await engine.extract({ image: page.jpeg, textLayer: page.textLayer }, request) });
    }
  } finally {
    await engine.close?.();
  }
  await render(pages, format, file, out);
  for (const p of pages) {
    if (!p.result.ok) process.stderr.write(`docrows extract: page ${p.page}: ${p.result.failure.code}: ${p.result.failure.message}\n`);
  }
  return pages.some((p) => p.result.ok) ? 0 : 1;
}
