/**
 * Shapes of the public API the console reads (docs/console.md; the API
 * reference at /docs): the client's types, generated from the served OpenAPI
 * document, plus the result cells the console narrows.
 */

export type {
  Account,
  BatchSummary as BatchItem,
  BatchStatus,
  UploadAnswer as UploadResult,
  Template,
  TemplateField,
  Preset,
  LedgerEntry,
  FeedEvent,
  BboxJob,
  Page as Envelope,
  LayoutMemory,
} from '../client/types.js';

export type Status = 'queued' | 'processing' | 'succeeded' | 'failed' | 'canceled';
export const STATUSES: Status[] = ['queued', 'processing', 'succeeded', 'failed', 'canceled'];

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  unit: 'normalized';
}

/** bbox and image_url are null when the engine could not find the region on the page. */
export interface ImageRegion {
  type: 'image_region';
  bbox: Box | null;
  image_url: string | null;
}

/** A value as results return it: a scalar, `{value, bbox?, confidence?}` with include=bbox and/or confidence, or an image region. */
export type CellValue = string | number | boolean | null | { value: unknown; bbox?: Box | null; confidence?: number | null } | ImageRegion;

export interface ResultDocument {
  document_id: string;
  filename?: string;
  status: Status;
  line_items?: Array<Record<string, CellValue>>;
  bbox_status?: Status | null;
  source_document_ids?: string[];
  failure?: { code: string; message: string };
  corrected_at?: string | null;
}

/** Results as the console reads them: the API describes a result document loosely (any extra keys), the console narrows its cells. */
export interface Results {
  batch_name: string;
  merge_active: boolean;
  documents: ResultDocument[];
}

export interface FieldSpec {
  name: string;
  format_requirement: string;
}

export const isTerminal = (s: Status | null | undefined): boolean => s === 'succeeded' || s === 'failed' || s === 'canceled';
