import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { errorText, type Api } from './api';
import type { Status } from './types';

export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  return <p class="error" role="alert">{errorText(error)}</p>;
}

export function StatusBadge({ status }: { status: Status | null | undefined }) {
  return <span class={`badge s-${status ?? 'none'}`}>{status ?? 'none'}</span>;
}

export function Progress({ value, label }: { value: number | null; label?: string }) {
  // null: size unknown (URL uploads, a job not yet counted) → indeterminate bar
  return <progress max={1} value={value ?? undefined} aria-label={label} />;
}

export function Section({ title, children, actions }: { title: string; children: ComponentChildren; actions?: ComponentChildren }) {
  return (
    <section class="card">
      <header class="card-head"><h2>{title}</h2>{actions}</header>
      {children}
    </section>
  );
}

/**
 * A sideways-scrolling box that says so when its content is wider than it:
 * a table cut at the edge would otherwise hide its last columns without a sign.
 */
export function ScrollX({ children, class: cls = '' }: { children: ComponentChildren; class?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    const watch = new ResizeObserver(check);
    watch.observe(el);
    if (el.firstElementChild) watch.observe(el.firstElementChild);
    check();
    return () => watch.disconnect();
  }, []);
  return (
    <div class={`scroll-x ${cls}`}>
      {overflows && <p class="scroll-hint muted" data-testid="scroll-hint">More columns: scroll sideways →</p>}
      <div class={`scroll ${overflows ? 'overflows' : ''}`} ref={box}>{children}</div>
    </div>
  );
}

/** Loads once per `deps` change; `reload` refetches. Errors are kept for display rather than thrown. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { data: T | undefined; error: unknown; loading: boolean; reload: () => void } {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load().then((data) => live && setState({ data, loading: false }), (error: unknown) => live && setState({ error, loading: false }));
    return () => { live = false; };
  }, [...deps, tick]);
  return { data: state.data, error: state.error, loading: state.loading, reload: () => setTick((n) => n + 1) };
}

/** A blob: URL for an authenticated image (page, crop): <img src> cannot carry the API key. */
export function useBlobUrl(api: Api, path: string | null): { url: string | null; error: unknown } {
  const [state, setState] = useState<{ url: string | null; error: unknown }>({ url: null, error: null });
  useEffect(() => {
    if (!path) return;
    let made: string | null = null;
    let live = true;
    api.blob(path).then((b) => {
      if (!live) return;
      made = URL.createObjectURL(b);
      setState({ url: made, error: null });
    }, (error: unknown) => live && setState({ url: null, error }));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [api, path]);
  return state;
}

export function AuthImage({ api, path, alt, class: cls }: { api: Api; path: string; alt: string; class?: string }) {
  const { url, error } = useBlobUrl(api, path);
  if (error) return <ErrorNote error={error} />;
  return url ? <img src={url} alt={alt} class={cls} /> : <span class="muted">loading image…</span>;
}

/** Saves a Blob under a file name (the xlsx export). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const when = (iso: string): string => new Date(iso).toLocaleString();
