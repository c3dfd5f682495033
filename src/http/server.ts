import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { errors } from '../errors.js';
import type { Services } from '../services.js';
import { AccessLog } from './access-log.js';
import { installApiAuth } from './auth.js';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './error-handler.js';
import { installIdempotency } from './idempotency.js';
import { unknownQueryGuard, validatorCompiler } from './validation.js';
import { finishOpenApiDocument, type OpenApiDocument } from './openapi.js';
import { API_ROUTES, type RouteDeps } from './routes/index.js';
import { registerAdminRoutes } from './routes/admin.js';
import { registerMetaRoutes } from './routes/meta.js';
import { registerOperatorRoutes } from './routes/operator.js';
import { registerConsoleRoutes } from './routes/console.js';

export type App = FastifyInstance;

/** A route as registered, kept so tests can prove the OpenAPI document covers every one. */
interface RegisteredRoute {
  method: string;
  url: string;
  schema: { hide?: boolean; querystring?: { properties?: object }; params?: { properties?: object }; body?: unknown; response?: Record<string, unknown> };
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

/** Builds the HTTP application: /api/v1 (authenticated), /admin/v1 (operator), docs and health. */
export async function buildServer(services: Services, deps: RouteDeps): Promise<App> {
  const app = bareServer(services);
  registerOperatorRoutes(app, services);

  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') || route.url.startsWith('/admin/')) {
      route.preValidation = [...[route.preValidation ?? []].flat(), unknownQueryGuard(route.schema)];
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, schema: (route.schema ?? {}) as RegisteredRoute['schema'] });
    }
  });
  app.setValidatorCompiler(validatorCompiler());
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'docrows API',
        version: '1.0.0',
        description: 'Document table extraction: upload documents into batches, process them, fetch rows as JSON or xlsx.',
      },
      servers: [{ url: services.config.baseUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY>' } } },
      security: [{ bearer: [] }],
    },
    transformObject: (documentObject) =>
      finishOpenApiDocument((documentObject as { openapiObject: OpenApiDocument }).openapiObject, services.config.baseUrl),
  });

  registerMetaRoutes(app);
  await registerConsoleRoutes(app);

  await app.register(
    async (api) => {
      installApiAuth(api, services);
      installIdempotency(api, services);
      for (const register of API_ROUTES) await register(api, services, deps);
    },
    { prefix: '/api/v1' },
  );

  if (services.config.adminToken) {
    await app.register(async (admin) => registerAdminRoutes(admin, services), { prefix: '/admin/v1' });
  }
  return app;
}

/** Fastify with the service's logger and error shape, nothing routed yet. */
function bareServer(services: Services): FastifyInstance {
  const app: FastifyInstance = Fastify({
    loggerInstance: services.log as FastifyBaseLogger,
    // One access line per request at info (access-log.ts).
    logController: new AccessLog(),
    bodyLimit: 1024 * 1024,
    // A request arriving while closing gets the contract's 503 (the onRequest hook below), not Fastify's own body.
    return503OnClosing: false,
    trustProxy: true,
    // Errors met before a route runs answer in the contract's shape too (error-handler.ts).
    frameworkErrors: frameworkErrors(services.config.baseUrl),
    clientErrorHandler: clientErrorHandler(services.config.baseUrl, services.config.requestTimeoutMs),
    // Slow clients (slowloris) cannot hold a connection forever: 408 request_timeout.
    requestTimeout: services.config.requestTimeoutMs,
    http: {
      // Node checks the timeout on this interval (30 s by default), and headers must not get longer than the whole request.
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, services.config.requestTimeoutMs / 4)),
      headersTimeout: Math.min(60_000, services.config.requestTimeoutMs),
    },
  });
  installErrorHandling(app, services.config.baseUrl);
  // Once closing, responses still in flight end their keep-alive connection: close() then finishes when they do,
  // not after Fastify's 72 s keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => { closing = true; });
  app.addHook('onRequest', async () => {
    if (closing) throw errors.shuttingDown();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  return app;
}

/** A worker process's only HTTP surface: /healthz, /readyz and /metrics (DOCROWS_OPERATOR_PORT). */
export function buildOperatorServer(services: Services): App {
  const app = bareServer(services);
  registerOperatorRoutes(app, services);
  return app;
}
