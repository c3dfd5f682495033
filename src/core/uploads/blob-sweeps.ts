/**
 * Blobs never outlive their rows. Bytes are written and deleted outside any
 * transaction (they can be large, and on S3), so a prefix that may hold bytes
 * no row owns is recorded first: an upload reserves its prefix before writing
 * and releases it in the transaction that commits its rows; a batch delete
 * schedules its uploads' prefixes in the transaction that deletes their rows.
 * A process that dies in between leaves the record, and the periodic sweep
 * deletes the bytes.
 */
import type { DbOrTrx } from '../../db/connect.js';
import * as blobSweeps from '../../db/queries/blob-sweeps.js';
import type { Services } from '../../services.js';
import type { Clock } from '../../clock.js';

/**
 * How long an upload may hold a reservation before its blobs count as
 * abandoned. Writing a 50-page upload's blobs and committing takes seconds;
 * the margin covers a slow object store.
 */
const UPLOAD_GRACE_MS = 60 * 60_000;
const SWEEP_CHUNK = 100;

function dueAt(clock: Clock, delayMs: number): string {
  return new Date(clock.now().getTime() + delayMs).toISOString();
}

/** Records, before any byte is written, that `prefix` is an upload in progress. */
export async function reserveUploadPrefix(db: DbOrTrx, clock: Clock, prefix: string): Promise<void> {
  await blobSweeps.reserve(db, prefix, dueAt(clock, UPLOAD_GRACE_MS));
}

/** Called in the transaction that commits the rows owning `prefix`: its bytes are no longer at risk. */
export async function releasePrefix(db: DbOrTrx, prefix: string): Promise<void> {
  await blobSweeps.release(db, prefix);
}

/** Called in the transaction that deletes the rows owning these prefixes: their bytes are due now. */
export async function schedulePrefixes(db: DbOrTrx, clock: Clock, prefixes: string[]): Promise<void> {
  await blobSweeps.schedule(db, prefixes, dueAt(clock, 0));
}

/** Deletes the bytes under each prefix, then its record; a failure leaves the record for the sweep. */
export async function deletePrefixes(services: Pick<Services, 'db' | 'blobs'>, prefixes: string[]): Promise<void> {
  await Promise.all(prefixes.map(async (prefix) => {
    await services.blobs.deletePrefix(prefix);
    await releasePrefix(services.db, prefix);
  }));
}

/** The periodic sweep: every due prefix loses its bytes. Returns how many prefixes were swept. */
export async function sweepDueBlobs(services: Services): Promise<number> {
  let swept = 0;
  for (;;) {
    const due = await blobSweeps.due(services.db, dueAt(services.clock, 0), SWEEP_CHUNK);
    await deletePrefixes(services, due);
    swept += due.length;
    if (due.length < SWEEP_CHUNK) return swept;
  }
}
