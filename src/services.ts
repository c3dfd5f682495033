import type { Config } from './config.js';
import type { Db, Dialect } from './db/connect.js';
import type { BlobStore } from './storage/blob-store.js';
import type { Clock, IdSource } from './core/clock.js';
import type { Logger } from 'pino';

/** Everything the HTTP layer, core and workers share; built once by the composition root (app.ts). */
export interface Services {
  config: Config;
  db: Db;
  dialect: Dialect;
  blobs: BlobStore;
  clock: Clock;
  ids: IdSource;
  log: Logger;
  /** HMAC key for opaque page tokens; shared by every process through the settings table. */
  pageTokenKey: Buffer;
}
