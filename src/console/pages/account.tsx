import type { Api } from '../api';
import { Pager, usePaged } from '../paged';
import { href } from '../router';
import type { Account, FeedEvent } from '../types';
import { ErrorNote, Section, useLoad, when } from '../ui';

/** Plan and credits (GET /account) and the event feed; the usage ledger has its own tab (usage.tsx). */
export function AccountPage({ api }: { api: Api }) {
  const account = useLoad(() => api.get<Account>('/account'), [api]);
  const events = usePaged<FeedEvent>(api, '/events', 20);
  const a = account.data;
  return (
    <>
      <Section title="Account">
        <ErrorNote error={account.error} />
        {a && (
          <dl class="facts">
            <dt>Plan</dt><dd data-testid="plan">{a.plan}</dd>
            <dt>Role</dt><dd>{a.role}</dd>
            <dt>Available credits</dt><dd data-testid="credits">{a.available_credits}</dd>
            <dt>Pages per batch</dt><dd>{a.max_batch_size}</dd>
            <dt>Parallel uploads</dt><dd>{a.upload_concurrency}</dd>
          </dl>
        )}
      </Section>
      <Section title="Events">
        <ErrorNote error={events.page.error} />
        <ul class="events" data-testid="events">
          {(events.page.data?.data ?? []).map((e) => (
            <li><span class="muted">{when(e.created_at)}</span> <strong>{e.type}</strong> <a href={href('batches', e.batch_name)}>{e.batch_name}</a>{e.document_id ? ` · ${e.document_id}` : ''}</li>
          ))}
        </ul>
        {events.page.data?.data.length === 0 && <p class="muted">No events yet: they appear as pages finish.</p>}
        <Pager paged={events} />
      </Section>
    </>
  );
}
