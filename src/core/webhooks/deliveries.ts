import { Webhook } from 'standardwebhooks';
import type { Trx } from '../../db/connect.js';
import type { WebhookRegistrationRow } from '../../db/schema.js';
import * as webhookRegistrations from '../../db/queries/webhook-registrations.js';
import { enqueueJob } from '../../jobs/queue.js';
import { DeferJobError, PermanentJobError, RetryAfterError, type JobContext, type JobRegistry } from '../../jobs/registry.js';
import type { Services } from '../../services.js';
import { isoNow } from '../../clock.js';
import { HostSlots } from './host-slots.js';
import { postDelivery } from './post.js';

/**
 * Webhook deliveries (docs/decisions.md, Webhooks): each event to a
 * batch's callback_url is one durable `webhook.deliver` job on the `io` lane,
 * so a slow receiver never holds up extraction. The message id is fixed per
 * event, so every retry carries the same `webhook-id`.
 */

const WEBHOOK_JOB = 'webhook.deliver';
const DELIVERY_TIMEOUT_MS = 15_000;
/** Standard Webhooks' recommended schedule after each failed attempt. */
const RETRY_SCHEDULE_MS = [5e3, 300e3, 1800e3, 7200e3, 18000e3, 36000e3, 50400e3, 72000e3, 86400e3];
/** Deliveries running at once to one receiver host (per worker pool), and how soon one waiting for its host tries again. */
const DELIVERIES_PER_HOST = 2;
const HOST_BUSY_RETRY_MS = 2_000;
/** The longest a receiver's Retry-After may hold a delivery back. */
const RETRY_AFTER_CAP_MS = 86_400e3;

interface WebhookDelivery {
  registrationId: number;
  messageId: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

declare module '../../jobs/registry.js' {
  interface JobKinds {
    'webhook.deliver': WebhookDelivery;
  }
}

/**
 * Queues `type` for the batch's registered callback, in the caller's
 * transaction; returns the message id, or null when the batch has no webhook.
 * Used for batch.completed here and for document.bbox_completed by bbox.
 */
export async function enqueueWebhookEvent(
  trx: Trx, services: Services, accountId: number, batchName: string, type: string, data: Record<string, unknown>,
  opts: { messageId?: string; createdAt?: string } = {},
): Promise<string | null> {
  const registration = await webhookRegistrations.forBatch(trx, accountId, batchName);
  if (!registration) return null;
  const messageId = opts.messageId ?? `msg_${services.ids.ulid()}`;
  const payload: WebhookDelivery = { registrationId: registration.id, messageId, type, createdAt: opts.createdAt ?? isoNow(services.clock), data };
  await enqueueJob(trx, services.clock, WEBHOOK_JOB, payload, {
    dedupeKey: `webhook:${registration.id}:${messageId}`,
    maxAttempts: RETRY_SCHEDULE_MS.length + 1,
  });
  return messageId;
}

/** Body and the three Standard Webhooks headers for one attempt. */
export function signDelivery(secret: string, delivery: WebhookDelivery, now: Date): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ type: delivery.type, created_at: delivery.createdAt, data: delivery.data });
  const signature = new Webhook(secret).sign(delivery.messageId, now, body);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': delivery.messageId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
    },
  };
}

function retryAfterMs(header: string | string[] | undefined, now: Date): number | null {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return null;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim()) * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

export function registerWebhookJobs(registry: JobRegistry): void {
  const hosts = new HostSlots(DELIVERIES_PER_HOST);
  registry.register({
    kind: WEBHOOK_JOB,
    lane: 'io',
    leaseMs: DELIVERY_TIMEOUT_MS * 2,
    maxAttempts: RETRY_SCHEDULE_MS.length + 1,
    backoffMs(attempt, error) {
      const base = RETRY_SCHEDULE_MS[Math.min(attempt, RETRY_SCHEDULE_MS.length) - 1];
      const step = Math.round(base * (1 + Math.random() * 0.1)); // a little jitter, so receivers are not hit in lockstep
      // Retry-After only ever lengthens the step: a short one would use up every attempt within seconds.
      return error instanceof RetryAfterError ? Math.max(step, Math.min(error.delayMs, RETRY_AFTER_CAP_MS)) : step;
    },
    async handler(delivery, ctx) {
      const registration = await webhookRegistrations.byId(ctx.services.db, delivery.registrationId);
      if (!registration) return; // the batch was deleted: nothing to tell anyone
      const host = new URL(registration.callback_url).host;
      // Waiting for its host is no failed attempt: the job comes back without using a retry.
      if (!hosts.tryTake(host)) throw new DeferJobError(`${host} already has ${DELIVERIES_PER_HOST} deliveries running`, HOST_BUSY_RETRY_MS);
      try {
        await deliver(delivery, registration, host, ctx);
      } finally {
        hosts.release(host);
      }
    },
  });
}

/** One attempt: sign, POST, and settle on the answer (2xx delivered; 410 gives up; 429/503 may set the wait). */
async function deliver(delivery: WebhookDelivery, registration: WebhookRegistrationRow, host: string, ctx: JobContext): Promise<void> {
  const { services } = ctx;
  const now = services.clock.now();
  const { body, headers } = signDelivery(registration.secret, delivery, now);
  // The receiver's host only: a callback URL's path or query may carry the receiver's own secret.
  const attempt = { registrationId: registration.id, messageId: delivery.messageId, type: delivery.type, host, attempt: ctx.job.attempts };
  const failed = (status: number | null, error?: string) => {
    services.metrics.webhookDeliveries.inc({ outcome: 'failed' });
    services.log.warn({ ...attempt, status, ...(error ? { error } : {}) }, 'webhook delivery failed');
  };
  const res = await postDelivery(registration.callback_url, body, headers, { allowPrivate: services.config.allowPrivateUrls, timeoutMs: DELIVERY_TIMEOUT_MS })
    .catch((err: unknown) => {
      failed(null, err instanceof Error ? err.message : String(err));
      throw err;
    });
  if (res.statusCode >= 200 && res.statusCode < 300) {
    services.metrics.webhookDeliveries.inc({ outcome: 'delivered' });
    await ctx.finish(async (trx) => {
      if (delivery.type !== 'batch.completed') return;
      await webhookRegistrations.markFired(trx, registration.id, isoNow(services.clock));
    });
    return;
  }
  failed(res.statusCode);
  if (res.statusCode === 410) throw new PermanentJobError('receiver answered 410 Gone: no more retries');
  const wait = res.statusCode === 429 || res.statusCode === 503 ? retryAfterMs(res.headers['retry-after'], now) : null;
  const why = `receiver answered HTTP ${res.statusCode}`;
  if (wait !== null) throw new RetryAfterError(why, wait);
  throw new Error(why);
}
