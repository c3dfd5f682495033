import * as batches from '../../db/queries/batches.js';
import * as documents from '../../db/queries/documents.js';
import type { Services } from '../../services.js';
import { refundDocument } from '../billing/index.js';
import { documentView } from '../results/index.js';
import { publicStatus } from '../shared/index.js';
import { isoNow } from '../../clock.js';
import { errors } from '../../errors.js';
import { onDocumentTerminal } from '../events/index.js';

/**
 * POST /admin/v1/documents/{id}/cancel (docs/decisions.md, Operator interface in full): a queued or processing
 * document becomes canceled and is refunded at its locked rate. A worker
 * still extracting it finds it canceled when it settles and writes nothing.
 */
export async function cancelDocument(services: Services, documentId: string) {
  return services.db.transaction().execute(async (trx) => {
    const doc = await documents.byId(trx, documentId, { lock: true });
    if (!doc) throw errors.documentNotFound(documentId);
    if (doc.status !== 'queued' && doc.status !== 'processing') {
      throw errors.invalidParameter('document_id', `Only a queued or processing document can be canceled; this one is ${publicStatus(doc.status)}.`);
    }
    await documents.markCanceled(trx, doc.id, isoNow(services.clock));
    await refundDocument(trx, services.clock, doc, 'canceled');
    const canceled = (await documents.byId(trx, doc.id))!;
    await onDocumentTerminal(trx, services, canceled);
    return documentView(canceled, (await batches.nameOf(trx, doc.batch_id))!, services.config.baseUrl);
  });
}
