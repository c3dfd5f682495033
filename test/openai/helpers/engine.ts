/** The model engine wired as the service wires it, with an in-process page viewer (the layout engine's content stage). */
import { loadConfig, type Config } from '../../../src/config.js';
import { createOpenAiEngine, createPageViewer, ModelClient } from '../../../src/extract/index.js';
import type { Engine } from '../../../src/extract/types.js';

/** Settings for tests: fast backoffs and a short breaker, the rest from `env`. */
export function modelConfig(url: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DOCROWS_ENGINE: 'openai', DOCROWS_OPENAI_BASE_URL: url, DOCROWS_OPENAI_MODEL: 'test-vision',
    DOCROWS_OPENAI_BACKOFF_MS: '20', DOCROWS_OPENAI_MAX_BACKOFF_MS: '2000', DOCROWS_OPENAI_BREAKER_MS: '50', DOCROWS_OPENAI_TIMEOUT_MS: '2000',
    ...env,
  });
}

export function modelEngine(url: string, env: Record<string, string> = {}, fallback?: Engine): Engine & { close(): Promise<void> } {
  const config = modelConfig(url, env);
  const client = new ModelClient(config.openai);
  const viewer = createPageViewer(1);
  const engine = createOpenAiEngine({ config: config.openai, model: config.openai.models.standard!, client, views: viewer, ...(fallback ? { fallback } : {}) });
  return { ...engine, close: async () => { await client.close(); await viewer.close(); } };
}
