/** Shapes of the public API the console reads (docs/console.md; the API reference at /docs). */

export type Status = 'queued' | 'processing' | 'succeeded' | 'failed' | 'canceled';
export const STATUSES: Status[] = ['queued', 'processing', 'succeeded', 'failed', 'canceled'];

export interface Envelope<T> {
  data: T[];
  has_more: boolean;
  next_page_token: string | null;
}

export interface Account {
  plan: string;
  role: string;
  available_credits: number;
  max_batch_size: number;
  upload_concurrency: number;
}

export interface BatchItem {
  batch_name: string;
  status: Status;
  document_count: number;
  created_at: string;
}

export interface BatchStatus {
  batch_name: string;
  document_count: number;
  status_counts: Record<Status, number>;
  all_done: boolean;
  created_at: string;
}

export interface UploadResult {
  document_id: string | string[];
  batch_name: string;
  page_count?: number;
  remaining_batch_capacity: number;
}

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

/** A value as results return it: a scalar, `{value, bbox}` with include=bbox, or an image region. */
export type CellValue = string | number | boolean | null | { value: unknown; bbox: Box | null } | ImageRegion;

export interface ResultDocument {
  document_id: string;
  filename?: string;
  status: Status;
  line_items?: Array<Record<string, CellValue>>;
  bbox_status?: Status | null;
  source_document_ids?: string[];
  failure?: { code: string; message: string };
}

export interface Results {
  batch_name: string;
  merge_active: boolean;
  documents: ResultDocument[];
}

export interface FieldSpec {
  name: string;
  format_requirement: string;
}

export interface TemplateField extends FieldSpec {
  id: number;
  sort_order: number;
  template_id: number;
  created_at: string;
}

export interface Template {
  id: number;
  name: string;
  created_at: string;
  fields: TemplateField[];
  global_format_requirement: string;
  merge_enabled: boolean;
  merge_group_by: 'upload' | 'key_fields';
  merge_key_fields: string[];
  merge_mode: 'fold' | 'append';
}

export interface Preset {
  id: string;
  category: string;
  name: string;
  fields: FieldSpec[];
}

export interface LedgerEntry {
  id: number;
  action: string;
  reason: string | null;
  batch_name: string | null;
  document_id: string | null;
  point_type: string;
  amount: number;
  created_at: string;
}

export interface FeedEvent {
  id: string;
  type: string;
  created_at: string;
  batch_name: string;
  document_id: string | null;
  data: Record<string, unknown>;
}

export interface BboxJob {
  exists?: boolean;
  status: Status | null;
  group_batch_id: string | null;
  already_running?: boolean;
}

export const isTerminal = (s: Status | null | undefined): boolean => s === 'succeeded' || s === 'failed' || s === 'canceled';
