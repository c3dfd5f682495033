import type { Readable } from 'node:stream';

/**
 * Where document bytes live. Keys are relative paths ("acct/1/up/doc_x/page-1.jpg").
 * Implementations: the local file system (default) and S3-compatible storage.
 */
export interface BlobStore {
  /** Throws when the store cannot be used (start-up and /readyz). */
  ping(): Promise<void>;
  /** Releases connections (S3's keep-alive sockets); the file store has none. */
  close?(): void;
  put(key: string, data: Buffer | Uint8Array, contentType?: string): Promise<void>;
  /** Copies a local file in (e.g. a temp file that was already size-checked). */
  putFile(key: string, filePath: string, contentType?: string): Promise<void>;
  /** Whole object, or null when absent. */
  get(key: string): Promise<Buffer | null>;
  getStream(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  /** Deletes every key under the prefix. */
  deletePrefix(prefix: string): Promise<void>;
  /** Keys under a prefix (for orphan checks and sweeps). */
  list(prefix: string): Promise<string[]>;
}
