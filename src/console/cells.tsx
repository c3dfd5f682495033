import type { Api } from './api';
import type { Box, CellValue, ImageRegion, ResultDocument } from './types';
import { AuthImage } from './ui';

export const isRegion = (v: CellValue): v is ImageRegion => typeof v === 'object' && v !== null && 'type' in v && v.type === 'image_region';

/** The box of a value: `{value, bbox}` (include=bbox) or an image region's own box. */
export function boxOf(v: CellValue): Box | null {
  if (isRegion(v)) return v.bbox;
  if (typeof v === 'object' && v !== null && 'bbox' in v) return v.bbox ?? null;
  return null;
}

export function textOf(v: CellValue): string {
  const raw = typeof v === 'object' && v !== null && !isRegion(v) && 'value' in v ? v.value : v;
  return raw === null || raw === undefined ? '' : String(raw);
}

/** Column order: first appearance over every document's rows (template order is kept by the API). */
export function columnsOf(docs: ResultDocument[]): string[] {
  const seen = new Set<string>();
  for (const d of docs) for (const row of d.line_items ?? []) for (const k of Object.keys(row)) seen.add(k);
  return [...seen];
}

/** Pure-location values are shown as their crop (image_url needs the key, hence AuthImage). */
export function Cell({ api, value }: { api: Api; value: CellValue | undefined }) {
  if (value === undefined) return null;
  if (isRegion(value)) return value.image_url ? <AuthImage api={api} path={value.image_url} alt="located region" class="crop" /> : <span class="muted">not found on the page</span>;
  return <>{textOf(value)}</>;
}
