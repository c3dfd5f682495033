import { useState } from 'preact/hooks';
import { listAll, type Api } from '../api';
import { countEntries, neverProcessed } from '../batch-counts';
import { href } from '../router';
import { STATUSES, type BatchItem, type BatchStatus, type Envelope, type Status, type Template } from '../types';
import { ErrorNote, Section, StatusBadge, useLoad, when } from '../ui';
import { TemplatePicker } from '../pickers';

interface Filters {
  status: Status[];
  source: string;
  q: string;
  date_from: string;
  date_to: string;
  template_id: string;
}

const EMPTY: Filters = { status: [], source: '', q: '', date_from: '', date_to: '', template_id: '' };
const SOURCES = ['', 'direct', 'api', 'collect', 'email_inbox', 'share'];

/** GET /batches, newest first, with every filter the API has, each batch with its status counts (GET /batches/{name}). */
export function BatchesPage({ api }: { api: Api }) {
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [token, setToken] = useState<string | null>(null);
  const templates = useLoad(() => listAll<Template>(api, '/templates'), [api]);
  const list = useLoad(async () => {
    const page = await api.get<Envelope<BatchItem>>('/batches', { ...filters, status: filters.status.join(','), order: 'newest', page_token: token });
    const counts = await Promise.all(page.data.map((b) => api.get<BatchStatus>(`/batches/${encodeURIComponent(b.batch_name)}`).catch(() => null)));
    return { ...page, counts };
  }, [api, JSON.stringify(filters), token]);

  const set = (patch: Partial<Filters>) => { setToken(null); setFilters({ ...filters, ...patch }); };
  const toggleStatus = (s: Status) => set({ status: filters.status.includes(s) ? filters.status.filter((x) => x !== s) : [...filters.status, s] });

  return (
    <Section title="Batches" actions={<a class="button" href={href('upload')}>Upload documents</a>}>
      <form class="filters" onSubmit={(e) => e.preventDefault()}>
        <fieldset class="statuses"><legend>Status</legend>
          {STATUSES.map((s) => (
            <label class="check"><input type="checkbox" name={`status-${s}`} checked={filters.status.includes(s)} onChange={() => toggleStatus(s)} />{s}</label>
          ))}
        </fieldset>
        <label>Source
          <select name="source" value={filters.source} onChange={(e) => set({ source: e.currentTarget.value })}>
            {SOURCES.map((s) => <option value={s}>{s || 'any'}</option>)}
          </select>
        </label>
        <label>File name contains<input name="q" type="search" value={filters.q} onChange={(e) => set({ q: e.currentTarget.value })} /></label>
        <label>From<input name="date_from" type="date" value={filters.date_from} onChange={(e) => set({ date_from: e.currentTarget.value })} /></label>
        <label>To<input name="date_to" type="date" value={filters.date_to} onChange={(e) => set({ date_to: e.currentTarget.value })} /></label>
        <TemplatePicker label="Template" name="template_id" empty="any" items={templates.data} value={filters.template_id} onChange={(template_id) => set({ template_id })} />
      </form>
      <ErrorNote error={list.error} />
      {list.data && list.data.data.length === 0 && (
        <p class="muted">{JSON.stringify(filters) === JSON.stringify(EMPTY) ? 'No batches yet.' : 'No batches match.'} <a href={href('upload')}>Upload documents</a> to start one.</p>
      )}
      {list.data && list.data.data.length > 0 && (
        <div class="scroll">
          <table class="batches">
            <thead><tr><th>Batch</th><th>Status</th><th>Documents</th><th>Counts</th><th>Created</th><th /></tr></thead>
            <tbody>
              {list.data.data.map((b, i) => (
                <BatchRow api={api} batch={b} counts={list.data!.counts[i]} onDeleted={list.reload} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div class="pager">
        {token && <button type="button" class="link" onClick={() => setToken(null)}>First page</button>}
        {list.data?.has_more && <button type="button" onClick={() => setToken(list.data!.next_page_token)}>Next page</button>}
      </div>
    </Section>
  );
}

function BatchRow({ api, batch, counts, onDeleted }: { api: Api; batch: BatchItem; counts: BatchStatus | null; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const remove = async () => {
    try {
      const res = await api.send<{ refunded_credits: number }>('DELETE', `/batches/${encodeURIComponent(batch.batch_name)}`);
      setDone(`Deleted; ${res?.refunded_credits ?? 0} credits refunded.`);
      setTimeout(onDeleted, 1200);
    } catch (err) {
      setError(err);
    }
  };
  const summary = counts ? countEntries(counts).filter((c) => c.n > 0).map((c) => `${c.n} ${c.label}`).join(', ') : '';
  return (
    <tr data-batch={batch.batch_name}>
      <td><a href={href('batches', batch.batch_name)}>{batch.batch_name}</a></td>
      <td>{neverProcessed(counts) ? <span class="badge s-not-processed">not processed</span> : <StatusBadge status={batch.status} />}</td>
      <td>{batch.document_count}</td>
      <td class="muted">{summary}</td>
      <td>{when(batch.created_at)}</td>
      <td class="actions">
        {done ?? (confirming ? (
          <span class="confirm">
            Delete all {batch.document_count} documents? Pages still queued are refunded.
            <button type="button" class="danger" onClick={remove}>Delete batch</button>
            <button type="button" class="link" onClick={() => setConfirming(false)}>Cancel</button>
          </span>
        ) : <button type="button" class="link danger" onClick={() => setConfirming(true)}>Delete</button>)}
        <ErrorNote error={error} />
      </td>
    </tr>
  );
}
