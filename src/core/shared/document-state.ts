/** A document's lifecycle vocabulary shared by every feature that shows or reads documents. */
import type { Quality } from '../../extract/types.js';

/** Internal lifecycle state → one of the five public statuses (decisions.md). */
export function publicStatus(status: string): string {
  return status === 'uploaded' ? 'queued' : status;
}

/** The request locked on a document at process time (documents.request). */
export interface LockedRequest {
  fields: Array<{ name: string; format_requirement: string }>;
  global_format_requirement: string;
  quality: Quality;
  template_id: number | null;
}
