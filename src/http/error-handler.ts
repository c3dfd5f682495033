import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERROR_CATALOG, errors } from '../errors.js';
import { describeIssue, type AjvIssue } from './validation.js';

/** The error body (docs/api.md, Errors); `param` only where the code carries one. */
function errorBody(err: AppError, baseUrl: string) {
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
    : describeIssue(param, issue, err.validation);
  return errors.invalidParameter(param, detail);
}

/** Maps any thrown thing to an AppError so every non-2xx answer has the same shape. */
function toAppError(err: unknown): AppError {
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
    case 'FST_ERR_BAD_URL':
      return errors.invalidParameter('path', 'The request path is not valid percent-encoded UTF-8.');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return errors.invalidParameter('path', 'A path parameter is too long.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return errors.invalidParameter('body', 'The multipart body has too many parts: send one `file` (or `url`) and the documented fields.');
    case 'FST_PROTO_VIOLATION':
      return errors.invalidParameter('body', 'A multipart field name is not allowed.');
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return errors.invalidParameter('body', fe.message);
  }
  return errors.internal();
}

/**
 * Errors Fastify meets before any route runs (a path that is not valid
 * percent-encoding, an overlong path parameter): the Fastify option
 * `frameworkErrors`, so they answer in the contract's shape too.
 */
export function frameworkErrors(baseUrl: string) {
  return (err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    const appError = toAppError(err);
    void reply.code(appError.status).send(errorBody(appError, baseUrl));
  };
}

/** How long a refused connection may still send before it is cut off. */
const CLIENT_ERROR_LINGER_MS = 2000;

/**
 * Errors Node's HTTP parser meets before Fastify has a request (the request
 * timeout, oversized headers, bytes that are not HTTP): the Fastify option
 * `clientErrorHandler`, answering on the raw socket in the contract's shape.
 */
export function clientErrorHandler(baseUrl: string, requestTimeoutMs: number) {
  return (err: NodeJS.ErrnoException, socket: Socket): void => {
    // A reset connection has no one left to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const appError = err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? errors.requestTimeout(requestTimeoutMs / 1000)
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? errors.invalidParameter('headers', 'The request headers are too large.')
        : errors.invalidParameter('request', 'The request is not well-formed HTTP.');
    const body = JSON.stringify(errorBody(appError, baseUrl));
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    // Closing with the client's unread bytes still queued (the rest of an oversized header) resets the
    // connection, and a reset can reach the client before it reads the answer: drop what it still sends,
    // and cut it off after a moment if it keeps sending.
    socket.resume();
    setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
  };
}

export function installErrorHandling(app: FastifyInstance, baseUrl: string): void {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(err);
    // A 503 while shutting down is expected, not a fault to log.
    if (appError.code === 'internal_error') request.log.error({ err }, 'request failed');
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
