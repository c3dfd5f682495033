import type { UploadResult } from './types';

/** The contract's error body, kept whole so the console can show code and message next to what failed. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
    readonly docUrl?: string,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

const API = '/api/v1';

function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `${API}${path}${qs ? `?${qs}` : ''}`;
}

function errorFrom(status: number, text: string): ApiError {
  try {
    const e = (JSON.parse(text) as { error?: { code: string; message: string; param?: string; doc_url?: string } }).error;
    if (e) return new ApiError(status, e.code, e.message, e.param, e.doc_url);
  } catch {
    // not JSON: a proxy or a crash page
  }
  return new ApiError(status, 'http_error', `HTTP ${status}: ${text.slice(0, 200) || 'no body'}`);
}

/** A new key per logical call (a click), so a retried request never spends twice. */
export const idempotencyKey = (): string => crypto.randomUUID();

/** Every call of the console goes through here with the session's key: the console has no other access. */
export class Api {
  constructor(readonly key: string) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { authorization: `Bearer ${this.key}`, ...extra };
  }

  private async call(method: string, url: string, body?: unknown, extra: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(url, {
      method,
      headers: this.headers(body === undefined ? extra : { 'content-type': 'application/json', ...extra }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw errorFrom(res.status, await res.text());
    return res;
  }

  async get<T>(path: string, query?: Query): Promise<T> {
    return (await this.call('GET', withQuery(path, query))).json() as Promise<T>;
  }

  /** JSON write; `idempotent` adds an Idempotency-Key (process and bbox spend credits). */
  async send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, idempotent = false): Promise<T | null> {
    const res = await this.call(method, withQuery(path), body, idempotent ? { 'idempotency-key': idempotencyKey() } : {});
    return res.status === 204 ? null : (res.json() as Promise<T>);
  }

  /** Binary answers (page images, crops, xlsx) as a Blob; `url` may be absolute (image_url) or an API path. */
  async blob(pathOrUrl: string, query?: Query): Promise<Blob> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : withQuery(pathOrUrl, query);
    return (await this.call('GET', url)).blob();
  }

  /**
   * POST /documents with upload progress (fetch has none). `X-Docrows-Source: console`
   * makes the upload count as source `direct` (docs/decisions.md).
   */
  upload(form: FormData, onProgress: (fraction: number) => void): Promise<UploadResult> {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${API}/documents`);
      for (const [k, v] of Object.entries(this.headers({ 'x-docrows-source': 'console', 'idempotency-key': idempotencyKey() }))) xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress(e.loaded / e.total); };
      xhr.onload = () => {
        if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as UploadResult);
        else reject(errorFrom(xhr.status, xhr.responseText));
      };
      xhr.onerror = () => reject(new ApiError(0, 'network_error', 'The upload could not reach docrows (network error).'));
      xhr.send(form);
    });
  }
}

/** Every item of a paged list (templates, presets: at most a few pages). */
export async function listAll<T>(api: Api, path: string, query: Query = {}): Promise<T[]> {
  const out: T[] = [];
  let token: string | null = null;
  do {
    const page: { data: T[]; next_page_token: string | null } = await api.get(path, { ...query, limit: 100, page_token: token });
    out.push(...page.data);
    token = page.next_page_token;
  } while (token);
  return out;
}

export const errorText = (err: unknown): string =>
  err instanceof ApiError ? `${err.message}${err.param ? ` (${err.param})` : ''} [${err.code}]` : String(err);
