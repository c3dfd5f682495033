import type { DbOrTrx } from '../../db/connect.js';
import * as webhookRegistrations from '../../db/queries/webhook-registrations.js';
import type { WebhookRegistrationRow } from '../../db/schema.js';
import { BlockedAddressError, isPublicAddress, resolveChecked } from '../../ingest/public-address.js';
import { isoNow, type Clock, type IdSource } from '../../clock.js';
import { errors } from '../../errors.js';

/**
 * Batch webhook registrations (docs/api.md, Resources;
 * docs/decisions.md, Webhooks): one per account + batch name, secret generated
 * once and never rotated, fired_at never reset by a registration.
 */

export interface CallbackOptions {
  /** DOCROWS_ALLOW_PRIVATE_URLS. */
  allowPrivate: boolean;
  /** Which request parameter carried the URL (callback_url on PUT, webhook_url on process). */
  param?: string;
}

/** http(s) URL whose host resolves only to public addresses (unless private URLs are allowed). Does DNS: call outside transactions. */
export async function validateCallbackUrl(raw: string, opts: CallbackOptions): Promise<string> {
  const param = opts.param ?? 'callback_url';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw errors.invalidParameter(param, `${param} must be an http:// or https:// URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw errors.invalidParameter(param, `${param} must be an http:// or https:// URL.`);
  if (!opts.allowPrivate) {
    try {
      await resolveChecked(url.hostname, isPublicAddress);
    } catch (err) {
      // Self-hosted receivers often live on a private network: name the setting that allows them.
      if (err instanceof BlockedAddressError) {
        const hint = err.address === null ? '' : ' The server\'s operator can allow private addresses with DOCROWS_ALLOW_PRIVATE_URLS=true.';
        throw errors.invalidParameter(param, `${err.message}${hint}`);
      }
      throw err;
    }
  }
  return raw;
}

/** Creates or updates the registration; only callback_url changes on update. URL must already be validated. */
export async function saveRegistration(
  db: DbOrTrx, clock: Clock, ids: IdSource, accountId: number, batchName: string, callbackUrl: string,
): Promise<WebhookRegistrationRow> {
  return webhookRegistrations.save(db, {
    account_id: accountId,
    batch_name: batchName,
    callback_url: callbackUrl,
    secret: `whsec_${ids.randomBytes(24).toString('base64')}`,
    created_at: isoNow(clock),
    fired_at: null,
  });
}

export async function registerWebhook(
  db: DbOrTrx, clock: Clock, ids: IdSource, accountId: number, batchName: string, callbackUrl: string, opts: CallbackOptions,
): Promise<WebhookRegistrationRow> {
  const url = await validateCallbackUrl(callbackUrl, opts);
  return saveRegistration(db, clock, ids, accountId, batchName, url);
}

/** The public registration object. */
export function registrationView(row: WebhookRegistrationRow) {
  return {
    batch_name: row.batch_name,
    callback_url: row.callback_url,
    webhook_secret: row.secret,
    created_at: row.created_at,
    fired_at: row.fired_at,
  };
}
