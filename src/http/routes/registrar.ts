import type { FastifyInstance } from 'fastify';
import type { UploadDeps } from '../../core/uploads/index.js';
import type { Services } from '../../services.js';

/** What routes get from the composition root (src/app.ts) besides Services. */
export interface RouteDeps {
  uploads: UploadDeps;
}

export type RouteRegistrar = (app: FastifyInstance, services: Services, deps: RouteDeps) => void | Promise<void>;
