/** Shared pieces of the pipeline tests: upload generated PDFs, run workers, wait for terminal states. */
import { expect } from 'vitest';
import type { Engine, EnginePage, ExtractRequest, ExtractResult } from '../../src/extract/types.js';
import { startWorkers, type RunningWorkers } from '../../src/workers.js';
import { bearer, type TestApp } from '../helpers/app.js';
import { waitUntil } from '../helpers/bbox-workers.js';
import { textPdf } from '../fixtures/ingest/pdf-fixtures.js';
import { upload } from '../http/helpers/uploads.js';

export { waitUntil };

/** Uploads a generated text PDF (an invoice table per page) into `batch`; returns its page document ids. */
export async function uploadTextPdf(t: TestApp, apiKey: string, batch: string, pages = 1, rows = 3, extra: Record<string, string> = {}): Promise<string[]> {
  const res = await upload(t, apiKey, {
    fields: { batch_name: batch, ...extra },
    file: { filename: `invoice-${pages}p.pdf`, content: await textPdf({ pages, rows }), contentType: 'application/pdf' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { document_id: string[] }).document_id;
}

export function api(t: TestApp, apiKey: string) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.inject({
      method, url: `/api/v1${url}`, headers: { ...bearer(apiKey), ...headers },
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
}

/** Workers on the test app's services; `engine` replaces the real threaded layout engine (failure and timing scenarios). */
export function runWorkers(t: TestApp, opts: { engine?: Engine; workers?: number } = {}): RunningWorkers {
  return startWorkers(t.services, { workers: opts.workers ?? 2, pollMs: 20, ...(opts.engine ? { engine: opts.engine } : {}) });
}

/** Waits until every document of the batch is terminal. */
export async function waitForBatch(t: TestApp, accountId: number, batch: string, timeoutMs = 60_000): Promise<void> {
  await waitUntil(async () => {
    const docs = await t.services.db.selectFrom('documents').innerJoin('batches', 'batches.id', 'documents.batch_id')
      .select('documents.status').where('batches.account_id', '=', accountId).where('batches.name', '=', batch).execute();
    return docs.length > 0 && docs.every((d) => ['succeeded', 'failed', 'canceled'].includes(d.status));
  }, timeoutMs, `batch ${batch} to finish`);
}

/**
 * An in-process engine for scenarios the real one cannot stage: delegates to
 * `inner` except on the listed pages (by page text "Invoice page N"), where it fails.
 */
export function failingOnPages(inner: Engine, failPages: number[], failure: { code: 'engine_error' | 'no_content'; message: string }): Engine {
  return {
    name: 'scripted',
    async extract(page: EnginePage, request: ExtractRequest): Promise<ExtractResult> {
      const heading = page.textLayer?.words.slice(0, 3).map((w) => w.text).join(' ') ?? '';
      const n = Number(/Invoice page (\d+)/.exec(heading)?.[1] ?? 0);
      if (failPages.includes(n)) return { ok: false, failure };
      return inner.extract(page, request);
    },
  };
}

/** Rows of every pool's ledger for one document. */
export async function ledgerOf(t: TestApp, documentId: string) {
  return t.services.db.selectFrom('ledger_entries').select(['action', 'amount', 'reason', 'point_type', 'consumer_id', 'batch_name', 'document_id'])
    .where('document_id', '=', documentId).orderBy('id').execute();
}

/** Page number from the generated PDF's heading ("Invoice page N"). */
export function pageNumberOf(page: EnginePage): number {
  const words = page.textLayer?.words.map((w) => w.text) ?? [];
  const i = words.indexOf('page');
  return i >= 0 ? Number(words[i + 1]) : 0;
}

/**
 * An in-process engine answering each page with scripted rows (by page number
 * in the generated PDF), for result shapes the real engine is not the subject of.
 */
export function cannedEngine(byPage: (page: number, request: ExtractRequest) => ExtractResult): Engine {
  return { name: 'canned', extract: async (page, request) => byPage(pageNumberOf(page), request) };
}
