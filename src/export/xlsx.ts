import { PassThrough, type Readable } from 'node:stream';
import type { Worksheet } from 'exceljs';
import type { DocumentRow } from '../db/schema.js';
import { storedResult } from '../core/shared/index.js';
import { batchDocuments, findBatch, resolveMergeConfig, MergeGrouper, type MergeOutput, type Row, mergeablePage } from '../core/results/index.js';
import type { Principal } from '../core/accounts/index.js';
import type { Services } from '../services.js';
import { typedCell } from './typed-cells.js';

/**
 * GET /batches/{name}/export: one sheet, a header of document_id, filename and
 * every field (first-seen order), then one line per extracted row. Merge is
 * always applied when the template configures it. Streamed twice over the
 * batch in chunks (fields and column widths first, then rows) through exceljs'
 * streaming writer, so memory stays flat however large the batch. Values that
 * read as numbers or dates become numeric/date cells whose number format
 * keeps the printed shape (typed-cells.ts); the header row is frozen.
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A spreadsheet cell from an API value: scalars as they are, image regions as their crop URL. */
function cellText(v: unknown): string | number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number') return v;
  if (typeof v === 'object' && (v as { type?: unknown }).type === 'image_region') return (v as { image_url: string | null }).image_url;
  return JSON.stringify(v);
}

/** Column widths in characters: the longest value, within bounds a screen can show. */
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
const widthOf = (v: unknown): number => Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, String(v ?? '').length + 2));

/** First pass: the fields (first-seen order) and each column's width. */
async function sheetColumns(services: Services, batchId: number): Promise<{ fields: string[]; widths: Map<string, number> }> {
  const fields: string[] = [];
  const seen = new Set<string>();
  const widths = new Map<string, number>([['document_id', widthOf('document_id')], ['filename', widthOf('filename')]]);
  const grow = (column: string, v: unknown) => widths.set(column, Math.max(widths.get(column) ?? 0, widthOf(v)));
  for await (const chunk of batchDocuments(services.db, batchId)) {
    for (const doc of chunk) {
      const result = storedResult(doc);
      if (!result) continue;
      grow('document_id', doc.id);
      grow('filename', doc.filename);
      for (const f of result.fields) if (!seen.has(f)) { seen.add(f); fields.push(f); grow(f, f); }
      for (const row of mergeablePage(services.config.baseUrl, doc).rows) for (const [f, v] of Object.entries(row)) grow(f, cellText(v));
    }
  }
  return { fields, widths };
}

/** One line of the sheet: typed cells, each with the number format that prints it as the document did. */
function addTypedRow(sheet: Worksheet, values: Array<string | number | null>): void {
  // document_id and filename (the first two) stay text whatever they look like.
  const cells = values.map((v, i) => (i >= 2 && typeof v === 'string' ? typedCell(v) : { value: v, numFmt: undefined }));
  const row = sheet.addRow(cells.map((c) => c.value));
  cells.forEach((c, i) => { if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt; });
  row.commit();
}

/** Resolves the batch (batch_not_found before any byte is sent), then returns the streaming body. */
export async function exportBatchXlsx(services: Services, principal: Principal, batchName: string): Promise<{ filename: string; body: Readable }> {
  const batch = await findBatch(services.db, principal.accountId, batchName);
  const out = new PassThrough();
  const write = async () => {
    const { fields, widths } = await sheetColumns(services, batch.id);
    const mergeConfig = await resolveMergeConfig(services.db, batch);
    // exceljs is loaded with the first export, not with every API process.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Results', { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
    const header = ['document_id', 'filename', ...fields];
    sheet.columns = header.map((name) => ({ key: name, width: widths.get(name) ?? widthOf(name) }));
    const headerRow = sheet.addRow(header);
    headerRow.font = { bold: true };
    headerRow.commit();
    const emit = (documentId: string, filename: string, rows: Row[]) => {
      for (const row of rows) addTypedRow(sheet, [documentId, filename, ...fields.map((f) => cellText(row[f]))]);
    };
    const emitOutput = (o: MergeOutput<DocumentRow>) => {
      const doc = o.kind === 'single' ? o.page.item : o.pages[0].item;
      emit(doc.id, doc.filename, o.kind === 'single' ? o.page.rows : o.rows);
    };
    const grouper = new MergeGrouper<DocumentRow>(mergeConfig ?? { groupBy: 'upload', keyFields: [], mode: 'fold' });
    for await (const chunk of batchDocuments(services.db, batch.id)) {
      for (const doc of chunk) {
        const page = mergeablePage(services.config.baseUrl, doc);
        if (!mergeConfig) emit(doc.id, doc.filename, page.rows);
        else grouper.push(page).forEach(emitOutput);
      }
      // Let the consumer drain before the next chunk: back-pressure keeps memory flat.
      if (out.writableNeedDrain) await new Promise((r) => out.once('drain', r));
    }
    if (mergeConfig) grouper.flush().forEach(emitOutput);
    await sheet.commit();
    await workbook.commit();
  };
  write().catch((err: unknown) => {
    services.log.error({ err, batch: batch.name }, 'xlsx export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return { filename: `${batch.name}.xlsx`, body: out };
}
