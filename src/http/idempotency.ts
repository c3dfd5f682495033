import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../errors.js';
import { claimKey, completeKey, fingerprintOf, releaseKey } from '../core/requests/index.js';
import type { Services } from '../services.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'json': the plugin fingerprints body + query itself; 'manual': the route calls `guardIdempotency` (multipart). */
    idempotency?: 'json' | 'manual';
  }
  interface FastifyRequest {
    idempotencyClaim: number | null;
  }
}

const WAIT_POLL_MS = 50;
const WAIT_LIMIT_MS = 120_000;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Applies the Idempotency-Key header of this request with the given fingerprint.
 * Returns true when the answer was already sent (a replay); the caller must stop.
 * A second request with the same key while the first runs waits for it, then replays.
 */
export async function guardIdempotency(
  services: Services, request: FastifyRequest, reply: FastifyReply, fingerprintParts: unknown,
): Promise<boolean> {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return false;
  if (key.length === 0 || key.length > 255) throw errors.invalidParameter('Idempotency-Key', 'Idempotency-Key must be 1 to 255 characters.');
  const scope = {
    accountId: request.principal.accountId,
    method: request.method,
    route: request.url.split('?')[0],
    key,
  };
  const fingerprint = fingerprintOf(fingerprintParts);
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const claim = await claimKey(services.db, services.clock, scope, fingerprint);
    switch (claim.kind) {
      case 'claimed':
        request.idempotencyClaim = claim.id;
        return false;
      case 'mismatch':
        throw errors.idempotencyKeyReused();
      case 'replay':
        void reply
          .code(claim.response.status)
          .headers({ ...claim.response.headers, 'Idempotent-Replayed': 'true' })
          .send(claim.response.body);
        return true;
      case 'in_flight':
        if (Date.now() > deadline) {
          throw errors.rateLimitExceeded('A request with this Idempotency-Key is still running; retry later.', { 'Retry-After': '5' });
        }
        await sleep(WAIT_POLL_MS);
    }
  }
}

/** Stores or releases the claimed key with the answer, for routes that opted in. */
export function installIdempotency(app: FastifyInstance, services: Services): void {
  app.decorateRequest('idempotencyClaim', null);
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.idempotency !== 'json') return;
    if (await guardIdempotency(services, request, reply, { body: request.body ?? null, query: request.query ?? null })) {
      return reply;
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotencyClaim;
    if (id === null) return payload;
    request.idempotencyClaim = null;
    if (reply.statusCode >= 500) {
      await releaseKey(services.db, id);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await completeKey(services.db, id, {
      status: reply.statusCode,
      body: typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '',
      headers: contentType ? { 'content-type': String(contentType) } : {},
    });
    return payload;
  });
}
