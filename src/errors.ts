/**
 * The one error type of the service. Core code throws these through the
 * factories below; only the HTTP layer maps a code to its status and type.
 */
export type ErrorCode =
  | 'missing_api_key'
  | 'invalid_api_key'
  | 'plan_required'
  | 'missing_parameter'
  | 'invalid_parameter'
  | 'duplicate_field_name'
  | 'idempotency_key_reused'
  | 'document_not_found'
  | 'batch_not_found'
  | 'template_not_found'
  | 'layout_memory_not_found'
  | 'template_limit_reached'
  | 'insufficient_credits'
  | 'rate_limit_exceeded'
  | 'not_found'
  | 'method_not_allowed'
  | 'request_timeout'
  | 'service_unavailable'
  | 'internal_error';

export type ErrorType =
  | 'authentication_error'
  | 'invalid_request_error'
  | 'not_found_error'
  | 'insufficient_credits'
  | 'rate_limit_error'
  | 'internal_error';

export const ERROR_CATALOG: Record<ErrorCode, { type: ErrorType; status: number; summary: string }> = {
  missing_api_key: { type: 'authentication_error', status: 401, summary: 'No API key was sent. Send `Authorization: Bearer <API_KEY>`.' },
  invalid_api_key: { type: 'authentication_error', status: 401, summary: 'The API key is unknown, revoked, or its account is disabled.' },
  plan_required: { type: 'authentication_error', status: 403, summary: 'The API needs the Basic plan or higher.' },
  missing_parameter: { type: 'invalid_request_error', status: 400, summary: 'A required parameter is missing; `param` names it.' },
  invalid_parameter: { type: 'invalid_request_error', status: 400, summary: 'A parameter has a bad value, or the request cannot apply; `param` names it.' },
  duplicate_field_name: { type: 'invalid_request_error', status: 400, summary: 'The template already has a field with that name.' },
  idempotency_key_reused: { type: 'invalid_request_error', status: 400, summary: 'The Idempotency-Key was already used with different parameters.' },
  document_not_found: { type: 'not_found_error', status: 404, summary: 'No such document for this account, or its file is no longer stored.' },
  batch_not_found: { type: 'not_found_error', status: 404, summary: 'No such batch for this account.' },
  template_not_found: { type: 'not_found_error', status: 404, summary: 'No such template (or field) for this account.' },
  layout_memory_not_found: { type: 'not_found_error', status: 404, summary: 'No such layout memory for this account.' },
  template_limit_reached: { type: 'invalid_request_error', status: 400, summary: 'The account already has the maximum of 30 templates.' },
  insufficient_credits: { type: 'insufficient_credits', status: 402, summary: 'Not enough credits; see available_credits on GET /account.' },
  rate_limit_exceeded: { type: 'rate_limit_error', status: 429, summary: 'Too many requests or too many unprocessed documents; X-RateLimit-Reset says when to retry.' },
  not_found: { type: 'not_found_error', status: 404, summary: 'No such route.' },
  method_not_allowed: { type: 'invalid_request_error', status: 405, summary: 'The route does not support this HTTP method.' },
  request_timeout: { type: 'invalid_request_error', status: 408, summary: 'The request (headers and body) did not arrive in time; send it again.' },
  service_unavailable: { type: 'internal_error', status: 503, summary: 'The server is shutting down; send the request again (another instance answers, or this one once restarted).' },
  internal_error: { type: 'internal_error', status: 500, summary: 'Something went wrong on our side; it is safe to retry.' },
};

/** Codes whose error body carries `param` (docs/api.md, Errors). */
const CODES_WITH_PARAM = new Set<ErrorCode>(['missing_parameter', 'invalid_parameter', 'duplicate_field_name']);

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly param: string | undefined;
  /** Extra response headers (rate limits). */
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, param?: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.param = CODES_WITH_PARAM.has(code) ? param : undefined;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_CATALOG[this.code].status;
  }

  get type(): ErrorType {
    return ERROR_CATALOG[this.code].type;
  }
}

export const errors = {
  missingApiKey: () => new AppError('missing_api_key', 'No API key provided. Send the header `Authorization: Bearer <API_KEY>`.'),
  invalidApiKey: () => new AppError('invalid_api_key', 'The API key is invalid, revoked, or belongs to a disabled account.'),
  missingAdminToken: (path: string) =>
    new AppError('missing_api_key', `No admin token provided: ${path} takes the server's DOCROWS_ADMIN_TOKEN as the bearer token (\`Authorization: Bearer <DOCROWS_ADMIN_TOKEN>\`).`),
  invalidAdminToken: (path: string) =>
    new AppError('invalid_api_key', `The admin token is invalid: ${path} takes the server's DOCROWS_ADMIN_TOKEN as the bearer token, not an API key.`),
  planRequired: (plan: string) =>
    new AppError('plan_required', `The API is not available on the ${plan} plan; Basic or higher is required.`),
  missingParameter: (param: string, message = `Missing required parameter: ${param}.`) =>
    new AppError('missing_parameter', message, param),
  invalidParameter: (param: string, message: string) => new AppError('invalid_parameter', message, param),
  duplicateFieldName: (name: string) =>
    new AppError('duplicate_field_name', `A field named "${name}" already exists in this template.`, 'name'),
  idempotencyKeyReused: () =>
    new AppError('idempotency_key_reused', 'This Idempotency-Key was already used with different request parameters.'),
  documentNotFound: (id: string) => new AppError('document_not_found', `No document with id "${id}".`),
  batchNotFound: (name: string) => new AppError('batch_not_found', `No batch named "${name}".`),
  layoutMemoryNotFound: (id: string) => new AppError('layout_memory_not_found', `No layout memory with id "${id}".`),
  templateNotFound: (id: number | string) => new AppError('template_not_found', `No template with id ${id}.`),
  fieldNotFound: (templateId: number, fieldId: number | string) =>
    new AppError('template_not_found', `Template ${templateId} has no field with id ${fieldId}.`),
  templateLimitReached: (max: number) =>
    new AppError('template_limit_reached', `The account already has ${max} templates, the maximum.`),
  insufficientCredits: (needed: number, available: number) =>
    new AppError('insufficient_credits', `This needs ${needed} credits but only ${available} are available.`),
  rateLimitExceeded: (message: string, headers: Record<string, string>) =>
    new AppError('rate_limit_exceeded', message, undefined, headers),
  routeNotFound: (method: string, url: string) => new AppError('not_found', `No route ${method} ${url}.`),
  methodNotAllowed: (method: string, url: string) =>
    new AppError('method_not_allowed', `${method} is not supported on ${url}.`),
  requestTimeout: (seconds: number) =>
    new AppError('request_timeout', `The request did not arrive completely within ${seconds} seconds.`),
  shuttingDown: () =>
    new AppError('service_unavailable', 'The server is shutting down and takes no new requests; send the request again.'),
  internal: (message = 'An internal error occurred.') => new AppError('internal_error', message),
};
