import { useState } from 'preact/hooks';
import type { Api } from '../api';
import { Cell, columnsOf } from '../cells';
import { href } from '../router';
import type { Results } from '../types';
import { ErrorNote, saveBlob, Section, StatusBadge, useLoad } from '../ui';
import { isLow, ThresholdInput, useThreshold } from '../review';

/** GET /batches/{name}/results as a table (merge on/off), failed pages, and the xlsx export. */
export function ResultsPanel({ api, name, version }: { api: Api; name: string; version: number }) {
  const [merge, setMerge] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const [threshold, setThreshold] = useThreshold();
  const results = useLoad(() => api.get<Results>(`/batches/${encodeURIComponent(name)}/results`, { merge, include: 'confidence' }), [api, name, merge, version]);
  const download = async () => {
    setExportError(null);
    try {
      saveBlob(await api.blob(`/batches/${encodeURIComponent(name)}/export`, { format: 'xlsx' }), `${name}.xlsx`);
    } catch (err) {
      setExportError(err);
    }
  };
  const docs = results.data?.documents ?? [];
  const columns = columnsOf(docs);
  const failed = docs.filter((d) => d.status === 'failed' || d.status === 'canceled');
  return (
    <Section
      title="Results"
      actions={
        <span class="row">
          <ThresholdInput value={threshold} onChange={setThreshold} />
          <label class="check"><input type="checkbox" name="merge" checked={merge} onChange={(e) => setMerge(e.currentTarget.checked)} />Merge pages</label>
          <button type="button" onClick={download}>Download xlsx</button>
        </span>
      }
    >
      <ErrorNote error={results.error ?? exportError} />
      {merge && results.data && !results.data.merge_active && <p class="muted">No multi-page merge is configured on this batch's template: one entry per page.</p>}
      {docs.length > 0 && (
        <div class="scroll">
          <table class="rows" data-testid="rows">
            <thead><tr><th>Page</th>{columns.map((c) => <th>{c}</th>)}</tr></thead>
            <tbody>
              {docs.filter((d) => d.status === 'succeeded').flatMap((d) => (d.line_items ?? []).map((row, i) => (
                <tr data-document={d.document_id}>
                  <td>{i === 0 && <a href={href('batches', name, 'pages', d.document_id)} title="Open the page viewer">{d.filename ?? d.document_id} {pageLabel(d.document_id)}</a>}</td>
                  {columns.map((c) => <td class={isLow(row[c], threshold) ? 'low' : ''}><Cell api={api} value={row[c]} /></td>)}
                </tr>
              )))}
            </tbody>
          </table>
        </div>
      )}
      {failed.length > 0 && (
        <div class="failed" data-testid="failed-pages">
          <h3>Pages that did not succeed</h3>
          <ul>
            {failed.map((d) => (
              <li><a href={href('batches', name, 'pages', d.document_id)}>{d.filename ?? d.document_id} {pageLabel(d.document_id)}</a> <StatusBadge status={d.status} /> {d.failure ? `${d.failure.message} [${d.failure.code}]` : ''}</li>
            ))}
          </ul>
        </div>
      )}
    </Section>
  );
}

/** `doc_…_p3` → "p. 3"; an image has no page suffix. */
export const pageLabel = (documentId: string): string => {
  const m = /_p(\d+)$/.exec(documentId);
  return m ? `p. ${m[1]}` : '';
};
