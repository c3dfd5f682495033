/**
 * The `layout_memory.learn` job: a corrected page teaches the layout engine
 * (docs/decisions.md, "Corrections, reprocessing, layout memory"). The rows a
 * person set are found on the words the extraction read (a scan's OCR words,
 * kept beside the page: page-words.ts; a text layer's words), and what that
 * teaches is added to the account's memory of the page's sender and layout,
 * or starts one. A scan read before its words were kept is read again as
 * the engine threads read it (their OCR threads, the locked quality).
 */
import type { Trx } from '../../db/connect.js';
import * as documents from '../../db/queries/documents.js';
import * as memories from '../../db/queries/layout-memories.js';
import * as pageEngineUsage from '../../db/queries/page-engine-usage.js';
import type { DocumentRow } from '../../db/schema.js';
import { createPageReader, isTextLayerUsable, type PageReader } from '../../extract/index.js';
import { identityOf, learnLayout, memoryOfPage, mergeLayouts, type CorrectedPage, type LayoutModel, type PageContent } from '../../extract/memory/index.js';
import { isImageRegion } from '../../extract/types.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { JobDefinition, JobRegistry } from '../../jobs/registry.js';
import { isoNow } from '../../clock.js';
import type { Services } from '../../services.js';
import { loadEnginePage, storedResult, type LockedRequest, type StoredResult } from '../shared/index.js';
import { loadPageWords } from './page-words.js';

export const LEARN_JOB = 'layout_memory.learn';

interface LearnPayload {
  documentId: string;
  /** The revision of the correction that teaches: a later correction supersedes it. */
  correctedAt: string;
}

declare module '../../jobs/registry.js' {
  interface JobKinds {
    'layout_memory.learn': LearnPayload;
  }
}

/** The OCR reader stops its Tesseract workers after this long without a page. */
const OCR_IDLE_MS = 30_000;

/** Queues the learning of a correction, in the transaction that stores it, when the layout engine read the page. */
export async function enqueueLearning(trx: Trx, services: Services, doc: DocumentRow, correctedAt: string): Promise<void> {
  if (await pageEngineUsage.engineOfWave(trx, doc.id, doc.wave) !== 'layout') return;
  await enqueueJob(trx, services.clock, LEARN_JOB, { documentId: doc.id, correctedAt }, { dedupeKey: `learn:${doc.id}:${correctedAt}` });
}

/** The rows as plain values: what the person set or confirmed. */
function correctedPage(result: StoredResult): CorrectedPage {
  return {
    fields: result.fields,
    rows: result.rows.map((row) => Object.fromEntries(result.fields.map((f) => {
      const c = row[f];
      return [f, c && !isImageRegion(c) ? c.value : null];
    }))),
  };
}

/** Adds what the page taught to the account's memory of its sender and layout, or starts one. */
async function remember(trx: Trx, services: Services, doc: DocumentRow, content: PageContent, learned: LayoutModel): Promise<void> {
  const now = isoNow(services.clock);
  const rows = await memories.ofAccount(trx, doc.account_id);
  const ownId = memoryOfPage(content, rows.map((r) => ({ id: r.id, model: JSON.parse(r.model) as LayoutModel })));
  const learnedIdentity = identityOf(learned);
  const own = ownId ? rows.find((r) => r.id === ownId) : await memories.byKeys(trx, doc.account_id, learnedIdentity.senderKey, learnedIdentity.layoutKey);
  if (own) {
    const model = mergeLayouts(JSON.parse(own.model) as LayoutModel, learned, content);
    await memories.update(trx, own.id, { model: JSON.stringify(model), fields: JSON.stringify(identityOf(model).fields), documents: own.documents + 1, updated_at: now });
    return;
  }
  await memories.insert(trx, {
    id: `mem_${services.ids.ulid()}`, account_id: doc.account_id, sender_key: learnedIdentity.senderKey, layout_key: learnedIdentity.layoutKey,
    sender: JSON.stringify(learnedIdentity.sender), fields: JSON.stringify(learnedIdentity.fields), model: JSON.stringify(learned),
    documents: 1, created_at: now, updated_at: now,
  });
}

/** The page's content read as its extraction read it: a usable text layer's words, else OCR of the painted page. */
async function readAgain(services: Services, reader: PageReader, doc: DocumentRow): Promise<PageContent | null> {
  const page = await loadEnginePage(services, doc, (p) => !isTextLayerUsable(p.textLayer));
  if (!page) return null;
  const locked = JSON.parse(doc.request ?? '{}') as Partial<LockedRequest>;
  return (await reader.read(page, locked.quality ?? (doc.quality === 'high' ? 'high' : 'fast'))).content;
}

export function learnJob(reader: PageReader): JobDefinition<'layout_memory.learn'> {
  return {
    kind: LEARN_JOB,
    lane: 'cpu',
    maxAttempts: 3,
    async handler(payload, ctx) {
      const { services } = ctx;
      const doc = await documents.byId(services.db, payload.documentId);
      // A later correction or a reprocess since: that one counts, not this.
      const result = doc && doc.corrected_at === payload.correctedAt ? storedResult(doc) : null;
      const content = doc && result ? await loadPageWords(services, doc) ?? await readAgain(services, reader, doc) : null;
      if (!doc || !result || !content) return;
      const learned = learnLayout(content, correctedPage(result));
      if (ctx.signal.aborted) return;
      await ctx.finish(async (trx) => {
        if (learned) await remember(trx, services, doc, content, learned);
      });
    },
  };
}

export function registerLayoutMemoryJobs(registry: JobRegistry): void {
  // The default OCR threads, as src/extract/engines/engine-thread.ts reads: a page cut into other bands reads other words.
  registry.register(learnJob(createPageReader({ idleCloseMs: OCR_IDLE_MS })));
}
