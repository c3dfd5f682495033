import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import type { Services } from '../services.js';
import { installApiAuth } from './auth.js';
import { installErrorHandling } from './error-handler.js';
import { installIdempotency } from './idempotency.js';
import { validatorCompiler } from './validation.js';
import { API_ROUTES, type RouteDeps } from './routes/index.js';
import { registerAdminRoutes } from './routes/admin.js';
import { registerMetaRoutes } from './routes/meta.js';

export type App = FastifyInstance;

/** A route as registered, kept so tests can prove the OpenAPI document covers every one. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: { hide?: boolean; querystring?: { properties?: object }; params?: { properties?: object }; body?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

/** Builds the HTTP application: /api/v1 (authenticated), /admin/v1 (operator), docs and health. */
export async function buildServer(services: Services, deps: RouteDeps): Promise<App> {
  const app: FastifyInstance = Fastify({
    loggerInstance: services.log as FastifyBaseLogger,
    // Per-request lines only when debugging: at volume they cost more than the request.
    logController: new LogController({ disableRequestLogging: services.config.logLevel !== 'debug' && services.config.logLevel !== 'trace' }),
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });

  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, schema: (route.schema ?? {}) as RegisteredRoute['schema'] });
    }
  });
  app.setValidatorCompiler(validatorCompiler());
  installErrorHandling(app, services.config.baseUrl);
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
  });

  registerMetaRoutes(app, services);

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
