import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Services } from '../../services.js';
import { renderApiReference, renderErrorGuide, type OpenApiDoc } from '../docs-page.js';

/** Unauthenticated routes: health, readiness, the OpenAPI document and the human docs. */
export function registerMetaRoutes(app: FastifyInstance, services: Services): void {
  const hidden = { schema: { hide: true } };

  app.get('/healthz', hidden, async () => ({ status: 'ok' }));

  app.get('/readyz', hidden, async (_request, reply) => {
    try {
      await sql`SELECT 1`.execute(services.db);
      return { status: 'ready', database: 'ok' };
    } catch (err) {
      services.log.warn({ err }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });

  app.get('/api/v1/openapi.json', hidden, async () => app.swagger());

  app.get('/docs', hidden, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderApiReference(app.swagger() as OpenApiDoc, services.config.baseUrl)));

  app.get('/docs/errors', hidden, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderErrorGuide()));
}
