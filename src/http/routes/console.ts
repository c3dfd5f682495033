import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The web console's built assets (scripts/build-assets.mjs). The same path from
 * src/http/routes (tests, tsx) and dist/http/routes (the installed package).
 */
export const CONSOLE_DIR = fileURLToPath(new URL('../../../dist/console/', import.meta.url));

/**
 * The console is same-origin static files that talk to /api/v1 with the user's
 * key: nothing inline, nothing from elsewhere. Page images and xlsx files are
 * fetched with the key and shown through blob: URLs.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** GET / → the console; /console/* → its files, unauthenticated (the key stays in the browser). */
export async function registerConsoleRoutes(app: FastifyInstance, dir = CONSOLE_DIR): Promise<void> {
  const hidden = { schema: { hide: true } };
  app.get('/', hidden, async (_request, reply) => reply.redirect('/console/', 302));
  app.get('/console', hidden, async (_request, reply) => reply.redirect('/console/', 301));

  if (!existsSync(dir)) {
    app.get('/console/*', hidden, async (_request, reply) =>
      reply.code(503).type('text/plain; charset=utf-8').send('The console is not built: run `npm run build` (or `npm install`) and restart docrows.\n'));
    return;
  }
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/console/',
    // index.html names the bundle without a version, so every load revalidates (ETag) instead of caching stale code.
    cacheControl: true,
    maxAge: 0,
    setHeaders(reply) {
      void reply.headers({ 'Content-Security-Policy': CONSOLE_CSP, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
    },
  });
}
