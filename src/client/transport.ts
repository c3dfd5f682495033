import { randomUUID } from 'node:crypto';
import { DocrowsError } from './errors.js';

/** When and how often a call is tried again. */
export interface RetryOptions {
  /** Tries after the first; 0 turns retries off. Default 4. */
  maxRetries?: number;
  /** First back-off delay; doubles per try, with jitter. Default 500 ms. */
  baseDelayMs?: number;
  /** Longest back-off delay (a server's Retry-After is honoured even when longer). Default 8 s. */
  maxDelayMs?: number;
}

export interface TransportOptions {
  baseUrl: string;
  token: string;
  retry?: RetryOptions;
  /** Replaces global fetch (proxies, instrumentation). */
  fetch?: typeof fetch;
  /** Replaces the wait between tries (tests, custom schedulers). */
  sleep?: (ms: number) => Promise<void>;
}

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path with its parameters filled in, e.g. `/api/v1/batches/b1`. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  /** Built anew for every try (a FormData body is consumed by sending it). */
  form?: () => FormData;
  /**
   * Safe to send again after a 5xx or a lost connection: reads, PUT/DELETE,
   * and POSTs carrying an Idempotency-Key. A 429 is always retried: the
   * server refused it before doing anything.
   */
  retrySafe: boolean;
  /** Send one Idempotency-Key, generated for this logical call, on every try. */
  idempotencyKey?: boolean;
  bytes?: boolean;
  signal?: AbortSignal;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds (delta-seconds or an HTTP date), else undefined. */
function retryAfterSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}

/** The HTTP layer of the client: auth, JSON/multipart bodies, typed errors and retries. */
export class Transport {
  private readonly baseUrl: string;
  private readonly retry: Required<RetryOptions>;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: TransportOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.retry = { maxRetries: 4, baseDelayMs: 500, maxDelayMs: 8000, ...options.retry };
    this.fetchImpl = options.fetch ?? fetch;
    this.sleep = options.sleep ?? defaultSleep;
  }

  private url(call: Call): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) params.set(k, String(v));
    const qs = params.toString();
    return `${this.baseUrl}${call.path}${qs ? `?${qs}` : ''}`;
  }

  private backoff(attempt: number): number {
    const full = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** attempt);
    return full / 2 + Math.random() * (full / 2);
  }

  async send<T>(call: Call): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.options.token}`, accept: call.bytes ? '*/*' : 'application/json' };
    if (call.idempotencyKey) headers['idempotency-key'] = randomUUID();
    if (call.json !== undefined) headers['content-type'] = 'application/json';
    const url = this.url(call);
    for (let attempt = 0; ; attempt++) {
      const canRetry = attempt < this.retry.maxRetries;
      let res: Response;
      try {
        res = await this.fetchImpl(url, {
          method: call.method,
          headers,
          body: call.form ? call.form() : call.json !== undefined ? JSON.stringify(call.json) : undefined,
          signal: call.signal,
        });
      } catch (err) {
        if (call.signal?.aborted) throw err;
        if (call.retrySafe && canRetry) { await this.sleep(this.backoff(attempt)); continue; }
        throw new DocrowsError({ status: 0, code: 'connection_error', type: 'connection_error', message: `No answer from ${this.baseUrl}: ${(err as Error).message}`, cause: err });
      }
      if (res.ok) {
        if (res.status === 204) return null as T;
        return (call.bytes ? Buffer.from(await res.arrayBuffer()) : await res.json()) as T;
      }
      const body: unknown = await res.json().catch(() => null);
      const error = DocrowsError.fromResponse(res.status, body, retryAfterSeconds(res.headers.get('retry-after')));
      const retryable = res.status === 429 || (res.status >= 500 && call.retrySafe);
      if (!retryable || !canRetry) throw error;
      await this.sleep(error.retryAfter !== undefined ? error.retryAfter * 1000 : this.backoff(attempt));
    }
  }
}
