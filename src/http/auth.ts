import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, type Principal } from '../core/accounts/index.js';
import { errors } from '../errors.js';
import { consumeRequest } from '../core/requests/index.js';
import type { Services } from '../services.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
  }
}

/** Constant-time comparison of two secrets of any length (the admin token). */
export function tokensEqual(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  // Any other scheme is still "a key was sent": it will not match and answers invalid_api_key.
  return match ? match[1].trim() : header.trim() || undefined;
}

/**
 * Authenticates every request of the scope it is registered in, then applies
 * the per-key request-rate limit (docs/decisions.md, Authentication and limits) and reports it in headers.
 */
export function installApiAuth(app: FastifyInstance, services: Services): void {
  app.decorateRequest('principal', null as unknown as Principal);
  app.addHook('onRequest', async (request, reply) => {
    request.principal = await authenticate(services.db, bearerToken(request));
    const limit = services.config.rateLimitPerMin;
    if (limit === 0) return;
    const decision = await consumeRequest(services.db, `key:${request.principal.apiKeyId}`, limit, services.clock.now().getTime());
    const headers = {
      'X-RateLimit-Limit': String(decision.limit),
      'X-RateLimit-Remaining': String(decision.remaining),
      'X-RateLimit-Reset': String(decision.reset),
    };
    if (!decision.allowed) {
      const retryAfter = Math.max(1, decision.reset - Math.floor(services.clock.now().getTime() / 1000));
      throw errors.rateLimitExceeded(`More than ${limit} requests this minute for this API key.`, {
        ...headers,
        'Retry-After': String(retryAfter),
      });
    }
    void reply.headers(headers);
  });
}
