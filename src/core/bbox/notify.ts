import type { Trx } from '../../db/connect.js';
import type { Services } from '../../services.js';
import type { BboxStatus } from './status.js';
import { isoNow } from '../../clock.js';
import { enqueueWebhookEvent } from '../webhooks/index.js';

/**
 * document.bbox_completed to the batch's callback_url (core/webhooks/deliveries.ts skips a
 * batch without one). Called only by the transition that ends the job, so it
 * is enqueued once per job; the message id is derived from the job for the
 * same reason (a receiver deduplicating on webhook-id sees one event per job).
 */
export async function notifyBboxCompleted(
  trx: Trx, services: Services, batch: { accountId: number; batchName: string }, documentId: string, groupBatchId: string, status: BboxStatus,
): Promise<void> {
  const data = { document_id: documentId, group_batch_id: groupBatchId, status };
  await enqueueWebhookEvent(trx, services, batch.accountId, batch.batchName, 'document.bbox_completed', data, {
    messageId: `evt_${groupBatchId}`,
    createdAt: isoNow(services.clock),
  });
}
