import path from 'node:path';
import { ConfigError, type Config } from '../config.js';
import type { BlobStore } from './blob-store.js';
import { FsBlobStore } from './fs-store.js';
import type { S3Location } from './s3-store.js';

/** S3 bucket names: 3-63 lower-case letters, digits, dots and hyphens. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** `s3://bucket/some/prefix` → bucket and a prefix ending in '/' (or ''). */
export function parseS3Url(storageUrl: string, s3: Config['s3']): S3Location {
  const m = /^s3:\/\/([^/]*)(?:\/(.*))?$/.exec(storageUrl);
  if (!m || !BUCKET.test(m[1])) {
    throw new ConfigError(`DOCROWS_STORAGE_URL must be s3://<bucket>[/<prefix>] with a valid bucket name, got "${storageUrl}".`);
  }
  const prefix = (m[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: m[1], prefix: prefix ? `${prefix}/` : '', ...s3 };
}

function describe(err: unknown): string {
  const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e?.$metadata?.httpStatusCode;
  return [e?.name, status ? `HTTP ${status}` : null, e?.message].filter(Boolean).join(': ');
}

/**
 * The blob store that DOCROWS_STORAGE_URL names, checked before the service
 * starts: a store that cannot be reached is a configuration error, not a
 * failure of the first upload.
 */
export async function openBlobStore(config: Pick<Config, 'storageUrl' | 's3'>): Promise<BlobStore> {
  let store: BlobStore;
  if (config.storageUrl.startsWith('file:')) {
    store = new FsBlobStore(path.resolve(config.storageUrl.replace(/^file:(\/\/)?/, '')));
  } else if (config.storageUrl.startsWith('s3:')) {
    const location = parseS3Url(config.storageUrl, config.s3);
    // The AWS SDK (tens of MB of JavaScript) loads only for an S3 store.
    const { createS3Client, S3BlobStore } = await import('./s3-store.js');
    store = new S3BlobStore(createS3Client(location), location);
  } else {
    throw new ConfigError(`DOCROWS_STORAGE_URL must start with file:// or s3://, got "${config.storageUrl}".`);
  }
  try {
    await store.ping();
  } catch (err) {
    store.close?.();
    throw new ConfigError(`DOCROWS_STORAGE_URL ${config.storageUrl} cannot be used (${describe(err)}).`);
  }
  return store;
}
