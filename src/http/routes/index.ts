import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { registerAccountRoutes } from './account.js';
import { registerBatchRoutes } from './batches.js';
import { registerDocumentRoutes } from './documents.js';
import { registerPresetRoutes } from './presets.js';
import { registerTemplateRoutes } from './templates.js';
import { registerDocumentBboxRoutes } from './document-bbox.js';
import { registerBatchProcessingRoutes } from './batch-processing.js';
import { registerEventRoutes } from './events.js';

export type RouteRegistrar = (app: FastifyInstance, services: Services) => void | Promise<void>;

/** Every /api/v1 resource, one file each. */
export const API_ROUTES: RouteRegistrar[] = [
  registerAccountRoutes,
  registerDocumentRoutes,
  registerBatchRoutes,
  registerTemplateRoutes,
  registerPresetRoutes,
  registerDocumentBboxRoutes,
  registerBatchProcessingRoutes,
  registerEventRoutes,
];
