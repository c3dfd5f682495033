import path from 'node:path';
import pino from 'pino';
import type { Config } from './config.js';
import { connectDb, type ConnectOptions } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { systemClock, systemIds, type Clock, type IdSource } from './core/clock.js';
import { serviceSecret } from './core/settings-store.js';
import { buildServer, type App } from './http/server.js';
import { createBlobStore } from './storage/fs-store.js';
import type { Services } from './services.js';

export interface ServicesOptions {
  clock?: Clock;
  ids?: IdSource;
  db?: ConnectOptions;
  /** Apply pending migrations first (serve does; worker and admin expect them applied). */
  migrate?: boolean;
}

/** Composition root: connects the database and storage and wires the shared services. */
export async function createServices(config: Config, options: ServicesOptions = {}): Promise<Services & { close(): Promise<void> }> {
  const log = pino({ level: config.logLevel, base: { service: 'docrows' } });
  const handle = await connectDb(config.databaseUrl, options.db);
  try {
    if (options.migrate !== false) await migrateToLatest(handle.db, handle.schema);
    const clock = options.clock ?? systemClock;
    return {
      config,
      db: handle.db,
      dialect: handle.dialect,
      blobs: createBlobStore(config.storageUrl),
      clock,
      ids: options.ids ?? systemIds(),
      log,
      pageTokenKey: await serviceSecret(handle.db, clock, 'page_token_key'),
      close: () => handle.close(),
    };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

export interface RunningApp {
  services: Services;
  server: App;
  close(): Promise<void>;
}

/** The API (and, later, embedded workers) over one set of services. */
export async function createApp(config: Config, options: ServicesOptions = {}): Promise<RunningApp> {
  const services = await createServices(config, options);
  const server = await buildServer(services);
  return {
    services,
    server,
    close: async () => {
      await server.close();
      await services.close();
    },
  };
}

export function defaultDataDir(): string {
  return path.resolve('./data');
}
