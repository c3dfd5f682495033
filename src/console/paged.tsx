import { useState } from 'preact/hooks';
import type { Api } from './api';
import type { Envelope } from './types';
import { useLoad } from './ui';

/** A newest-first list paged forward by page_token, with a way back to the start. */
export function usePaged<T>(api: Api, path: string, limit: number) {
  const [tokens, setTokens] = useState<Array<string | null>>([null]);
  const page = useLoad(() => api.get<Envelope<T>>(path, { limit, page_token: tokens[tokens.length - 1] }), [api, path, tokens]);
  return {
    page,
    older: () => page.data?.next_page_token && setTokens([...tokens, page.data.next_page_token]),
    newer: () => tokens.length > 1 && setTokens(tokens.slice(0, -1)),
    first: tokens.length === 1,
  };
}

export function Pager({ paged }: { paged: { page: { data?: { has_more: boolean } }; older: () => void; newer: () => void; first: boolean } }) {
  return (
    <div class="pager">
      {!paged.first && <button type="button" onClick={paged.newer}>Newer</button>}
      {paged.page.data?.has_more && <button type="button" onClick={paged.older}>Older</button>}
    </div>
  );
}
