import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { errors } from '../../errors.js';
import type { Services } from '../../services.js';
import { bearerToken, tokensEqual } from '../auth.js';

/** Turns an exception into the word /readyz reports, logging the detail. */
async function probe(services: Services, what: string, check: () => Promise<unknown>): Promise<'ok' | 'unreachable'> {
  try {
    await check();
    return 'ok';
  } catch (err) {
    services.log.warn({ err }, `readiness check failed: ${what}`);
    return 'unreachable';
  }
}

/**
 * Operator endpoints beside the API (decisions.md, docrows extensions; docs/operations.md):
 * /healthz, /readyz and /metrics, plus the per-request HTTP metrics. Register
 * before any other route so the request hook sees every route.
 */
export function registerOperatorRoutes(app: FastifyInstance, services: Services): void {
  const hidden = { schema: { hide: true } };
  const { metrics } = services;

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    // idempotency.ts marks a stored answer sent again.
    if (reply.getHeader('idempotent-replayed') === 'true') metrics.idempotentReplays.inc({ route });
  });

  app.get('/healthz', hidden, async () => ({ status: 'ok' }));

  app.get('/readyz', hidden, async (_request, reply) => {
    const [database, storage] = await Promise.all([
      probe(services, 'database', () => sql`SELECT 1`.execute(services.db)),
      probe(services, 'storage', () => services.blobs.ping()),
    ]);
    const ready = database === 'ok' && storage === 'ok';
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', database, storage });
  });

  const { adminToken, metricsPublic } = services.config;
  app.get('/metrics', {
    ...hidden,
    onRequest: async (request) => {
      if (metricsPublic || !adminToken) return;
      const token = bearerToken(request);
      if (!token) throw errors.missingAdminToken('/metrics');
      if (!tokensEqual(token, adminToken)) throw errors.invalidAdminToken('/metrics');
    },
  }, async (_request, reply) => {
    const body = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(body);
  });
}
