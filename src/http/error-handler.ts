import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERROR_CATALOG, errors } from '../errors.js';

/** The spec's error body (api-v1.md, Errors); `param` only where the code carries one. */
export function errorBody(err: AppError, baseUrl: string) {
  return {
    error: {
      type: err.type,
      code: err.code,
      message: err.message,
      doc_url: `${baseUrl}/docs/errors#${err.code}`,
      ...(err.param !== undefined ? { param: err.param } : {}),
    },
  };
}

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** `/fields/0/name` → `fields.0.name`; the top-level property is what clients match on. */
function paramFromPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.');
}

function fromValidation(err: FastifyError & { validation: AjvIssue[]; validationContext?: string }): AppError {
  const issue = err.validation[0];
  if (issue.keyword === 'required') {
    const name = String(issue.params.missingProperty);
    const prefix = paramFromPath(issue.instancePath);
    return errors.missingParameter(prefix ? `${prefix}.${name}` : name);
  }
  const param = paramFromPath(issue.instancePath) || String(issue.params.additionalProperty ?? err.validationContext ?? 'body');
  const detail = issue.keyword === 'additionalProperties'
    ? `Unknown parameter "${String(issue.params.additionalProperty)}".`
    : `${param} ${issue.message ?? 'is invalid'}.`;
  return errors.invalidParameter(param, detail);
}

/** Maps any thrown thing to an AppError so every non-2xx answer has the same shape. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const fe = err as FastifyError & { validation?: AjvIssue[] };
  if (fe.validation && fe.validation.length > 0) return fromValidation(fe as FastifyError & { validation: AjvIssue[] });
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errors.invalidParameter('body', 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errors.invalidParameter('body', 'Unsupported Content-Type; send application/json (multipart/form-data for uploads).');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return errors.invalidParameter('body', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return errors.invalidParameter('body', 'The Content-Length does not match the body.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return errors.invalidParameter('body', 'This endpoint expects multipart/form-data.');
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return errors.invalidParameter('body', fe.message);
  }
  return errors.internal();
}

export function installErrorHandling(app: FastifyInstance, baseUrl: string): void {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(err);
    if (appError.status >= 500) request.log.error({ err }, 'request failed');
    void reply.code(appError.status).headers(appError.headers).send(errorBody(appError, baseUrl));
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const other = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
      (method) => method !== request.method && app.findRoute({ method, url }) !== null,
    );
    const err = other.length > 0 ? errors.methodNotAllowed(request.method, url) : errors.routeNotFound(request.method, url);
    if (other.length > 0) void reply.header('Allow', other.join(', '));
    void reply.code(ERROR_CATALOG[err.code].status).send(errorBody(err, baseUrl));
  });
}
