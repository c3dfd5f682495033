import type { RouteRegistrar } from './registrar.js';
import { registerAccountRoutes } from './account.js';
import { registerBatchRoutes } from './batches.js';
import { registerDocumentRoutes } from './documents.js';
import { registerPresetRoutes } from './presets.js';
import { registerTemplateRoutes } from './templates.js';
import { registerDocumentBboxRoutes } from './document-bbox.js';
import { registerBatchProcessingRoutes } from './batch-processing.js';
import { registerEventRoutes } from './events.js';
import { registerLayoutMemoryRoutes } from './layout-memories.js';

export type { RouteDeps, RouteRegistrar } from './registrar.js';

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
  registerLayoutMemoryRoutes,
];
