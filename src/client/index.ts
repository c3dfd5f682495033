/** `docrows/client`: the typed client of the docrows API, for Node 20+. */
export { DocrowsClient, type DocrowsClientOptions, type UploadOptions, type UploadResult, type UploadSource, type WaitOptions } from './client.js';
export { DocrowsAdminClient, type DocrowsAdminClientOptions } from './admin.js';
export { DocrowsError, DocrowsTimeoutError } from './errors.js';
export type { RetryOptions } from './transport.js';
export { verifyWebhook, WebhookVerificationError, type WebhookEvent } from './webhooks.js';
export type * from './types.js';
export type { paths, components } from './api-types.js';
