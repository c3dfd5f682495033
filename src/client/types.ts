import type { components, paths } from './api-types.js';

/**
 * Shorthands over the generated OpenAPI types (api-types.ts): what an
 * operation takes and answers, by path and method.
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type Path = keyof paths;
type Op<P extends Path, M extends Method> = paths[P][M & keyof paths[P]];

type JsonContent<R> = R extends { content: { 'application/json': infer J } } ? J : never;
type Responses<O> = O extends { responses: infer R } ? R : never;

/** The JSON body of the operation's success answer (200, 201 or 202). */
export type Answer<P extends Path, M extends Method> =
  | JsonContent<Responses<Op<P, M>>[200 & keyof Responses<Op<P, M>>]>
  | JsonContent<Responses<Op<P, M>>[201 & keyof Responses<Op<P, M>>]>
  | JsonContent<Responses<Op<P, M>>[202 & keyof Responses<Op<P, M>>]>;

/** The operation's query parameters. */
export type Query<P extends Path, M extends Method> = Op<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The operation's JSON request body. */
export type Body<P extends Path, M extends Method> = Op<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

export type ErrorBody = components['schemas']['Error'];
/** Every `error.code` the API answers (listed at /docs/errors, src/errors.ts). */
export type ErrorCode = ErrorBody['error']['code'];

export type Account = Answer<'/api/v1/account', 'get'>;
export type LedgerEntry = Answer<'/api/v1/account/usage', 'get'>['data'][number];
export type UploadAnswer = Answer<'/api/v1/documents', 'post'>;
export type DocumentObject = Answer<'/api/v1/documents/{document_id}', 'get'>;
export type BatchSummary = Answer<'/api/v1/batches', 'get'>['data'][number];
export type BatchStatus = Answer<'/api/v1/batches/{batch_name}', 'get'>;
export type BatchDeleted = Answer<'/api/v1/batches/{batch_name}', 'delete'>;
export type WebhookRegistration = Answer<'/api/v1/batches/{batch_name}/webhook', 'put'>;
export type ProcessRequest = Body<'/api/v1/batches/{batch_name}/process', 'post'>;
export type ProcessAnswer = Answer<'/api/v1/batches/{batch_name}/process', 'post'>;
export type BatchResults = Answer<'/api/v1/batches/{batch_name}/results', 'get'>;
export type Template = Answer<'/api/v1/templates', 'get'>['data'][number];
export type TemplateField = Template['fields'][number];
export type Preset = Answer<'/api/v1/presets', 'get'>['data'][number];
export type CorrectionRequest = Body<'/api/v1/documents/{document_id}/line_items', 'put'>;
export type Revision = Answer<'/api/v1/documents/{document_id}/line_items/revisions', 'get'>['data'][number];
export type LayoutMemory = Answer<'/api/v1/layout_memories', 'get'>['data'][number];
export type BboxJob = Answer<'/api/v1/documents/{document_id}/bbox', 'post'>;
export type BboxState = Answer<'/api/v1/documents/{document_id}/bbox', 'get'>;
export type FeedEvent = Answer<'/api/v1/events', 'get'>['data'][number];

/** The list envelope of every paged endpoint. */
export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_page_token: string | null;
}
