import type { Config } from './config.js';
import { buildServer, type App } from './http/server.js';
import type { IngestProcessPool } from './ingest/ingest-process-pool.js';
import { addDatabaseFigures } from './metrics/database-figures.js';
import { dropLibvipsCache } from './libvips.js';
import { createServices, type Services, type ServicesOptions } from './services.js';
import { removeStaleScratch, type ScratchFiles } from './storage/scratch.js';
import { startWorkers, type RunningWorkers } from './workers.js';

export interface RunningApp {
  services: Services;
  server: App;
  /** The embedded worker (DOCROWS_WORKERS job slots > 0), null in API-only processes. */
  workers: RunningWorkers | null;
  close(): Promise<void>;
}

/** What uploads need besides Services (API processes only): the ingest children and a swept scratch directory. */
async function prepareUploads(services: Services): Promise<{ processPool: IngestProcessPool; scratch: ScratchFiles }> {
  // Every upload and crop is a different image: libvips' operation cache would only hold memory.
  dropLibvipsCache();
  const stale = await removeStaleScratch(services.scratch.dir, services.clock.now());
  if (stale > 0) services.log.info({ files: stale, dir: services.scratch.dir }, 'removed scratch files left by an earlier process');
  return { processPool: services.ingest, scratch: services.scratch };
}

/** The API and its embedded workers over one set of services. */
export async function createApp(config: Config, options: ServicesOptions = {}): Promise<RunningApp> {
  const services = await createServices(config, options);
  const uploads = await prepareUploads(services);
  addDatabaseFigures(services.metrics, services.db);
  const server = await buildServer(services, { uploads });
  // The ingest children boot (PDF code, PDFium compiled) once the API listens, not competing with its own start-up.
  server.addHook('onListen', async () => uploads.processPool.warm());
  const workers = config.workers > 0 ? startWorkers(services) : null;
  return {
    services,
    server,
    workers,
    close: async () => {
      // Stop taking requests and claiming jobs at once; both get the grace period (running jobs left after it go back to the queue).
      await Promise.all([server.close(), workers?.stop(config.shutdownGraceMs)]);
      await uploads.scratch.remove([]);
      await services.close();
    },
  };
}
