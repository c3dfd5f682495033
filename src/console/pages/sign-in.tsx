import { useState } from 'preact/hooks';
import { Api } from '../api';
import { ErrorNote } from '../ui';

/** The key is checked against GET /account before it is kept. */
export function SignIn({ onSignIn }: { onSignIn: (key: string) => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await new Api(key.trim()).get('/account');
      onSignIn(key.trim());
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="narrow">
      <h1>docrows console</h1>
      <form class="card" onSubmit={submit}>
        <label>API key
          <input name="api_key" type="password" autoComplete="off" required placeholder="dr_live_…" value={key} onInput={(e) => setKey(e.currentTarget.value)} />
        </label>
        <p class="muted">Kept in this browser tab only (session storage) and sent to this server alone.</p>
        <button type="submit" disabled={busy}>Sign in</button>
        <ErrorNote error={error} />
      </form>
    </main>
  );
}
