import { useEffect, useState } from 'preact/hooks';

/** Hash routes (`#/batches/NAME`): the server serves one page, the browser keeps history. */
export interface Route {
  parts: string[];
  query: URLSearchParams;
}

function parse(hash: string): Route {
  const [path, qs = ''] = hash.replace(/^#\/?/, '').split('?');
  return { parts: path.split('/').filter(Boolean).map(decodeURIComponent), query: new URLSearchParams(qs) };
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parse(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parse(location.hash));
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

/** `href('batches', name)` → `#/batches/<name>` with each part encoded. */
export const href = (...parts: string[]): string => `#/${parts.map(encodeURIComponent).join('/')}`;

export const go = (...parts: string[]): void => { location.hash = href(...parts); };
