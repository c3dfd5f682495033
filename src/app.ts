import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Config } from './config.js';
import { buildServer, type App } from './http/server.js';
import { RenderPool } from './ingest/render-pool.js';
import { createServices, type Services, type ServicesOptions } from './services.js';
import { removeStaleScratch } from './storage/scratch.js';
import { startWorkers, type RunningWorkers } from './workers.js';

export interface RunningApp {
  services: Services;
  server: App;
  /** Embedded workers (DOCROWS_WORKERS > 0), null in API-only processes. */
  workers: RunningWorkers | null;
  close(): Promise<void>;
}

/** Render threads: one per core up to 4; more only adds memory on small machines. */
const renderThreads = (): number => Math.max(1, Math.min(4, availableParallelism()));

/** What uploads need besides Services (API processes only): PDF render threads and a swept scratch directory. */
async function prepareUploads(services: Services): Promise<{ renderPool: RenderPool; tempDir: string }> {
  // Every upload and crop is a different image: libvips' operation cache would only hold memory.
  sharp.cache(false);
  const tempDir = join(services.config.dataDir, 'tmp');
  const stale = await removeStaleScratch(tempDir, services.clock.now());
  if (stale > 0) services.log.info({ files: stale, dir: tempDir }, 'removed scratch files left by an earlier process');
  return { renderPool: new RenderPool(renderThreads()), tempDir };
}

/** The API and its embedded workers over one set of services. */
export async function createApp(config: Config, options: ServicesOptions = {}): Promise<RunningApp> {
  const services = await createServices(config, options);
  const uploads = await prepareUploads(services);
  const server = await buildServer(services, { uploads });
  const workers = config.workers > 0 ? startWorkers(services) : null;
  return {
    services,
    server,
    workers,
    close: async () => {
      // Stop claiming first; running jobs get a grace period, the rest are reclaimed after their lease.
      await workers?.stop();
      await server.close();
      await uploads.renderPool.close();
      await services.close();
    },
  };
}
