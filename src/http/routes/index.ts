import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { registerAccountRoutes } from './account.js';

export type RouteRegistrar = (app: FastifyInstance, services: Services) => void | Promise<void>;

/** Every /api/v1 resource, one file each. */
export const API_ROUTES: RouteRegistrar[] = [
  registerAccountRoutes,
];
