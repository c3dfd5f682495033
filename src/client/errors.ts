import type { ErrorBody, ErrorCode } from './types.js';

/**
 * An error answer of the API (the error guide at /docs/errors), or `connection_error` when
 * no answer arrived. Match on `code`; `message` is for people. The error
 * body's fields keep their API names (`code`, `type`, `param`, `doc_url`).
 */
export class DocrowsError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'connection_error' | 'unexpected_response';
  readonly type: string;
  readonly param: string | undefined;
  readonly doc_url: string | undefined;
  /** Seconds the server asked to wait (Retry-After), on rate_limit_exceeded. */
  readonly retryAfter: number | undefined;

  constructor(init: { status: number; code: DocrowsError['code']; type: string; message: string; param?: string; doc_url?: string; retryAfter?: number; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'DocrowsError';
    this.status = init.status;
    this.code = init.code;
    this.type = init.type;
    this.param = init.param;
    this.doc_url = init.doc_url;
    this.retryAfter = init.retryAfter;
  }

  /** From an error answer; a body that is not the error shape still gives a DocrowsError. */
  static fromResponse(status: number, body: unknown, retryAfter: number | undefined): DocrowsError {
    const error = (body as Partial<ErrorBody> | null)?.error;
    if (!error || typeof error.code !== 'string') {
      return new DocrowsError({ status, code: 'unexpected_response', type: 'unexpected_response', message: `HTTP ${status} without an error body` });
    }
    return new DocrowsError({ status, code: error.code, type: error.type, message: error.message, param: error.param, doc_url: error.doc_url, retryAfter });
  }
}

/** waitForBatch gave up before the batch was done. */
export class DocrowsTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocrowsTimeoutError';
  }
}
