import type { Api } from '../api';
import { Pager, usePaged } from '../paged';
import { href } from '../router';
import type { LedgerEntry } from '../types';
import { ErrorNote, Section, when } from '../ui';

/** The usage ledger (GET /account/usage), newest first: every grant, deduction and refund. */
export function UsagePage({ api }: { api: Api }) {
  const ledger = usePaged<LedgerEntry>(api, '/account/usage', 20);
  return (
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
  );
}
