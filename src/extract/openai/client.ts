import type { Agent, request } from 'undici';
import type { OpenAiConfig } from '../../config-engines.js';
import { DEFAULT_SETTINGS, type EngineSettings } from '../settings.js';
import { HTTP_OK, HTTP_REDIRECT, HTTP_REQUEST_TIMEOUT, HTTP_SERVER_ERROR, HTTP_TOO_MANY_REQUESTS, MS_PER_SECOND } from '../units.js';
import type { ChatMessage, JsonSchema } from './prompt.js';

/**
 * The chat-completions call with the failure handling a batch needs: a
 * bounded number of requests in flight, retries with backoff on 429, 5xx and
 * timeouts (Retry-After wins), and a breaker: while the server refuses
 * connections, every request waits for it to come back instead of spending
 * its retry budget, so a stopped server pauses the batch instead of failing it.
 */

export interface Usage {
  tokensIn: number;
  tokensOut: number;
  requests: number;
}

export interface ChatCall {
  model: string;
  messages: ChatMessage[];
  /** null: no response_format (the schema travels in the prompt). */
  format: { type: 'json_schema'; schema: JsonSchema } | { type: 'json_object' } | null;
  reasoningEffort: string | null;
}

export interface ChatReply {
  content: string;
}

/** The server answered the request itself as wrong (4xx other than 408/429): retrying the same request cannot help. */
export class ModelRejectedError extends Error {
  /** `shown`: characters of the reply the message keeps. */
  constructor(readonly status: number, readonly body: string, shown: number) {
    super(`the model server refused the request (HTTP ${status}): ${body.slice(0, shown)}`);
    this.name = 'ModelRejectedError';
  }
}

/** The engine is shutting down: the page was not answered and must be retried by another run, not failed. */
export class ModelClosedError extends Error {
  constructor() {
    super('the model engine is shutting down');
    this.name = 'ModelClosedError';
  }
}

/** Every retry was used up. */
class ModelUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelUnavailableError';
  }
}

export type ClientLog = (level: 'info' | 'warn', data: Record<string, unknown>, message: string) => void;

/** Socket errors that mean nothing is listening (or reachable) at the address: the server is down. */
const DOWN_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'EADDRNOTAVAIL']);

function errorCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}

/** Retry-After as seconds or an HTTP date, in milliseconds; null when absent or unreadable. */
function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return null;
  if (/^\s*\d+(\.\d+)?\s*$/.test(raw)) return Math.round(Number(raw) * MS_PER_SECOND);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Bounds requests in flight; waiters are served in arrival order. */
