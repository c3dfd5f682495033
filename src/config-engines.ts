import { ConfigError, type Env, optional, readEnum, readInt, readUrl } from './config-readers.js';

/**
 * Which engine runs each model tier, and how to reach an OpenAI-compatible
 * model server (README "Model engine"; decisions.md, Configuration).
 */

export type EngineName = 'layout' | 'openai';
export const TIERS = ['standard', 'advanced', 'premium'] as const;
export type EngineTier = (typeof TIERS)[number];

export interface OpenAiConfig {
  baseUrl: string | null;
  apiKey: string | null;
  /** Model per tier: DOCROWS_MODEL_<TIER>, else DOCROWS_OPENAI_MODEL. */
  models: Record<EngineTier, string | null>;
  /** Extra request headers (e.g. Azure's api-key, OpenRouter's HTTP-Referer). */
  headers: Record<string, string>;
  /** One request's time limit (a timeout counts as a retryable failure). */
  timeoutMs: number;
  /** Model requests in flight per worker process. */
  concurrency: number;
  /** Long side in pixels of the JPEG sent to the model. */
  imageLongSide: number;
  /** Retries of one page's request after 429, 5xx or a timeout. */
  retries: number;
  /** First retry delay; doubles each time up to maxBackoffMs (Retry-After wins when the server sends it). */
  backoffMs: number;
  maxBackoffMs: number;
  /** How long the breaker stays open after the server refused connections, before one probe request. */
  breakerMs: number;
  /** `auto` tries json_schema and falls back to json_object when the server refuses it. */
  responseFormat: 'auto' | 'json_schema' | 'json_object';
  /** On a page's final failure: fail it (`none`, refunded) or run the layout engine instead. */
  fallback: 'none' | 'layout';
  /** A value the model returns that is not on the page: kept with low confidence, or returned as null. */
  unlocated: 'keep' | 'null';
  /** quality=high: a second model, and/or a reasoning effort sent as `reasoning_effort`. */
  highModel: string | null;
  highReasoningEffort: string | null;
}

export interface EngineConfig {
  engines: Record<EngineTier, EngineName>;
  openai: OpenAiConfig;
}

function readHeaders(env: Env): Record<string, string> {
  const raw = optional(env, 'DOCROWS_OPENAI_HEADERS');
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError(`DOCROWS_OPENAI_HEADERS must be a JSON object of header names to values, got "${raw}".`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.values(parsed).some((v) => typeof v !== 'string')) {
    throw new ConfigError(`DOCROWS_OPENAI_HEADERS must be a JSON object of header names to string values, got "${raw}".`);
  }
  return parsed as Record<string, string>;
}

export function loadEngineConfig(env: Env, defaultEngine: EngineName): EngineConfig {
  const engines = Object.fromEntries(TIERS.map((tier) => [
    tier, readEnum<EngineName>(env, `DOCROWS_ENGINE_${tier.toUpperCase()}`, defaultEngine, ['layout', 'openai']),
  ])) as Record<EngineTier, EngineName>;
  const baseRaw = optional(env, 'DOCROWS_OPENAI_BASE_URL');
  const model = optional(env, 'DOCROWS_OPENAI_MODEL');
  const models = Object.fromEntries(TIERS.map((tier) => [tier, optional(env, `DOCROWS_MODEL_${tier.toUpperCase()}`) ?? model])) as Record<EngineTier, string | null>;
  for (const tier of TIERS) {
    if (engines[tier] !== 'openai') continue;
    const variable = defaultEngine === 'openai' && !optional(env, `DOCROWS_ENGINE_${tier.toUpperCase()}`) ? 'DOCROWS_ENGINE=openai' : `DOCROWS_ENGINE_${tier.toUpperCase()}=openai`;
    if (!baseRaw) throw new ConfigError(`${variable} needs DOCROWS_OPENAI_BASE_URL (the model server address).`);
    if (!models[tier]) throw new ConfigError(`${variable} needs a model name: DOCROWS_MODEL_${tier.toUpperCase()} or DOCROWS_OPENAI_MODEL.`);
  }
  const minBackoff = readInt(env, 'DOCROWS_OPENAI_BACKOFF_MS', 1000, 1, 600_000);
  return {
    engines,
    openai: {
      baseUrl: baseRaw ? readUrl(env, 'DOCROWS_OPENAI_BASE_URL', baseRaw, ['http:', 'https:']) : null,
      apiKey: optional(env, 'DOCROWS_OPENAI_API_KEY'),
      models,
      headers: readHeaders(env),
      timeoutMs: readInt(env, 'DOCROWS_OPENAI_TIMEOUT_MS', 120_000, 100, 3_600_000),
      concurrency: readInt(env, 'DOCROWS_OPENAI_CONCURRENCY', 8, 1, 1024),
      imageLongSide: readInt(env, 'DOCROWS_OPENAI_IMAGE_LONG_SIDE', 1600, 256, 8192),
      retries: readInt(env, 'DOCROWS_OPENAI_RETRIES', 6, 0, 100),
      backoffMs: minBackoff,
      maxBackoffMs: readInt(env, 'DOCROWS_OPENAI_MAX_BACKOFF_MS', 60_000, minBackoff, 3_600_000),
      breakerMs: readInt(env, 'DOCROWS_OPENAI_BREAKER_MS', 5000, 1, 3_600_000),
      responseFormat: readEnum(env, 'DOCROWS_OPENAI_RESPONSE_FORMAT', 'auto', ['auto', 'json_schema', 'json_object'] as const),
      fallback: readEnum(env, 'DOCROWS_OPENAI_FALLBACK', 'none', ['none', 'layout'] as const),
      unlocated: readEnum(env, 'DOCROWS_OPENAI_UNLOCATED', 'keep', ['keep', 'null'] as const),
      highModel: optional(env, 'DOCROWS_OPENAI_MODEL_HIGH'),
      highReasoningEffort: optional(env, 'DOCROWS_OPENAI_REASONING_EFFORT_HIGH'),
    },
  };
}
