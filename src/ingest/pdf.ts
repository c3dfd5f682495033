/** PDF ingestion: probe (passwords, page limit), then render page ranges in parallel. */
import type { RenderPool } from './render-pool.js';
import { runPdfTask, type ProbeResult } from './pdf-tasks.js';
import type { IngestedPage, IngestOptions } from './types.js';

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

export async function ingestPdf(path: string, options: IngestOptions): Promise<IngestedPage[]> {
  const pool: RenderPool | undefined = options.renderPool;
  const parts = pool?.size ?? 1;
  // With a single worker nothing runs in parallel: the probe renders every page itself.
  const probeTask = { path, passwords: options.passwords, maxPages: options.maxPages, renderUpTo: parts > 1 ? 1 : options.maxPages };
  const probe = pool
    ? await pool.probe(probeTask)
    : ((await runPdfTask({ kind: 'probe', ...probeTask })) as ProbeResult);
  if (probe.pages) return probe.pages;
  const chunks = await Promise.all(
    splitRanges(probe.pageCount, parts).map(([from, to]) => {
      const task = { path, password: probe.password, from, to };
      return pool ? pool.render(task) : (runPdfTask({ kind: 'render', ...task }) as Promise<IngestedPage[]>);
    }),
  );
  return chunks.flat();
}