class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];
  constructor(size: number) {
    this.free = size;
  }
  async take(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

/**
 * Open after a refused connection; after `cooldownMs` one request probes the
 * server while the others keep waiting; a probe that connects closes it.
 */
class Breaker {
  private openUntil = 0;
  private probing = false;
  constructor(private readonly cooldownMs: number, private readonly pollMs: number, private readonly log: ClientLog) {}

  async ready(signal?: AbortSignal): Promise<void> {
    while (!signal?.aborted) {
      if (this.openUntil === 0) return;
      const wait = this.openUntil - Date.now();
      if (wait <= 0 && !this.probing) {
        this.probing = true;
        return;
      }
      await sleep(Math.max(this.pollMs, Math.min(wait > 0 ? wait : this.cooldownMs, this.cooldownMs)), signal);
    }
  }

  down(code: string): void {
    if (this.openUntil === 0) this.log('warn', { code, retryInMs: this.cooldownMs }, 'model server unreachable: model work paused until it answers');
    this.openUntil = Date.now() + this.cooldownMs;
    this.probing = false;
  }

  up(): void {
    if (this.openUntil !== 0) this.log('info', {}, 'model server reachable again: model work resumed');
    this.openUntil = 0;
    this.probing = false;
  }
}

export class ModelClient {
  /** undici, loaded with the first call: a service whose pages never reach a model never loads it. */
  private http: Promise<{ agent: Agent; request: typeof request }> | undefined;
  private readonly slots: Slots;
  private readonly breaker: Breaker;
  private readonly url: string;
  private readonly closing = new AbortController();

  /** `settings`: the engine's (src/extract/settings.ts, group `model`: the breaker's poll, backoff and jitter). */
  constructor(
    private readonly config: OpenAiConfig,
    private readonly log: ClientLog = () => undefined,
    private readonly settings: EngineSettings = DEFAULT_SETTINGS,
  ) {
    if (!config.baseUrl) throw new Error('DOCROWS_OPENAI_BASE_URL is not set');
    this.url = `${config.baseUrl}/chat/completions`;
    this.slots = new Slots(config.concurrency);
    this.breaker = new Breaker(config.breakerMs, settings.model.breakerPollMs, log);
  }

  private body(call: ChatCall): string {
    const responseFormat = call.format?.type === 'json_schema'
      ? { type: 'json_schema', json_schema: { name: 'page_rows', strict: true, schema: call.format.schema } }
      : call.format;
    return JSON.stringify({
      model: call.model,
      messages: call.messages,
      temperature: 0,
      ...(responseFormat ? { response_format: responseFormat } : {}),
      ...(call.reasoningEffort ? { reasoning_effort: call.reasoningEffort } : {}),
    });
  }

  private undici(): Promise<{ agent: Agent; request: typeof request }> {
    const { concurrency, timeoutMs } = this.config;
    this.http ??= import('undici').then((u) => ({ agent: new u.Agent({ connections: concurrency, headersTimeout: timeoutMs, bodyTimeout: timeoutMs }), request: u.request }));
    return this.http;
  }

  private headers(): Record<string, string> {
    return {
      'content-type': 'application/json',
      ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}),
      ...this.config.headers,
    };
  }

  private backoff(failures: number, retryAfter: number | null): number {
    if (retryAfter !== null) return Math.min(retryAfter, this.config.maxBackoffMs);
    const { backoffGrowth, jitterShare } = this.settings.model;
    const base = Math.min(this.config.maxBackoffMs, this.config.backoffMs * backoffGrowth ** (failures - 1));
    // Jitter spreads the retries of pages that failed together.
    return Math.round(base * (jitterShare + Math.random() * (1 - jitterShare)));
  }

  /** One completion; adds what it spent to `usage`. Throws ModelRejectedError, ModelUnavailableError or ModelClosedError. */
  async complete(call: ChatCall, usage: Usage): Promise<ChatReply> {
    const body = this.body(call);
    const signal = this.closing.signal;
    let failures = 0;
    for (;;) {
      await this.breaker.ready(signal);
      if (signal.aborted) throw new ModelClosedError();
      let problem: string;
      let retryAfter: number | null = null;
      await this.slots.take();
      try {
        const { agent, request } = await this.undici();
        const res = await request(this.url, {
          method: 'POST', headers: this.headers(), body, dispatcher: agent,
          signal: AbortSignal.any([AbortSignal.timeout(this.config.timeoutMs), signal]),
        });
        this.breaker.up();
        const text = await res.body.text();
        usage.requests++;
        if (res.statusCode >= HTTP_OK && res.statusCode < HTTP_REDIRECT) return this.reply(text, usage);
        const retried = res.statusCode === HTTP_REQUEST_TIMEOUT || res.statusCode === HTTP_TOO_MANY_REQUESTS || res.statusCode >= HTTP_SERVER_ERROR;
        if (!retried) throw new ModelRejectedError(res.statusCode, text, this.settings.model.errorBodyChars);
        problem = `HTTP ${res.statusCode}`;
        retryAfter = retryAfterMs(res.headers['retry-after']);
      } catch (err) {
        if (err instanceof ModelRejectedError) throw err;
        if (signal.aborted) throw new ModelClosedError();
        const code = errorCode(err);
        if (code && DOWN_CODES.has(code)) {
          this.breaker.down(code);
          continue; // waits at the breaker; the page's retry budget is for answers, not for an absent server
        }
        problem = err instanceof Error && /timeout|aborted/i.test(`${err.name} ${err.message}`) ? 'timed out' : `connection failed (${code ?? String(err)})`;
      } finally {
        this.slots.give();
      }
      failures++;
      if (failures > this.config.retries) throw new ModelUnavailableError(`the model server failed ${failures} times, last: ${problem}`);
      const delay = this.backoff(failures, retryAfter);
      this.log('warn', { problem, attempt: failures, retryInMs: delay }, 'model request failed; retrying');
      await sleep(delay, signal);
    }
  }

  private reply(text: string, usage: Usage): ChatReply {
    let json: { choices?: Array<{ message?: { content?: unknown } }>; usage?: { prompt_tokens?: number; completion_tokens?: number } };
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      return { content: text };
    }
    usage.tokensIn += Number(json.usage?.prompt_tokens ?? 0) || 0;
    usage.tokensOut += Number(json.usage?.completion_tokens ?? 0) || 0;
    const content = json.choices?.[0]?.message?.content;
    return { content: typeof content === 'string' ? content : content === undefined || content === null ? '' : JSON.stringify(content) };
  }

  /** Abandons requests in flight and waiting ones (they throw ModelClosedError) and closes the connections. */
  async close(): Promise<void> {
    this.closing.abort();
    await (await this.http)?.agent.destroy();
  }
}
