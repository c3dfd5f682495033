import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { DocumentRow } from '../db/schema.js';
import { batchDocuments, findBatch, resolveMergeConfig, storedResult, MergeGrouper, type MergeOutput, type Row, mergeablePage } from '../core/results/index.js';
import type { Principal } from '../core/accounts/index.js';
import type { Services } from '../services.js';

/**
 * GET /batches/{name}/export: one sheet, a header of document_id, filename and
 * every field (first-seen order), then one line per extracted row. Merge is
 * always applied when the template configures it. Streamed twice over the
 * batch in chunks (fields first, then rows) through exceljs' streaming
 * writer, so memory stays flat however large the batch.
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A spreadsheet cell from an API value: scalars as they are, image regions as their crop URL. */
function cellText(v: unknown): string | number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number') return v;
  if (typeof v === 'object' && (v as { type?: unknown }).type === 'image_region') return (v as { image_url: string | null }).image_url;
  return JSON.stringify(v);
}

async function headerFields(services: Services, batchId: number): Promise<string[]> {
  const fields: string[] = [];
  const seen = new Set<string>();
  for await (const chunk of batchDocuments(services.db, batchId)) {
    for (const doc of chunk) {
      for (const f of storedResult(doc)?.fields ?? []) if (!seen.has(f)) { seen.add(f); fields.push(f); }
    }
  }
  return fields;
}

/** Resolves the batch (batch_not_found before any byte is sent), then returns the streaming body. */
export async function exportBatchXlsx(services: Services, principal: Principal, batchName: string): Promise<{ filename: string; body: Readable }> {
  const batch = await findBatch(services.db, principal.accountId, batchName);
  const out = new PassThrough();
  const write = async () => {
    const fields = await headerFields(services, batch.id);
    const mergeConfig = await resolveMergeConfig(services.db, batch);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Results');
    sheet.addRow(['document_id', 'filename', ...fields]).commit();
    const emit = (documentId: string, filename: string, rows: Row[]) => {
      for (const row of rows) sheet.addRow([documentId, filename, ...fields.map((f) => cellText(row[f]))]).commit();
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
