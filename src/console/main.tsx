import { render } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { Api } from './api';
import { href, useRoute } from './router';
import { AccountPage } from './pages/account';
import { BatchPage } from './pages/batch';
import { BatchesPage } from './pages/batches';
import { MemoriesPage } from './pages/memories';
import { PageViewer } from './pages/page-viewer';
import { SignIn } from './pages/sign-in';
import { TemplateEditor } from './pages/template-editor';
import { TemplatesPage } from './pages/templates';
import { UploadPage } from './pages/upload';
import { UsagePage } from './pages/usage';

/** The key lives in sessionStorage only: it is gone when the tab closes (docs/console.md). */
const KEY_SLOT = 'docrows.apiKey';

function Pages({ api }: { api: Api }) {
  const { parts, query } = useRoute();
  const [section, a, b, c] = parts;
  switch (section) {
    case 'upload':
      return <UploadPage api={api} batch={query.get('batch') ?? ''} />;
    case 'batches':
      if (a && b === 'pages' && c) return <PageViewer api={api} batch={a} documentId={c} />;
      if (a) return <BatchPage api={api} name={a} />;
      return <BatchesPage api={api} />;
    case 'templates':
      return a ? <TemplateEditor api={api} id={Number(a)} /> : <TemplatesPage api={api} />;
    case 'usage':
      return <UsagePage api={api} />;
    case 'memory':
      return <MemoriesPage api={api} />;
    case 'account':
      return <AccountPage api={api} />;
    default:
      return <BatchesPage api={api} />;
  }
}

const NAV: Array<[string, string]> = [['batches', 'Batches'], ['upload', 'Upload'], ['templates', 'Templates'], ['memory', 'Memory'], ['usage', 'Usage'], ['account', 'Account']];

function App() {
  const [key, setKey] = useState(() => sessionStorage.getItem(KEY_SLOT));
  const api = useMemo(() => (key ? new Api(key) : null), [key]);
  const { parts } = useRoute();
  const signIn = (k: string) => { sessionStorage.setItem(KEY_SLOT, k); setKey(k); };
  const signOut = () => { sessionStorage.removeItem(KEY_SLOT); setKey(null); };
  if (!api) return <SignIn onSignIn={signIn} />;
  const current = parts[0] ?? 'batches';
  return (
    <>
      <nav class="top">
        <a class="brand" href={href('batches')}>docrows</a>
        {NAV.map(([id, label]) => <a href={href(id)} class={current === id ? 'on' : ''}>{label}</a>)}
        <button type="button" class="link" onClick={signOut}>Sign out</button>
      </nav>
      <main><Pages api={api} /></main>
    </>
  );
}

const root = document.getElementById('app')!;
root.textContent = ''; // the boot message; render() would keep it beside the app
render(<App />, root);
