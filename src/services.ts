import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { connectDb, type ConnectOptions, type Db, type Dialect } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { systemClock, systemIds, type Clock, type IdSource } from './clock.js';
import { serviceSecret } from './db/queries/settings.js';
import { createLogger } from './log.js';
import { createMetrics, type Metrics } from './metrics/metrics.js';
import type { BlobStore } from './storage/blob-store.js';
import { openBlobStore } from './storage/open.js';
import { ScratchFiles } from './storage/scratch.js';
import { IngestProcessPool } from './ingest/ingest-process-pool.js';

/** Everything the HTTP layer, core and workers share; built once by the composition root (app.ts). */
export interface Services {
  config: Config;
  db: Db;
  dialect: Dialect;
  blobs: BlobStore;
  clock: Clock;
  ids: IdSource;
  log: Logger;
  /** This process's Prometheus registry: the counters every layer adds to, and the figures read at scrape (GET /metrics). */
  metrics: Metrics;
  /** HMAC key for opaque page tokens; shared by every process through the settings table. */
  pageTokenKey: Buffer;
  /**
   * This process's ingest children, forked on first use: uploads are read
   * there, and a PDF page left unpainted at upload is painted there when its
   * image is first wanted (core/uploads/page-images.ts), in API and worker
   * processes alike.
   */
  ingest: IngestProcessPool;
  /** Scratch files of this process (uploads, downloads, originals a page is painted from). */
  scratch: ScratchFiles;
}

export interface ServicesOptions {
  clock?: Clock;
  ids?: IdSource;
  db?: ConnectOptions;
  /** Apply pending migrations first (serve does; worker and admin expect them applied). */
  migrate?: boolean;
}

/** Ingest children: one per core up to 4; more only adds memory on small machines. */
const ingestChildren = (): number => Math.max(1, Math.min(4, availableParallelism()));

/** Composition root: connects the database and storage and wires the shared services. */
export async function createServices(config: Config, options: ServicesOptions = {}): Promise<Services & { close(): Promise<void> }> {
  const log = createLogger(config.logLevel);
  // Storage first: an unusable DOCROWS_STORAGE_URL stops the start before the database is touched.
  const blobs = await openBlobStore(config);
  const handle = await connectDb(config.databaseUrl, options.db).catch((err: unknown) => {
    blobs.close?.();
    throw err;
  });
  try {
    if (options.migrate !== false) await migrateToLatest(handle.db, handle.schema);
    const clock = options.clock ?? systemClock;
    const ingest = new IngestProcessPool(ingestChildren(), { memoryMb: config.ingestMemoryMb, timeoutMs: config.ingestTimeoutMs });
    return {
      config,
      db: handle.db,
      dialect: handle.dialect,
      blobs,
      clock,
      ids: options.ids ?? systemIds(),
      log,
      metrics: createMetrics(),
      pageTokenKey: await serviceSecret(handle.db, clock, 'page_token_key'),
      ingest,
      scratch: new ScratchFiles(join(config.dataDir, 'tmp'), log),
      close: async () => {
        await ingest.close();
        blobs.close?.();
        await handle.close();
      },
    };
  } catch (err) {
    blobs.close?.();
    await handle.close();
    throw err;
  }
}
