import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('loadConfig', () => {
  it('has a working default for every variable', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      baseUrl: 'http://127.0.0.1:8080',
      dataDir: path.resolve('./data'),
      databaseUrl: `sqlite://${path.resolve('./data/docrows.sqlite')}`,
      storageUrl: `file://${path.resolve('./data/files')}`,
      engine: 'layout',
      adminToken: null,
      allowPrivateUrls: false,
      maxUploadBytes: 50 * 1024 * 1024,
      rateLimitPerMin: 600,
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DOCROWS_PORT: '9000', DOCROWS_HOST: '0.0.0.0', DOCROWS_BASE_URL: 'https://rows.example.com/',
      DOCROWS_DATA_DIR: '/srv/docrows', DOCROWS_DATABASE_URL: 'postgres://u@db/docrows',
      DOCROWS_STORAGE_URL: 's3://bucket/prefix', DOCROWS_WORKERS: '4', DOCROWS_ADMIN_TOKEN: 'tok',
      DOCROWS_ALLOW_PRIVATE_URLS: 'true', DOCROWS_MAX_UPLOAD_MB: '10', DOCROWS_RATE_LIMIT_PER_MIN: '0', DOCROWS_LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      port: 9000, host: '0.0.0.0', baseUrl: 'https://rows.example.com', dataDir: '/srv/docrows',
      databaseUrl: 'postgres://u@db/docrows', storageUrl: 's3://bucket/prefix', workers: 4, adminToken: 'tok',
      allowPrivateUrls: true, maxUploadBytes: 10 * 1024 * 1024, rateLimitPerMin: 0, logLevel: 'debug',
    });
  });

  it.each([
    [{ DOCROWS_PORT: 'eighty' }, 'DOCROWS_PORT must be a whole number, got "eighty".'],
    [{ DOCROWS_PORT: '70000' }, 'DOCROWS_PORT must be between 0 and 65535, got 70000.'],
    [{ DOCROWS_ALLOW_PRIVATE_URLS: 'maybe' }, 'DOCROWS_ALLOW_PRIVATE_URLS must be true or false, got "maybe".'],
    [{ DOCROWS_ENGINE: 'magic' }, 'DOCROWS_ENGINE must be one of layout, openai, got "magic".'],
    [{ DOCROWS_ENGINE: 'openai' }, 'DOCROWS_ENGINE=openai needs DOCROWS_OPENAI_BASE_URL (the model server address).'],
    [{ DOCROWS_DATABASE_URL: 'mysql://x' }, 'DOCROWS_DATABASE_URL must start with sqlite:// or postgres://, got "mysql://x".'],
    [{ DOCROWS_BASE_URL: 'ftp://x' }, 'DOCROWS_BASE_URL must use http: or https:, got "ftp://x".'],
    [{ DOCROWS_LOG_LEVEL: 'loud' }, 'DOCROWS_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud".'],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});
