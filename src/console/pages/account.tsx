import { useState } from 'preact/hooks';
import type { Api } from '../api';
import { href } from '../router';
import type { Account, Envelope, FeedEvent, LedgerEntry } from '../types';
import { ErrorNote, Section, useLoad, when } from '../ui';

/** A newest-first list paged forward by page_token, with a way back to the start. */
function usePaged<T>(api: Api, path: string, limit: number) {
  const [tokens, setTokens] = useState<Array<string | null>>([null]);
  const page = useLoad(() => api.get<Envelope<T>>(path, { limit, page_token: tokens[tokens.length - 1] }), [api, path, tokens]);
  return {
    page,
    older: () => page.data?.next_page_token && setTokens([...tokens, page.data.next_page_token]),
    newer: () => tokens.length > 1 && setTokens(tokens.slice(0, -1)),
    first: tokens.length === 1,
  };
}

function Pager({ paged }: { paged: { page: { data?: { has_more: boolean } }; older: () => void; newer: () => void; first: boolean } }) {
  return (
    <div class="pager">
      {!paged.first && <button type="button" onClick={paged.newer}>Newer</button>}
      {paged.page.data?.has_more && <button type="button" onClick={paged.older}>Older</button>}
    </div>
  );
}

/** Plan and credits (GET /account), the usage ledger and the event feed. */
export function AccountPage({ api }: { api: Api }) {
  const account = useLoad(() => api.get<Account>('/account'), [api]);
  const ledger = usePaged<LedgerEntry>(api, '/account/usage', 20);
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
      <Section title="Usage ledger">
        <ErrorNote error={ledger.page.error} />
        <div class="scroll">
          <table class="ledger" data-testid="ledger">
            <thead><tr><th>When</th><th>Action</th><th>Reason</th><th>Amount</th><th>Batch</th><th>Document</th></tr></thead>
            <tbody>
              {(ledger.page.data?.data ?? []).map((e) => (
                <tr>
                  <td>{when(e.created_at)}</td><td>{e.action}</td><td>{e.reason ?? ''}</td>
                  <td class={e.amount < 0 ? 'neg' : 'pos'}>{e.amount > 0 ? `+${e.amount}` : e.amount}</td>
                  <td>{e.batch_name ? <a href={href('batches', e.batch_name)}>{e.batch_name}</a> : ''}</td>
                  <td class="muted">{e.document_id ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager paged={ledger} />
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
