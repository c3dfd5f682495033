import type { Box } from '../../extract/types.js';
import { isTerminal, type PublicStatus } from '../shared/index.js';

/** Public statuses of a bbox job (docs/api.md, States: the five public statuses). */
export type BboxStatus = PublicStatus;

/** docs/decisions.md, Results and other shapes: `{x1, y1, x2, y2, unit: "normalized"}`. */
export interface PublicBbox extends Box {
  unit: 'normalized';
}

/** Row index (as a string) → field → box or null. */
export type BboxRows = Record<string, Record<string, PublicBbox | null>>;

/** Rows per row group: one durable job each, so a long page is located by several workers at once. */
export const BBOX_ROWS_PER_GROUP = 10;

/**
 * A job's status from its row groups. Once every group is terminal: any failed
 * → failed, else any canceled → canceled, else succeeded (also for no groups).
 * Before that, a job with any group started or finished is `processing` (from
 * the caller's view it is under way), and only a job nothing has touched is `queued`.
 */
export function deriveJobStatus(groupStatuses: string[]): BboxStatus {
  if (groupStatuses.every(isTerminal)) {
    if (groupStatuses.includes('failed')) return 'failed';
    if (groupStatuses.includes('canceled')) return 'canceled';
    return 'succeeded';
  }
  return groupStatuses.some((s) => s !== 'queued') ? 'processing' : 'queued';
}

/** A job's public status: final once stored terminal, else read from its row groups. */
export function jobStatusOf(job: { status: string }, groupStatuses: string[]): BboxStatus {
  return isTerminal(job.status) ? (job.status as BboxStatus) : deriveJobStatus(groupStatuses);
}

export function toPublicBbox(b: Box | null): PublicBbox | null {
  return b ? { x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2, unit: 'normalized' } : null;
}
