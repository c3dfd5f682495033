import { Transport, type RetryOptions } from './transport.js';
import type { Answer, Body } from './types.js';

export interface DocrowsAdminClientOptions {
  baseUrl: string;
  /** The server's DOCROWS_ADMIN_TOKEN (not an API key). */
  adminToken: string;
  retry?: RetryOptions;
  fetch?: typeof fetch;
}

/** The operator API (/admin/v1): present only on servers started with DOCROWS_ADMIN_TOKEN. */
export class DocrowsAdminClient {
  private readonly http: Transport;

  constructor(options: DocrowsAdminClientOptions) {
    this.http = new Transport({ baseUrl: options.baseUrl, token: options.adminToken, retry: options.retry, fetch: options.fetch });
  }

  /** Not retried after a lost answer: a second try would create a second account. */
  createAccount(body: Body<'/admin/v1/accounts', 'post'>): Promise<Answer<'/admin/v1/accounts', 'post'>> {
    return this.http.send({ method: 'POST', path: '/admin/v1/accounts', json: body, retrySafe: false });
  }
  account(id: number): Promise<Answer<'/admin/v1/accounts/{id}', 'get'>> {
    return this.http.send({ method: 'GET', path: `/admin/v1/accounts/${id}`, retrySafe: true });
  }
  /** Not retried: a credits delta applied twice would grant twice. */
  updateAccount(id: number, body: Body<'/admin/v1/accounts/{id}', 'patch'>): Promise<Answer<'/admin/v1/accounts/{id}', 'patch'>> {
    return this.http.send({ method: 'PATCH', path: `/admin/v1/accounts/${id}`, json: body, retrySafe: false });
  }
  createApiKey(accountId: number): Promise<Answer<'/admin/v1/accounts/{id}/api-keys', 'post'>> {
    return this.http.send({ method: 'POST', path: `/admin/v1/accounts/${accountId}/api-keys`, retrySafe: false });
  }
  revokeApiKey(apiKeyOrPrefix: string): Promise<unknown> {
    return this.http.send({ method: 'DELETE', path: `/admin/v1/api-keys/${encodeURIComponent(apiKeyOrPrefix)}`, retrySafe: true });
  }
  cancelDocument(documentId: string): Promise<Answer<'/admin/v1/documents/{document_id}/cancel', 'post'>> {
    return this.http.send({ method: 'POST', path: `/admin/v1/documents/${encodeURIComponent(documentId)}/cancel`, retrySafe: true });
  }
  setProcessing(body: Body<'/admin/v1/processing', 'put'>): Promise<Answer<'/admin/v1/processing', 'put'>> {
    return this.http.send({ method: 'PUT', path: '/admin/v1/processing', json: body, retrySafe: true });
  }
}
