import { describe, expect, it } from 'vitest';
import { assertEngineAvailable, createEngine } from '../../src/extract/index.js';

describe('engine choice (DOCROWS_ENGINE)', () => {
  it('builds the layout engine', async () => {
    const engine = createEngine('layout');
    expect(engine.name).toBe('layout');
    await engine.close?.();
  });

  it('refuses an engine this version cannot run, with a message naming the setting', () => {
    const message = 'DOCROWS_ENGINE=openai is not available in this version; use DOCROWS_ENGINE=layout.';
    expect(() => assertEngineAvailable('openai')).toThrow(message);
    expect(() => createEngine('openai')).toThrow(message);
    expect(() => assertEngineAvailable('layout')).not.toThrow();
  });
});
