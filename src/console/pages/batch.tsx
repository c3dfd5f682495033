import { useEffect, useState } from 'preact/hooks';
import type { Api } from '../api';
import { countEntries } from '../batch-counts';
import { href } from '../router';
import type { BatchStatus } from '../types';
import { ErrorNote, Progress, Section, useLoad } from '../ui';
import { ProcessPanel } from './process';
import { ResultsPanel } from './results';

/** How often a running batch is polled: a second keeps the bar live without loading the server. */
const POLL_MS = 1000;

/** One batch: its counts, the process form, progress while pages finish, then the rows. */
export function BatchPage({ api, name }: { api: Api; name: string }) {
  const status = useLoad(() => api.get<BatchStatus>(`/batches/${encodeURIComponent(name)}`), [api, name]);
  const [resultsVersion, setResultsVersion] = useState(0);
  const [watching, setWatching] = useState(false);
  // Opened while pages run: follow them. (Public `queued` also counts pages never processed, so only `processing` says so.)
  const processing = status.data?.status_counts.processing ?? 0;
  useEffect(() => { if (processing > 0) setWatching(true); }, [processing > 0]);

  useEffect(() => {
    if (!watching) return;
    if (status.data?.all_done) { setWatching(false); setResultsVersion((v) => v + 1); return; }
    const t = setTimeout(status.reload, POLL_MS);
    return () => clearTimeout(t);
  }, [watching, status.data]);

  const counts = status.data?.status_counts;
  const finished = counts ? counts.succeeded + counts.failed + counts.canceled : 0;
  return (
    <>
      <Section title={`Batch ${name}`} actions={<a class="button" href={`${href('upload')}?batch=${encodeURIComponent(name)}`}>Add documents</a>}>
        <ErrorNote error={status.error} />
        {status.data && (
          <>
            <ul class="counts">
              {countEntries(status.data).map((c) => <li class={`s-${c.status}`} data-status={c.status}><strong>{c.n}</strong> {c.label}</li>)}
            </ul>
            {watching && (
              <div class="progress-line" data-testid="batch-progress">
                <Progress value={status.data.document_count ? finished / status.data.document_count : null} label="pages finished" />
                <span>{finished} of {status.data.document_count} pages finished</span>
              </div>
            )}
          </>
        )}
      </Section>
      {status.data && (
        <ProcessPanel api={api} batch={status.data} busy={watching} onStarted={() => { setWatching(true); status.reload(); }} />
      )}
      {status.data && status.data.status_counts.succeeded + status.data.status_counts.failed + status.data.status_counts.canceled > 0 && (
        <ResultsPanel api={api} name={name} version={resultsVersion} />
      )}
    </>
  );
}
