import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { REDOC_BUNDLE_PATH, redocBundleFile, renderApiReference, renderErrorGuide, withoutRemoteLogo } from '../docs-page.js';
import { FAVICON_SVG } from '../favicon.js';

/** Unauthenticated routes: the OpenAPI document and the human docs (health and readiness: operator.ts). */
export function registerMetaRoutes(app: FastifyInstance): void {
  const hidden = { schema: { hide: true } };

  app.get('/api/v1/openapi.json', hidden, async () => app.swagger());

  app.get('/docs', hidden, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderApiReference(app.swagger())));

  // Read on first use (1 MB), then kept: it only changes with the installed package.
  let redocBundle: Promise<string> | null = null;
  app.get(REDOC_BUNDLE_PATH, hidden, async (_request, reply) => {
    redocBundle ??= readFile(redocBundleFile(), 'utf8').then(withoutRemoteLogo);
    return reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(await redocBundle);
  });

  app.get('/favicon.ico', hidden, async (_request, reply) =>
    reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(FAVICON_SVG));

  app.get('/docs/errors', hidden, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderErrorGuide()));
}
