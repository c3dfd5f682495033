import { JobRegistry } from './registry.js';
import { registerExtractionJobs } from '../core/processing-jobs.js';
import { registerWebhookJobs } from '../core/webhooks.js';
import { registerHousekeepingJobs } from '../core/housekeeping.js';
import { registerBboxJobs } from './handlers/bbox-row-group.js';

export type JobRegistrar = (registry: JobRegistry) => void;

/** Every job kind the service runs, one registrar per owning module (append yours). */
export const JOB_REGISTRARS: JobRegistrar[] = [
  registerExtractionJobs,
  registerWebhookJobs,
  registerHousekeepingJobs,
  registerBboxJobs,
];

export function buildJobRegistry(registrars: JobRegistrar[] = JOB_REGISTRARS): JobRegistry {
  const registry = new JobRegistry();
  for (const register of registrars) register(registry);
  return registry;
}
