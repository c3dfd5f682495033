/** PDF ingestion: probe (passwords, page limit), then render page ranges in parallel. */
import type { EInvoice } from '../einvoice/index.js';
import type { PdfTask, ProbeResult } from './pdf-tasks.js';
import type { IngestOptions } from './options.js';
import type { IngestProcessPool } from './ingest-process-pool.js';
import type { IngestedPage } from './types.js';

/** Contiguous 1-based page ranges, one per worker, so each worker opens the file once. */
export function splitRanges(pageCount: number, parts: number): Array<[number, number]> {
  const n = Math.max(1, Math.min(parts, pageCount));
  const ranges: Array<[number, number]> = [];
  let start = 1;
  for (let i = 0; i < n; i++) {
    const len = Math.floor(pageCount / n) + (i < pageCount % n ? 1 : 0);
    ranges.push([start, start + len - 1]);
    start += len;
  }
  return ranges;
}

/**
 * Runs a task in this thread. PDFium is loaded on first use: with a
 * ingest process pool (the server) only its children ever load it.
 */
async function runHere(task: PdfTask): Promise<unknown> {
  const { runPdfTask } = await import('./pdf-tasks.js');
  return runPdfTask(task);
}

export interface IngestedPdf {
  pages: IngestedPage[];
  einvoice: EInvoice | null;
}

export async function ingestPdf(path: string, options: IngestOptions): Promise<IngestedPdf> {
  const pool = options.processPool;
  const probeTask = { path, passwords: options.passwords, maxPages: options.maxPages, einvoice: options.einvoice ?? true, paintLater: options.paintLater ?? false };
  // Without parallel workers the probe renders every page itself: one read, one open.
  if (!pool || pool.size === 1) {
    const task = { ...probeTask, renderUpTo: options.maxPages };
    const probe = pool ? await pool.probe(task) : ((await runHere({ kind: 'probe', ...task })) as ProbeResult);
    return { pages: probe.pages!, einvoice: probe.einvoice };
  }
  const probe = await pool.probe({ ...probeTask, renderUpTo: 1 });
  if (probe.pages) return { pages: probe.pages, einvoice: probe.einvoice };
  const chunks = await Promise.all(
    splitRanges(probe.pageCount, pool.size).map(([from, to]) => pool.render({ path, password: probe.password, from, to, paint: !(probeTask.paintLater && probe.password === undefined) })),
  );
  return { pages: chunks.flat(), einvoice: probe.einvoice };
}

/** Paints page `page` (1-based) of an unencrypted PDF left unpainted at upload (IngestOptions.paintLater). */
export async function paintPdfPage(path: string, page: number, pool: IngestProcessPool | undefined): Promise<IngestedPage> {
  const task = { path, page };
  const [painted] = pool ? await pool.paint(task) : ((await runHere({ kind: 'paint', ...task })) as IngestedPage[]);
  return painted;
}
