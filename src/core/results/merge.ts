/**
 * Multi-Page Merge (docs/decisions.md, Results and other shapes): pages of one
 * record fold into one output entry. Groups are consecutive runs in upload
 * order, so results and the streamed export merge without holding the batch:
 * - group_by `upload`: the pages of one upload;
 * - group_by `key_fields`: a new record starts when the first row's key-field
 *   values change to a different non-empty tuple; a page whose key fields are
 *   all empty continues the current record (key printed on page 1 only).
 * Modes: `fold` = one row, first non-empty value per field in page order;
 * `append` = the pages' rows concatenated, record-level values (key fields,
 * and fields with a single distinct value in the record) carried forward into
 * rows where they are empty.
 */

type Cell = unknown;
export type Row = Record<string, Cell>;

export interface MergeConfig {
  groupBy: 'upload' | 'key_fields';
  keyFields: string[];
  mode: 'fold' | 'append';
}

export interface MergeablePage<T> {
  documentId: string;
  uploadId: string;
  /** Succeeded pages merge; any other page passes through unchanged. */
  mergeable: boolean;
  fields: string[];
  rows: Row[];
  item: T;
}

export type MergeOutput<T> =
  | { kind: 'merged'; pages: Array<MergeablePage<T>>; fields: string[]; rows: Row[] }
  | { kind: 'single'; page: MergeablePage<T> };

/** A cell's value for comparing and emptiness: the scalar itself, or the value of a {value, confidence} object. */
function valueOf(v: Cell): Cell {
  return v !== null && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v;
}

function isEmptyCell(cell: Cell): boolean {
  const v = valueOf(cell);
  if (v === null || v === undefined) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (typeof v === 'object' && 'type' in v && (v as { type: unknown }).type === 'image_region') return (v as { bbox?: unknown }).bbox == null;
  return false;
}

function unionFields(pages: Array<{ fields: string[] }>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const p of pages) for (const f of p.fields) if (!seen.has(f)) { seen.add(f); out.push(f); }
  return out;
}

function fold(fields: string[], rows: Row[]): Row[] {
  const out: Row = {};
  for (const f of fields) out[f] = rows.map((r) => r[f]).find((v) => !isEmptyCell(v)) ?? null;
  return [out];
}

function append(fields: string[], rows: Row[], keyFields: string[]): Row[] {
  const recordLevel = fields.filter((f) => {
    if (keyFields.includes(f)) return true;
    const values = new Set(rows.map((r) => r[f]).filter((v) => !isEmptyCell(v)).map((v) => JSON.stringify(valueOf(v))));
    return values.size === 1;
  });
  const carried: Row = {};
  return rows.map((r) => {
    const out: Row = {};
    for (const f of fields) {
      const v = r[f] ?? null;
      if (!isEmptyCell(v)) {
        out[f] = v;
        if (recordLevel.includes(f)) carried[f] = v;
      } else {
        out[f] = recordLevel.includes(f) && carried[f] !== undefined ? carried[f] : v;
      }
    }
    return out;
  });
}

function mergePages<T>(pages: Array<MergeablePage<T>>, config: MergeConfig): { fields: string[]; rows: Row[] } {
  const fields = unionFields(pages);
  const rows = pages.flatMap((p) => p.rows);
  return { fields, rows: config.mode === 'fold' ? fold(fields, rows) : append(fields, rows, config.keyFields) };
}

function keyOf(page: MergeablePage<unknown>, keyFields: string[]): string | null {
  const first = page.rows[0] ?? {};
  const values = keyFields.map((f) => first[f]);
  if (values.every(isEmptyCell)) return null;
  return JSON.stringify(values.map((v) => (isEmptyCell(v) ? null : valueOf(v))));
}

/** Streaming grouper: push pages in upload order, get finished outputs back; call flush at the end. */
export class MergeGrouper<T> {
  private current: Array<MergeablePage<T>> = [];
  private currentKey: string | null = null;
  private passThrough: Array<MergeablePage<T>> = [];

  constructor(private readonly config: MergeConfig) {}

  push(page: MergeablePage<T>): Array<MergeOutput<T>> {
    if (!page.mergeable) {
      // Failed or unfinished pages keep their own entry, after the record they sit in.
      if (this.current.length === 0) return [{ kind: 'single', page }];
      this.passThrough.push(page);
      return [];
    }
    const out: Array<MergeOutput<T>> = [];
    if (this.current.length > 0 && !this.continues(page)) out.push(...this.flush());
    if (this.config.groupBy === 'key_fields' && this.currentKey === null) this.currentKey = keyOf(page, this.config.keyFields);
    this.current.push(page);
    return out;
  }

  flush(): Array<MergeOutput<T>> {
    const out: Array<MergeOutput<T>> = [];
    if (this.current.length > 0) {
      out.push({ kind: 'merged', pages: this.current, ...mergePages(this.current, this.config) });
    }
    for (const page of this.passThrough) out.push({ kind: 'single', page });
    this.current = [];
    this.passThrough = [];
    this.currentKey = null;
    return out;
  }

  private continues(page: MergeablePage<T>): boolean {
    if (this.config.groupBy === 'upload') return page.uploadId === this.current[0].uploadId;
    const key = keyOf(page, this.config.keyFields);
    return key === null || this.currentKey === null || key === this.currentKey;
  }
}
