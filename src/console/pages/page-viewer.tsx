import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Api } from '../api';
import { boxOf, Cell, columnsOf, isRegion, textOf } from '../cells';
import { href } from '../router';
import { isLow, ThresholdInput, useThreshold } from '../review';
import { isTerminal, type BboxJob, type Box, type Results } from '../types';
import { ErrorNote, ScrollX, Section, StatusBadge, useBlobUrl, useLoad } from '../ui';
import { pageLabel } from './results';

const POLL_MS = 1000;

/** `row:field`, the key that ties a table cell to its box. */
const keyOf = (row: number, field: string) => `${row}:${field}`;

type Draft = Array<Record<string, string>>;

/** Keys that walk the marked values: n / j forward, p / k back (not while typing in a field). */
const STEP_KEYS: Record<string, number> = { n: 1, j: 1, p: -1, k: -1 };

/**
 * One page as a review tool: its image with every value's box (results with
 * include=bbox,confidence), values under the threshold marked in the table and
 * on the page, the keyboard walking from one marked value to the next, and
 * editing the rows (PUT /documents/{id}/line_items). Also the paid bbox pass
 * when boxes are missing, and hover linking cell ↔ box.
 */
export function PageViewer({ api, batch, documentId }: { api: Api; batch: string; documentId: string }) {
  const [version, setVersion] = useState(0);
  const results = useLoad(() => api.get<Results>(`/batches/${encodeURIComponent(batch)}/results`, { include: 'bbox,confidence' }), [api, batch, version]);
  const { url: image, error: imageError } = useBlobUrl(api, `/documents/${encodeURIComponent(documentId)}/image`);
  const [hover, setHover] = useState<string | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [threshold, setThreshold] = useThreshold();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [job, setJob] = useState<BboxJob | null>(null);
  const [error, setError] = useState<unknown>(null);

  const doc = results.data?.documents.find((d) => d.document_id === documentId);
  const rows = doc?.line_items ?? [];
  const columns = doc ? columnsOf([doc]) : [];
  // Pure-location columns are regions of the page, not text a person types: the editor leaves them as they are.
  const textColumns = columns.filter((c) => !rows.some((row) => row[c] !== undefined && isRegion(row[c])));
  const boxes: Array<{ key: string; box: Box; label: string; low: boolean }> = [];
  const lowKeys: string[] = [];
  rows.forEach((row, r) => columns.forEach((c) => {
    const low = isLow(row[c], threshold);
    if (low) lowKeys.push(keyOf(r, c));
    const box = row[c] === undefined ? null : boxOf(row[c]);
    if (box) boxes.push({ key: keyOf(r, c), box, label: `${c} (row ${r + 1})`, low });
  }));
  const lit = hover ?? current;

  const step = (by: number) => {
    if (lowKeys.length === 0) return;
    const at = current === null ? -1 : lowKeys.indexOf(current);
    const next = lowKeys[(at + by + lowKeys.length) % lowKeys.length];
    setCurrent(next);
    document.querySelector(`[data-key="${next}"]`)?.scrollIntoView({ block: 'nearest' });
  };

  // The listener is added once and calls the step of the latest render. Re-adding it from a plain effect after each
  // render left a window (effects run after paint, late on a busy machine) in which a key reached the first render's
  // step, which saw no values yet and dropped it.
  const stepNow = useRef(step);
  stepNow.current = step;
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.ctrlKey || e.metaKey || e.altKey || target?.closest('input, textarea, select')) return;
      const by = STEP_KEYS[e.key];
      if (by !== undefined) { e.preventDefault(); stepNow.current(by); }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // While a bbox job runs, poll it; when it ends, reload the values with their boxes.
  useEffect(() => {
    if (!job || isTerminal(job.status)) return;
    const t = setTimeout(async () => {
      try {
        const next = await api.get<BboxJob>(`/documents/${encodeURIComponent(documentId)}/bbox`);
        setJob(next);
        if (isTerminal(next.status)) setVersion((v) => v + 1);
      } catch (err) {
        setError(err);
      }
    }, POLL_MS);
    return () => clearTimeout(t);
  }, [job]);

  const locate = async () => {
    setError(null);
    try {
      setJob(await api.send<BboxJob>('POST', `/documents/${encodeURIComponent(documentId)}/bbox`, undefined, true));
    } catch (err) {
      setError(err);
    }
  };

  const edit = () => setDraft(rows.map((row) => Object.fromEntries(textColumns.map((c) => [c, textOf(row[c])]))));
  const setValue = (r: number, c: string, value: string) => setDraft((d) => d && d.map((row, i) => (i === r ? { ...row, [c]: value } : row)));
  const save = async () => {
    if (!draft) return;
    setError(null);
    setSaving(true);
    try {
      const lineItems = draft.map((row) => Object.fromEntries(Object.entries(row).map(([c, v]) => [c, v === '' ? null : v])));
      await api.send('PUT', `/documents/${encodeURIComponent(documentId)}/line_items`, { line_items: lineItems }, true);
      setDraft(null);
      setCurrent(null);
      setVersion((v) => v + 1);
    } catch (err) {
      setError(err);
    } finally {
      setSaving(false);
    }
  };

  const bboxStatus = job?.status ?? doc?.bbox_status ?? null;
  const locating = job !== null && !isTerminal(job.status);
  return (
    <Section title={`Page ${doc?.filename ?? documentId} ${pageLabel(documentId)}`} actions={<a href={href('batches', batch)}>← Batch {batch}</a>}>
      <ErrorNote error={results.error ?? error ?? imageError} />
      {doc && (
        <p class="row">
          Status <StatusBadge status={doc.status} /> · boxes <StatusBadge status={bboxStatus} />
          {doc.corrected_at && <span class="muted" data-testid="corrected">corrected {new Date(doc.corrected_at).toLocaleString()}</span>}
          {doc.status === 'succeeded' && (
            <button type="button" onClick={locate} disabled={locating}>
              {locating ? 'Locating values…' : `${boxes.length ? 'Locate values again' : 'Locate values'} (bbox pass: 1 credit at Standard, 3 Advanced, 6 Premium)`}
            </button>
          )}
          {doc.failure && <span class="error">{doc.failure.message} [{doc.failure.code}]</span>}
        </p>
      )}
      {doc?.status === 'succeeded' && (
        <p class="row review">
          <ThresholdInput value={threshold} onChange={setThreshold} />
          <span data-testid="low-count">{lowKeys.length} marked</span>
          <button type="button" onClick={() => step(-1)} disabled={lowKeys.length === 0} title="p or k">Previous marked</button>
          <button type="button" onClick={() => step(1)} disabled={lowKeys.length === 0} title="n or j">Next marked</button>
          {draft === null
            ? <button type="button" onClick={edit}>Edit values</button>
            : <>
              <button type="button" onClick={() => setDraft([...draft, Object.fromEntries(textColumns.map((c) => [c, '']))])}>Add row</button>
              <button type="button" class="primary" onClick={save} disabled={saving}>{saving ? 'Saving…' : 'Save corrections'}</button>
              <button type="button" onClick={() => setDraft(null)}>Cancel</button>
            </>}
        </p>
      )}
      <div class="viewer">
        <div class="page" data-testid="page">
          {image ? <img src={image} alt="page image" /> : <span class="muted">loading page…</span>}
          {image && boxes.map((b) => (
            <div
              class={`box ${lit === b.key ? 'hot' : ''} ${b.low ? 'low' : ''}`}
              data-key={b.key}
              title={b.label}
              style={{ left: `${b.box.x1 * 100}%`, top: `${b.box.y1 * 100}%`, width: `${(b.box.x2 - b.box.x1) * 100}%`, height: `${(b.box.y2 - b.box.y1) * 100}%` }}
              onMouseEnter={() => setHover(b.key)}
              onMouseLeave={() => setHover(null)}
            />
          ))}
        </div>
        <ScrollX class="values">
          {draft === null ? (
            <table class="rows" data-testid="page-rows">
              <thead><tr><th>#</th>{columns.map((c) => <th>{c}</th>)}</tr></thead>
              <tbody>
                {rows.map((row, r) => (
                  <tr>
                    <td>{r + 1}</td>
                    {columns.map((c) => (
                      <td
                        class={`${lit === keyOf(r, c) ? 'hot' : ''} ${isLow(row[c], threshold) ? 'low' : ''}`}
                        data-key={keyOf(r, c)}
                        onMouseEnter={() => setHover(keyOf(r, c))}
                        onMouseLeave={() => setHover(null)}
                      ><Cell api={api} value={row[c]} /></td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <table class="rows" data-testid="edit-rows">
              <thead><tr><th>#</th>{textColumns.map((c) => <th>{c}</th>)}<th /></tr></thead>
              <tbody>
                {draft.map((row, r) => (
                  <tr>
                    <td>{r + 1}</td>
                    {textColumns.map((c) => (
                      <td><input aria-label={`${c} row ${r + 1}`} value={row[c]} onInput={(e) => setValue(r, c, e.currentTarget.value)} /></td>
                    ))}
                    <td><button type="button" aria-label={`Delete row ${r + 1}`} onClick={() => setDraft(draft.filter((_, i) => i !== r))}>Delete</button></td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </ScrollX>
      </div>
    </Section>
  );
}
