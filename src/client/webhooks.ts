import { Webhook } from 'standardwebhooks';

/** The body docrows posts to a batch's callback URL (signed in src/core/webhooks/deliveries.ts). */
export interface WebhookEvent {
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

/** The signature, timestamp or id is missing, wrong, or too old (replay). */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string {
  const raw = headers instanceof Headers ? headers.get(name) : headers[name] ?? headers[name.toLowerCase()];
  return (Array.isArray(raw) ? raw[0] : raw) ?? '';
}

/**
 * For receivers: checks a delivery as docrows signs it (Standard Webhooks:
 * webhook-id, webhook-timestamp, webhook-signature over the raw body, with
 * the batch's `webhook_secret`) and returns the parsed event. Pass the body
 * exactly as received, before any JSON parsing.
 */
export function verifyWebhook(secret: string, rawBody: string | Buffer, headers: HeaderBag): WebhookEvent {
  const bag = {
    'webhook-id': header(headers, 'webhook-id'),
    'webhook-timestamp': header(headers, 'webhook-timestamp'),
    'webhook-signature': header(headers, 'webhook-signature'),
  };
  try {
    return new Webhook(secret).verify(rawBody, bag) as WebhookEvent;
  } catch (err) {
    throw new WebhookVerificationError(err instanceof Error ? err.message : String(err));
  }
}
