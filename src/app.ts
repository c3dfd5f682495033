import type { Config } from './config.js';
import { buildServer, type App } from './http/server.js';
import { createServices, type Services, type ServicesOptions } from './services.js';
import { startWorkers, type RunningWorkers } from './workers.js';

export interface RunningApp {
  services: Services;
  server: App;
  /** Embedded workers (DOCROWS_WORKERS > 0), null in API-only processes. */
  workers: RunningWorkers | null;
  close(): Promise<void>;
}

/** The API and its embedded workers over one set of services. */
export async function createApp(config: Config, options: ServicesOptions = {}): Promise<RunningApp> {
  const services = await createServices(config, options);
  const server = await buildServer(services);
  const workers = config.workers > 0 ? startWorkers(services) : null;
  return {
    services,
    server,
    workers,
    close: async () => {
      // Stop claiming first; running jobs get a grace period, the rest are reclaimed after their lease.
      await workers?.stop();
      await server.close();
      await services.close();
    },
  };
}
