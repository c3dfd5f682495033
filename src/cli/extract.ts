import { ingestFile, paintPdfPage } from '../ingest/ingest.js';
import { pdfiumForShortLife } from '../ingest/pdf-pdfium-wasm.js';
import { loadEngineConfig } from '../config-engines.js';
import { readBool, type Env } from '../config-readers.js';
import type { EInvoice } from '../einvoice/index.js';
import { createLayoutEngine, readsPixels } from '../extract/layout/index.js';
import { isImageRegion, type Box, type Engine, type ExtractedCell, type ExtractResult, type FieldSpec, type Quality } from '../extract/types.js';
import { assertInputFile, assertWritable, csvText, UsageError, writeOutput, type OutputTarget } from './output.js';
import { createProgress } from './progress.js';

export interface ExtractCommandOptions {
  fields?: string;
  quality?: string;
  format?: string;
  /** layout (default) or openai: the model server from the DOCROWS_OPENAI_* settings. */
  engine?: string;
  /** -o FILE: write the result there instead of standard output. */
  output?: string;
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
  if (isImageRegion(cell)) return { type: 'image_region', bbox: bbox(cell.box) };
  // Confidence (0..1) as the engine scored the value; null when it did not (decisions.md, docrows extensions).
  return { value: cell.value, bbox: bbox(cell.box), confidence: cell.value !== null ? (cell.confidence ?? null) : null };
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

/** Tokens a page cost at the model server (engine openai). */
function usageOf(result: ExtractResult) {
  const u = result.usage;
  return u ? { usage: { model: u.model, tokens_in: u.tokensIn, tokens_out: u.tokensOut, requests: u.requests } } : {};
}

/**
 * The engine the command runs: the built-in one, or the model engine with the
 * service's settings (same variables, validated the same way) in this process.
 */
async function buildEngine(name: string, env: Env): Promise<Engine & { close(): Promise<void> }> {
  if (name === 'layout') {
    const layout = createLayoutEngine();
    return { ...layout, close: async () => layout.close?.() };
  }
  // The model engine's client (undici) loads only when it is asked for.
  const { createOpenAiEngine, createPageViewer, ModelClient } = await import('../extract/index.js');
  const { openai } = loadEngineConfig(env, 'openai');
  const client = new ModelClient(openai, (_level, data, message) => process.stderr.write(`docrows extract: ${message} ${JSON.stringify(data)}\n`));
  const viewer = createPageViewer();
  const fallback = openai.fallback === 'layout' ? createLayoutEngine() : undefined;
  const engine = createOpenAiEngine({ config: openai, model: openai.models.standard!, client, views: viewer, ...(fallback ? { fallback } : {}) });
  return {
    ...engine,
    async close() {
      await client.close();
      await viewer.close();
      await fallback?.close?.();
    },
  };
}

async function render(pages: PageOutcome[], format: OutputFormat, file: string, out: OutputTarget, invoice: EInvoice | null): Promise<void> {
  if (format === 'json') {
    const body = {
      file,
      // As the service's documents say it (docs/decisions.md, E-invoices): null when the file carries none.
      einvoice: invoice ? { syntax: invoice.syntax, profile: invoice.profile } : null,
      pages: pages.map((p) =>
        p.result.ok
          ? { page: p.page, fields: p.result.fields, rows: p.result.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, jsonCell(v)]))), ...usageOf(p.result) }
          : { page: p.page, failure: p.result.failure, ...usageOf(p.result) },
      ),
    };
    await writeOutput(out, `${JSON.stringify(body, null, 2)}\n`);
    return;
  }
  const { header, rows } = tableRows(pages);
  if (format === 'csv') {
    await writeOutput(out, csvText([header, ...rows]));
    return;
  }
  // exceljs loads only when a workbook is asked for.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('rows');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  await writeOutput(out, Buffer.from(await workbook.xlsx.writeBuffer()));
}

/**
 * `docrows extract FILE`: ingests the file (PDF, image, docx, txt) and runs the
 * built-in engine on each page, in-process. Exit codes: 0 when at least one
 * page produced rows, 1 when the file can't be parsed or every page failed,
 * 2 for invalid options or a file that does not exist (xlsx to a terminal
 * without -o included). Files of
 * several pages show their progress on standard error.
 */
export async function runExtractCommand(file: string, opts: ExtractCommandOptions, stdout: NodeJS.WritableStream & { isTTY?: boolean }, env: Env = {}): Promise<number> {
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
  const out: OutputTarget = { file: opts.output, stdout };
  try {
    assertWritable(out, format === 'xlsx');
    await assertInputFile(file);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`docrows extract: ${err.message}\n`);
    return 2;
  }
  let engine: Engine & { close(): Promise<void> };
  try {
    engine = await buildEngine(opts.engine ?? 'layout', env);
  } catch (err) {
    process.stderr.write(`docrows extract: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  // This process reads at most MAX_PAGES pages and exits.
  pdfiumForShortLife();
  let upload;
  try {
    // A text page is read from its words: only a page whose pixels are read gets painted (below).
    upload = await ingestFile(file, { passwords: [], maxPages: MAX_PAGES, einvoice: readBool(env, 'DOCROWS_EINVOICE', true), paintLater: true });
  } catch (err) {
    process.stderr.write(`docrows extract: cannot read ${file}: ${err instanceof Error ? err.message : String(err)}\n`);
    await engine.close();
    return 1;
  }
  const request = { fields: parseFields(opts.fields), globalFormatRequirement: '', quality };
  // E-invoice pages read their XML first, as the service's engines do (src/extract/engines/tier-engines.ts);
  // the e-invoice code loads only for a file that is or carries one.
  const reader = upload.einvoice ? (await import('../einvoice/index.js')).withEInvoice(engine, { compare: engine.name === 'layout' }) : engine;
  const run = async (i: number): Promise<PageOutcome> => {
    const page = upload.pages[i];
    const einvoice = upload.einvoice ? { einvoice: { ...upload.einvoice, page: i + 1 } } : {};
    const image = page.jpeg ?? (readsPixels(engine.name, page.textLayer, request) ? (await paintPdfPage(file, i + 1, undefined)).jpeg : null);
    return { page: i + 1, result: await reader.extract({ image, size: { width: page.width, height: page.height }, textLayer: page.textLayer, ...einvoice }, request) };
  };
  const pages: PageOutcome[] = [];
  const progress = upload.pages.length > 1 ? createProgress('docrows extract: pages') : null;
  try {
    // The model engine's pages wait on the network together (bounded by DOCROWS_OPENAI_CONCURRENCY); layout pages take turns on the CPU.
    let done = 0;
    const counted = async (i: number) => {
      const outcome = await run(i);
      progress?.update(++done, upload.pages.length);
      return outcome;
    };
    progress?.update(0, upload.pages.length);
    if (engine.name === 'openai') pages.push(...await Promise.all(upload.pages.map((_, i) => counted(i))));
    else for (let i = 0; i < upload.pages.length; i++) pages.push(await counted(i));
  } finally {
    progress?.stop();
    await engine.close();
  }
  await render(pages, format, file, out, upload.einvoice?.invoice ?? null);
  for (const p of pages) {
    if (!p.result.ok) process.stderr.write(`docrows extract: page ${p.page}: ${p.result.failure.code}: ${p.result.failure.message}\n`);
  }
  return pages.some((p) => p.result.ok) ? 0 : 1;
}
