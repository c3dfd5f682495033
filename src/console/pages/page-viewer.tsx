import { useEffect, useState } from 'preact/hooks';
import type { Api } from '../api';
import { boxOf, Cell, columnsOf } from '../cells';
import { href } from '../router';
import { isTerminal, type BboxJob, type Box, type Results } from '../types';
import { ErrorNote, ScrollX, Section, StatusBadge, useBlobUrl, useLoad } from '../ui';
import { pageLabel } from './results';

const POLL_MS = 1000;

/** `row:field`, the key that ties a table cell to its box. */
const keyOf = (row: number, field: string) => `${row}:${field}`;

/**
 * One page: its image with every value's box (results with include=bbox), the
 * paid bbox pass when boxes are missing, and hover linking cell ↔ box.
 */
export function PageViewer({ api, batch, documentId }: { api: Api; batch: string; documentId: string }) {
  const [version, setVersion] = useState(0);
  const results = useLoad(() => api.get<Results>(`/batches/${encodeURIComponent(batch)}/results`, { include: 'bbox' }), [api, batch, version]);
  const { url: image, error: imageError } = useBlobUrl(api, `/documents/${encodeURIComponent(documentId)}/image`);
  const [hover, setHover] = useState<string | null>(null);
  const [job, setJob] = useState<BboxJob | null>(null);
  const [error, setError] = useState<unknown>(null);

  const doc = results.data?.documents.find((d) => d.document_id === documentId);
  const rows = doc?.line_items ?? [];
  const columns = doc ? columnsOf([doc]) : [];
  const boxes: Array<{ key: string; box: Box; label: string }> = [];
  rows.forEach((row, r) => columns.forEach((c) => {
    const box = row[c] === undefined ? null : boxOf(row[c]);
    if (box) boxes.push({ key: keyOf(r, c), box, label: `${c} (row ${r + 1})` });
  }));

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

  const bboxStatus = job?.status ?? doc?.bbox_status ?? null;
  const locating = job !== null && !isTerminal(job.status);
  return (
    <Section title={`Page ${doc?.filename ?? documentId} ${pageLabel(documentId)}`} actions={<a href={href('batches', batch)}>← Batch {batch}</a>}>
      <ErrorNote error={results.error ?? error ?? imageError} />
      {doc && (
        <p class="row">
          Status <StatusBadge status={doc.status} /> · boxes <StatusBadge status={bboxStatus} />
          {doc.status === 'succeeded' && (
            <button type="button" onClick={locate} disabled={locating}>
              {locating ? 'Locating values…' : `${boxes.length ? 'Locate values again' : 'Locate values'} (bbox pass: 1 credit at Standard, 3 Advanced, 6 Premium)`}
            </button>
          )}
          {doc.failure && <span class="error">{doc.failure.message} [{doc.failure.code}]</span>}
        </p>
      )}
      <div class="viewer">
        <div class="page" data-testid="page">
          {image ? <img src={image} alt="page image" /> : <span class="muted">loading page…</span>}
          {image && boxes.map((b) => (
            <div
              class={`box ${hover === b.key ? 'hot' : ''}`}
              data-key={b.key}
              title={b.label}
              style={{ left: `${b.box.x1 * 100}%`, top: `${b.box.y1 * 100}%`, width: `${(b.box.x2 - b.box.x1) * 100}%`, height: `${(b.box.y2 - b.box.y1) * 100}%` }}
              onMouseEnter={() => setHover(b.key)}
              onMouseLeave={() => setHover(null)}
            />
          ))}
        </div>
        <ScrollX class="values">
          <table class="rows" data-testid="page-rows">
            <thead><tr><th>#</th>{columns.map((c) => <th>{c}</th>)}</tr></thead>
            <tbody>
              {rows.map((row, r) => (
                <tr>
                  <td>{r + 1}</td>
                  {columns.map((c) => (
                    <td
                      class={hover === keyOf(r, c) ? 'hot' : ''}
                      data-key={keyOf(r, c)}
                      onMouseEnter={() => setHover(keyOf(r, c))}
                      onMouseLeave={() => setHover(null)}
                    ><Cell api={api} value={row[c]} /></td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
      </div>
    </Section>
  );
}
