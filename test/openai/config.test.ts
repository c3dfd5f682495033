import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('model engine configuration', () => {
  it('maps tiers to engines and models (the README worked example)', () => {
    const config = loadConfig({
      DOCROWS_ENGINE: 'layout', DOCROWS_ENGINE_ADVANCED: 'openai', DOCROWS_ENGINE_PREMIUM: 'openai',
      DOCROWS_OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/', DOCROWS_OPENAI_MODEL: 'qwen2.5vl:7b', DOCROWS_MODEL_PREMIUM: 'qwen2.5vl:72b',
      DOCROWS_OPENAI_HEADERS: '{"X-Title":"docrows"}', DOCROWS_OPENAI_CONCURRENCY: '32', DOCROWS_OPENAI_FALLBACK: 'layout',
    });
    expect(config.engines).toEqual({ standard: 'layout', advanced: 'openai', premium: 'openai' });
    expect(config.openai).toMatchObject({
      baseUrl: 'http://127.0.0.1:11434/v1', apiKey: null,
      models: { standard: 'qwen2.5vl:7b', advanced: 'qwen2.5vl:7b', premium: 'qwen2.5vl:72b' },
      headers: { 'X-Title': 'docrows' }, concurrency: 32, fallback: 'layout',
    });
  });

  it('has working defaults', () => {
    expect(loadConfig({}).engines).toEqual({ standard: 'layout', advanced: 'layout', premium: 'layout' });
    expect(loadConfig({}).openai).toMatchObject({
      timeoutMs: 120_000, concurrency: 8, imageLongSide: 1600, retries: 6, backoffMs: 1000, maxBackoffMs: 60_000,
      breakerMs: 5000, responseFormat: 'auto', fallback: 'none', unlocated: 'keep', highModel: null, highReasoningEffort: null,
    });
  });

  it.each([
    [{ DOCROWS_ENGINE_PREMIUM: 'openai' }, 'DOCROWS_ENGINE_PREMIUM=openai needs DOCROWS_OPENAI_BASE_URL (the model server address).'],
    [{ DOCROWS_ENGINE_ADVANCED: 'openai', DOCROWS_OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1' }, 'DOCROWS_ENGINE_ADVANCED=openai needs a model name: DOCROWS_MODEL_ADVANCED or DOCROWS_OPENAI_MODEL.'],
    [{ DOCROWS_ENGINE: 'openai', DOCROWS_OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1', DOCROWS_MODEL_STANDARD: 'm' }, 'DOCROWS_ENGINE=openai needs a model name: DOCROWS_MODEL_ADVANCED or DOCROWS_OPENAI_MODEL.'],
    [{ DOCROWS_ENGINE_STANDARD: 'gpt' }, 'DOCROWS_ENGINE_STANDARD must be one of layout, openai, got "gpt".'],
    [{ DOCROWS_OPENAI_BASE_URL: 'ftp://x' }, 'DOCROWS_OPENAI_BASE_URL must use http: or https:, got "ftp://x".'],
    [{ DOCROWS_OPENAI_HEADERS: 'X-Key: 1' }, 'DOCROWS_OPENAI_HEADERS must be a JSON object of header names to values, got "X-Key: 1".'],
    [{ DOCROWS_OPENAI_HEADERS: '{"X-Key":1}' }, 'DOCROWS_OPENAI_HEADERS must be a JSON object of header names to string values, got "{"X-Key":1}".'],
    [{ DOCROWS_OPENAI_CONCURRENCY: '0' }, 'DOCROWS_OPENAI_CONCURRENCY must be between 1 and 1024, got 0.'],
    [{ DOCROWS_OPENAI_TIMEOUT_MS: 'soon' }, 'DOCROWS_OPENAI_TIMEOUT_MS must be a whole number, got "soon".'],
    [{ DOCROWS_OPENAI_IMAGE_LONG_SIDE: '100' }, 'DOCROWS_OPENAI_IMAGE_LONG_SIDE must be between 256 and 8192, got 100.'],
    [{ DOCROWS_OPENAI_BACKOFF_MS: '5000', DOCROWS_OPENAI_MAX_BACKOFF_MS: '1000' }, 'DOCROWS_OPENAI_MAX_BACKOFF_MS must be between 5000 and 3600000, got 1000.'],
    [{ DOCROWS_OPENAI_RESPONSE_FORMAT: 'text' }, 'DOCROWS_OPENAI_RESPONSE_FORMAT must be one of auto, json_schema, json_object, got "text".'],
    [{ DOCROWS_OPENAI_FALLBACK: 'retry' }, 'DOCROWS_OPENAI_FALLBACK must be one of none, layout, got "retry".'],
    [{ DOCROWS_OPENAI_UNLOCATED: 'drop' }, 'DOCROWS_OPENAI_UNLOCATED must be one of keep, null, got "drop".'],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});
