/**
 * PUT /documents/{id}/line_items and the revisions list (docs/decisions.md,
 * Corrections, reprocessing, layout memory). A correction replaces the
 * document's stored rows, so results, merge and the xlsx export read it like
 * any result; the engine's output stays in the revisions.
 */
import type { DbOrTrx, Trx } from '../../db/connect.js';
import * as documents from '../../db/queries/documents.js';
import * as revisions from '../../db/queries/document-revisions.js';
import type { DocumentRevisionRow, DocumentRow } from '../../db/schema.js';
import { isTextLayerUsable } from '../../extract/index.js';
import type { TextLayer } from '../../extract/types.js';
import { isoNow } from '../../clock.js';
import { errors } from '../../errors.js';
import type { Services } from '../../services.js';
import type { Principal } from '../accounts/index.js';
import { indexPage, type PageIndex } from '../bbox/index.js';
import { enqueueLearning, loadWordsOnPage } from '../layout-memory/index.js';
import { getDocument } from '../results/index.js';
import { storedResult, type StoredResult } from '../shared/index.js';
import { checkRows, correctedResult } from './rows.js';

async function ownedDocument(db: DbOrTrx, principal: Principal, id: string): Promise<DocumentRow> {
  const doc = await documents.ownedWithBatchName(db, id, [principal.accountId, principal.pool.id]);
  if (!doc) throw errors.documentNotFound(id);
  return doc;
}

const notSucceeded = (doc: DocumentRow) =>
  errors.invalidParameter('document_id', `Only a succeeded document can be corrected; ${doc.id} is ${doc.status === 'uploaded' ? 'not processed' : doc.status}.`);

/**
 * The page's words where they are stored, indexed for locating values: a usable PDF text layer, else the words OCR
 * read off the scan (core/layout-memory/page-words.ts); null for a page read before those were kept.
 */
async function storedPageIndex(services: Services, doc: DocumentRow): Promise<PageIndex | null> {
  const raw = doc.text_layer_key ? await services.blobs.get(doc.text_layer_key) : null;
  const layer = raw ? (JSON.parse(raw.toString('utf8')) as TextLayer) : null;
  const words = isTextLayerUsable(layer) ? layer.words : await loadWordsOnPage(services, doc);
  return words ? indexPage(words, doc.width > 0 && doc.height > 0 ? doc.width / doc.height : 1) : null;
}

/** The engine's output of the document's current wave as a revision, unless it is recorded already. */
export async function recordEngineOutput(trx: Trx, doc: DocumentRow, result: StoredResult, at: string): Promise<void> {
  if (await revisions.hasEngineOutput(trx, doc.id, doc.wave)) return;
  await revisions.append(trx, { document_id: doc.id, wave: doc.wave, source: 'engine', result: JSON.stringify(result), created_at: at });
}

export async function correctLineItems(services: Services, principal: Principal, id: string, lineItems: unknown) {
  const doc = await ownedDocument(services.db, principal, id);
  const current = storedResult(doc);
  if (!current) throw notSucceeded(doc);
  const corrected = correctedResult(current, checkRows(lineItems, current.fields), await storedPageIndex(services, doc));
  await services.db.transaction().execute(async (trx) => {
    const locked = await documents.byId(trx, id, { lock: true });
    // A reprocess may have started a new wave since the rows were read: that wave's rows are not the ones corrected.
    if (!locked || locked.status !== 'succeeded' || locked.wave !== doc.wave) throw notSucceeded(locked ?? doc);
    const now = isoNow(services.clock);
    if (locked.corrected_at === null) await recordEngineOutput(trx, locked, storedResult(locked)!, locked.completed_at ?? now);
    await revisions.append(trx, { document_id: id, wave: locked.wave, source: 'correction', result: JSON.stringify(corrected), created_at: now });
    await documents.markCorrected(trx, id, locked.wave, corrected, now);
    // What the person set teaches the layout engine this sender's layout (docs/decisions.md, layout memory).
    await enqueueLearning(trx, services, locked, now);
  });
  return getDocument(services, principal, id);
}

/** Up to `limit` revisions of the caller's document, newest first, below revision `before`. */
export async function listRevisions(services: Services, principal: Principal, id: string, limit: number, before: number | null): Promise<DocumentRevisionRow[]> {
  await ownedDocument(services.db, principal, id);
  return revisions.pageOf(services.db, id, before, limit);
}
