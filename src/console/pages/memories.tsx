import { useState } from 'preact/hooks';
import type { Api } from '../api';
import { Pager, usePaged } from '../paged';
import type { LayoutMemory } from '../types';
import { ErrorNote, ScrollX, Section, when } from '../ui';

const senderText = (s: LayoutMemory['sender']) => [s.name, s.tax_id, s.iban].filter(Boolean).join(' · ') || 'unnamed sender';

/**
 * What corrections taught the layout engine, one memory per sender and
 * layout (docs/console.md, "Layout memory"); deleting one stops it from
 * reading the next page of that sender.
 */
export function MemoriesPage({ api }: { api: Api }) {
  const paged = usePaged<LayoutMemory>(api, '/layout_memories', 50);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const remove = async (m: LayoutMemory) => {
    if (!confirm(`Delete what docrows learned about ${senderText(m.sender)}? Its next pages are read without it.`)) return;
    setError(null);
    setBusy(m.id);
    try {
      await api.send('DELETE', `/layout_memories/${encodeURIComponent(m.id)}`);
      paged.page.reload();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  };

  const items = paged.page.data?.data ?? [];
  return (
    <Section title="Layout memory">
      <p class="muted">When you correct a page, docrows learns where that sender prints each value, and reads the sender's next pages of the same layout that way first.</p>
      <ErrorNote error={paged.page.error ?? error} />
      {paged.page.data && items.length === 0 && <p class="muted">Nothing learned yet: correct a page's values (open a page of a batch, edit, save).</p>}
      {items.length > 0 && (
        <ScrollX>
          <table class="rows" data-testid="memories">
            <thead><tr><th>Sender</th><th>Fields learned</th><th>Documents</th><th>Last learned</th><th /></tr></thead>
            <tbody>
              {items.map((m) => (
                <tr key={m.id} data-id={m.id}>
                  <td>{senderText(m.sender)}</td>
                  <td>{m.fields.join(', ')}</td>
                  <td>{m.documents}</td>
                  <td>{when(m.updated_at)}</td>
                  <td><button type="button" disabled={busy === m.id} onClick={() => void remove(m)}>Delete</button></td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
      )}
      <Pager paged={paged} />
    </Section>
  );
}
