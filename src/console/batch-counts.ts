import { STATUSES, type BatchStatus } from './types';

/**
 * A batch's counts as the console words them. The public `queued` count also
 * holds documents that were uploaded and never processed (`not_processed`,
 * a docrows extension): shown apart, so a batch nobody processed never reads
 * as waiting in a queue.
 */
export function countEntries(counts: BatchStatus): Array<{ status: string; label: string; n: number }> {
  return STATUSES.flatMap((s) => {
    if (s !== 'queued') return [{ status: s, label: s, n: counts.status_counts[s] }];
    return [
      { status: 'not-processed', label: 'not processed', n: counts.not_processed },
      { status: 'queued', label: 'queued', n: counts.status_counts.queued - counts.not_processed },
    ];
  });
}

/** True when every document of the batch was uploaded and none was sent to processing. */
export const neverProcessed = (counts: BatchStatus | null): boolean => counts !== null && counts.document_count > 0 && counts.not_processed === counts.document_count;
