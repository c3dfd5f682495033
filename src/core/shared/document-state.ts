/** A document's lifecycle vocabulary shared by every feature that shows or reads documents. */
import type { DocumentRow } from '../../db/schema.js';
import type { ExtractedCell, Quality } from '../../extract/types.js';

/** The five public statuses of a document or a bbox job (docs/api.md, States). */
export const PUBLIC_STATUSES = ['queued', 'processing', 'succeeded', 'failed', 'canceled'] as const;
export type PublicStatus = (typeof PUBLIC_STATUSES)[number];

/** Statuses nothing moves out of except a new wave (process again). */
export const TERMINAL_STATUSES = ['succeeded', 'failed', 'canceled'] as const;

export function isTerminal(status: string): boolean {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

/** Internal lifecycle state → one of the five public statuses (docs/decisions.md, Document lifecycle). */
export function publicStatus(status: string): string {
  return status === 'uploaded' ? 'queued' : status;
}

/**
 * A batch's aggregate status is the first of these that any of its documents
 * has (docs/decisions.md, Document lifecycle); the batch list computes the same
 * order in SQL from this list.
 */
export const AGGREGATE_PRECEDENCE = ['processing', 'queued', 'succeeded', 'failed', 'canceled'] as const satisfies readonly PublicStatus[];

/** The aggregate status of documents in internal or public states (uploaded counts as queued). */
export function aggregateStatus(statuses: string[]): PublicStatus {
  const present = new Set(statuses.map(publicStatus));
  return AGGREGATE_PRECEDENCE.find((s) => present.has(s)) ?? 'canceled';
}

/** The request locked on a document at process time (documents.request). */
export interface LockedRequest {
  fields: Array<{ name: string; format_requirement: string }>;
  global_format_requirement: string;
  quality: Quality;
  template_id: number | null;
}

/** The engine result stored on a succeeded document (documents.result). */
export interface StoredResult {
  fields: string[];
  rows: Array<Record<string, ExtractedCell>>;
}

/** A document's extracted data, or null when it has none (not succeeded, or nothing stored). */
export function storedResult(doc: Pick<DocumentRow, 'status' | 'result'>): StoredResult | null {
  return doc.status === 'succeeded' && doc.result ? (JSON.parse(doc.result) as StoredResult) : null;
}
