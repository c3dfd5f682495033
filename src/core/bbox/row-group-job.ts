import type { Trx } from '../../db/connect.js';
import * as bboxJobs from '../../db/queries/bbox-jobs.js';
import * as documents from '../../db/queries/documents.js';
import type { DocumentRow } from '../../db/schema.js';
import { BBOX_ROW_GROUP_JOB } from './trigger.js';
import { isTerminal, storedResult } from '../shared/index.js';
import { indexPage, locateRow, type PageIndex } from './locate.js';
import { finishRowGroup, markRowGroupProcessing, markRowGroupQueued } from './settle.js';
import type { Box, Word } from '../../extract/types.js';
import type { Services } from '../../services.js';
import { PermanentJobError, type JobDefinition, type JobKinds, type JobRegistry } from '../../jobs/registry.js';
import { createPageOcr, readPageWords, type PageOcr, type WordCache } from './page-words.js';

type Payload = JobKinds['bbox.row_group'];

/** What a row group works on, or null when its job is gone (batch deleted) or already over. */
async function loadTarget(services: Services, p: Payload) {
  const group = await bboxJobs.rowGroup(services.db, p.bboxJobId, p.groupIndex);
  if (!group || isTerminal(group.status)) return null;
  const job = await bboxJobs.documentOf(services.db, p.bboxJobId);
  if (!job || job.running_document_id === null) return null;
  const doc = await documents.byId(services.db, job.document_id);
  return doc ? { group, doc } : null;
}

/** OCR words on the job row: a deleted job takes them along, and a save after deletion updates nothing. */
function jobWordCache(services: Services, jobId: string): WordCache {
  return {
    key: jobId,
    async load() {
      const words = await bboxJobs.pageWordsOf(services.db, jobId);
      return words ? (JSON.parse(words) as Word[]) : null;
    },
    save: (words) => bboxJobs.savePageWords(services.db, jobId, JSON.stringify(words)),
  };
}

/** The page's words indexed for locating, or null when the job vanished meanwhile (nothing left to do). */
async function pageIndex(services: Services, ocr: PageOcr, doc: DocumentRow, payload: Payload): Promise<PageIndex | null> {
  const words = await readPageWords(services, ocr, doc, jobWordCache(services, payload.bboxJobId));
  if (words === null) {
    // A deleted batch loses its blobs right after its rows: that is not a failure of this job.
    if (!(await loadTarget(services, payload))) return null;
    throw new PermanentJobError(`document ${doc.id}: page image and text layer are no longer stored`);
  }
  return indexPage(words, doc.width > 0 && doc.height > 0 ? doc.width / doc.height : 1);
}

/**
 * The `bbox.row_group` job: locates the values of one chunk of a document's
 * rows on the page words and records the boxes; the last group to finish ends
 * the bbox job (settle.ts). `ocr` reads words of pages without a usable
 * text layer; it is built once per worker pool.
 */
export function bboxRowGroupJob(ocr: PageOcr): JobDefinition<'bbox.row_group'> {
  return {
    kind: BBOX_ROW_GROUP_JOB,
    lane: 'cpu',
    maxAttempts: 3,
    // OCR of a dense page can take several seconds on a busy machine.
    leaseMs: 60_000,
    async handler(payload, ctx) {
      const { services } = ctx;
      const target = await loadTarget(services, payload);
      if (!target) return; // the worker completes the queue row as a no-op
      await services.db.transaction().execute((trx) => markRowGroupProcessing(trx, services, payload.bboxJobId, payload.groupIndex));
      const index = await pageIndex(services, ocr, target.doc, payload);
      if (!index) return;
      const rows = storedResult(target.doc)?.rows ?? [];
      const boxes: Record<string, Record<string, Box | null>> = {};
      for (let r = target.group.row_start; r < Math.min(target.group.row_end, rows.length); r++) {
        boxes[String(r)] = locateRow(rows[r], index);
      }
      await ctx.finish((trx) => finishRowGroup(trx, services, payload.bboxJobId, payload.groupIndex, { status: 'succeeded', boxes: JSON.stringify(boxes) }).then(() => undefined));
    },
    onRetry: (trx: Trx, payload, services) => markRowGroupQueued(trx, services, payload.bboxJobId, payload.groupIndex),
    async onGiveUp(trx: Trx, payload, services) {
      await finishRowGroup(trx, services, payload.bboxJobId, payload.groupIndex, { status: 'failed' });
    },
  };
}

/** Registrar listed in src/workers.ts: one OCR reader per registry (per worker pool). */
export function registerBboxJobs(registry: JobRegistry): void {
  registry.register(bboxRowGroupJob(createPageOcr()));
}
