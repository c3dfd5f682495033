import type { Trx } from '../../db/connect.js';
import * as accounts from '../../db/queries/accounts.js';
import * as documents from '../../db/queries/documents.js';
import * as pageEngineUsage from '../../db/queries/page-engine-usage.js';
import type { DocumentRow } from '../../db/schema.js';
import { readsPixels } from '../../extract/index.js';
import type { Engine, EngineUsage, ExtractRequest, ExtractResult } from '../../extract/types.js';
import type { JobRegistry, JobRuntime } from '../../jobs/registry.js';
import type { Services } from '../../services.js';
import { enqueueAutoBbox } from '../bbox/index.js';
import { refundDocument } from '../billing/index.js';
import { isoNow } from '../../clock.js';
import { recordEngineOutput } from '../corrections/index.js';
import { onDocumentTerminal } from '../events/index.js';
import { loadEnginePage, type LockedRequest } from '../shared/index.js';
import { dropPageWords, memoriesForEngine, storePageWords } from '../layout-memory/index.js';

/**
 * The `document.extract` job: one page through the engine. The engine runs
 * outside any transaction; the outcome (document state, refund, events,
 * webhook, auto bbox) commits in one transaction fenced on the job's lease.
 */

export const EXTRACT_JOB = 'document.extract';
const EXTRACT_MAX_ATTEMPTS = 3;
export const extractJobKey = (documentId: string, wave: number) => `extract:${documentId}:${wave}`;

interface ExtractPayload {
  documentId: string;
  wave: number;
}

declare module '../../jobs/registry.js' {
  interface JobKinds {
    'document.extract': ExtractPayload;
  }
}

type Outcome = (Extract<ExtractResult, { ok: true }> | { ok: false; failure: { code: string; message: string } }) & { usage?: EngineUsage };

function engineRequest(locked: LockedRequest, memories: ExtractRequest['memories']): ExtractRequest {
  return {
    fields: locked.fields.map((f) => ({ name: f.name, formatRequirement: f.format_requirement })),
    globalFormatRequirement: locked.global_format_requirement,
    quality: locked.quality,
    ...(memories?.length ? { memories } : {}),
  };
}

/** The engine of the tier charged when the document was queued (decisions.md: the tier locked at process time runs it). */
function engineOf(runtime: JobRuntime, doc: DocumentRow): Engine {
  return runtime.engineForTier?.(doc.charged_tier ?? 'standard') ?? runtime.engine;
}

/**
 * Writes the terminal state of a document's wave, with refund and events. No-op when it was canceled or deleted
 * meanwhile: then false.
 */
async function settleExtraction(trx: Trx, services: Services, payload: ExtractPayload, outcome: Outcome): Promise<boolean> {
  // The document of this wave, row-locked on PostgreSQL, if it still waits for this job's outcome.
  const doc = await documents.lockInFlight(trx, payload.documentId, payload.wave);
  if (!doc) return false;
  const now = isoNow(services.clock);
  if (outcome.ok) {
    const result = { fields: outcome.fields, rows: outcome.rows };
    await documents.markSucceeded(trx, doc.id, result, now);
    await recordEngineOutput(trx, doc, result, now);
  } else {
    await documents.markFailed(trx, doc.id, outcome.failure, now);
    await refundDocument(trx, services.clock, doc, 'failed');
    services.log.warn({ documentId: doc.id, batchId: doc.batch_id, accountId: doc.account_id, page: doc.page_number, failure: outcome.failure.code, reason: outcome.failure.message }, 'page failed');
  }
  const settled = (await documents.byId(trx, doc.id))!;
  if (outcome.usage) await recordUsage(trx, services, settled, outcome.usage);
  // auto_annotate_bbox: bbox decides (and bills) in this same transaction; skipped cheaply when the pool has it off.
  if (settled.status === 'succeeded' && await accounts.poolAutoAnnotatesBbox(trx, settled.account_id)) await enqueueAutoBbox(trx, services, settled);
  await onDocumentTerminal(trx, services, settled);
  return true;
}

/** The page's tokens beside its outcome and net credits, for the operator's per-batch summary (model pages also in the log). */
async function recordUsage(trx: Trx, services: Services, doc: DocumentRow, usage: EngineUsage): Promise<void> {
  const succeeded = doc.status === 'succeeded';
  await pageEngineUsage.record(trx, {
    document_id: doc.id, wave: doc.wave, account_id: doc.account_id, batch_id: doc.batch_id, tier: doc.charged_tier ?? 'standard',
    engine: usage.engine, model: usage.model, outcome: succeeded ? 'succeeded' : 'failed',
    tokens_in: usage.tokensIn, tokens_out: usage.tokensOut, requests: usage.requests,
    credits: succeeded ? doc.charged_amount : 0, created_at: isoNow(services.clock),
  });
  if (usage.requests > 0) services.log.info({ documentId: doc.id, tier: doc.charged_tier, ...usage, outcome: doc.status }, 'page engine usage');
}

export function registerExtractionJobs(registry: JobRegistry): void {
  registry.register({
    kind: EXTRACT_JOB,
    lane: 'cpu',
    maxAttempts: EXTRACT_MAX_ATTEMPTS,
    backoffMs: (attempt) => attempt * 1000,
    async handler(payload, ctx) {
      const { services } = ctx;
      const doc = await documents.byId(services.db, payload.documentId);
      if (!doc || doc.wave !== payload.wave || !['queued', 'processing'].includes(doc.status)) return;
      await documents.markProcessing(services.db, doc.id, payload.wave, ctx.job.attempts, isoNow(services.clock));
      const engine = engineOf(ctx.runtime, doc);
      // Layout memory is the layout engine's, and the account's own (docs/decisions.md, Corrections, reprocessing, layout memory).
      const memories = engine.name === 'layout' ? await memoriesForEngine(services.db, doc.account_id) : undefined;
      const request = engineRequest(JSON.parse(doc.request ?? '{}') as LockedRequest, memories);
      const page = await loadEnginePage(services, doc, (p) => readsPixels(engine.name, p.textLayer, request));
      // Engines without a model report no usage: their pages still count in the batch's summary.
      const outcome: Outcome = page
        ? { usage: { engine: engine.name, model: null, tokensIn: 0, tokensOut: 0, requests: 0 }, ...await engine.extract(page, request) }
        : { ok: false, failure: { code: 'file_unavailable', message: 'The page image is no longer stored (retention), so the page cannot be extracted.' } };
      if (ctx.signal.aborted) return;
      // The words OCR read go beside the page, not into the result: a correction's learning reads them (core/layout-memory).
      const content = outcome.ok ? outcome.content : undefined;
      const onPage = outcome.ok ? outcome.pageWords : undefined;
      if (outcome.ok) {
        delete outcome.content;
        delete outcome.pageWords;
      }
      if (content) await storePageWords(services, doc, content, onPage ?? []);
      let settled = false;
      await ctx.finish(async (trx) => {
        settled = await settleExtraction(trx, services, payload, outcome);
      });
      // Deleted meanwhile (its batch's blobs may be gone already): words written after that would belong to nobody.
      if (content && !settled && !(await documents.byId(services.db, doc.id))) await dropPageWords(services, doc);
    },
    // Worker died or the engine crashed: the page waits for another attempt.
    async onRetry(trx, payload) {
      await documents.requeue(trx, payload.documentId, payload.wave);
    },
    async onGiveUp(trx, payload, services, error) {
      await settleExtraction(trx, services, payload, {
        ok: false,
        failure: { code: 'engine_error', message: `Extraction failed after ${EXTRACT_MAX_ATTEMPTS} attempts: ${error}` },
      });
    },
  });
}
