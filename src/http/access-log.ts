import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Principal } from '../core/accounts/index.js';

/**
 * Fastify's per-request log lines, replaced by one access line per request
 * at info: method, route pattern (never the URL, so no query string and its
 * secrets), status, milliseconds and account; the request id comes from the
 * request's logger. The raw request line stays at debug, its URL redacted
 * (src/log.ts).
 */
export class AccessLog extends LogController {
  constructor() {
    super({ disableRequestLogging: false });
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const principal = request.principal as Principal | null | undefined;
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      accountId: principal?.accountId ?? null,
    };
    // An error here is the connection's (the client went away), not the answer's: that was logged by the error handler.
    if (error) reply.log.warn({ ...line, err: error }, 'request aborted');
    else reply.log.info(line, 'request');
  }
}
