import path from 'node:path';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export type EngineName = 'layout' | 'openai';

/** Every setting of the service, parsed once at start and passed in (decisions.md, Configuration). */
export interface Config {
  port: number;
  host: string;
  baseUrl: string;
  dataDir: string;
  databaseUrl: string;
  storageUrl: string;
  workers: number;
  engine: EngineName;
  openai: { baseUrl: string | null; apiKey: string | null; models: { standard: string | null; advanced: string | null; premium: string | null } };
  adminToken: string | null;
  allowPrivateUrls: boolean;
  maxUploadBytes: number;
  rateLimitPerMin: number;
  logLevel: LogLevel;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}".`);
  const value = Number(raw.trim());
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}.`);
  return value;
}

function readBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}".`);
}

function readEnum<T extends string>(env: Env, name: string, fallback: T, allowed: readonly T[]): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const v = raw.trim().toLowerCase() as T;
  if (!allowed.includes(v)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}".`);
  return v;
}

function readUrl(env: Env, name: string, fallback: string, protocols: string[]): string {
  const raw = env[name];
  const value = raw === undefined || raw === '' ? fallback : raw.trim();
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${value}".`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got "${value}".`);
  }
  return value.replace(/\/+$/, '');
}

function optional(env: Env, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? null : raw.trim();
}

export function loadConfig(env: Env = process.env): Config {
  const port = readInt(env, 'DOCROWS_PORT', 8080, 0, 65535);
  const host = optional(env, 'DOCROWS_HOST') ?? '127.0.0.1';
  const dataDir = path.resolve(optional(env, 'DOCROWS_DATA_DIR') ?? './data');
  const baseUrl = readUrl(env, 'DOCROWS_BASE_URL', `http://${host.includes(':') ? `[${host}]` : host}:${port}`, ['http:', 'https:']);
  const databaseUrl = optional(env, 'DOCROWS_DATABASE_URL') ?? `sqlite://${path.join(dataDir, 'docrows.sqlite')}`;
  if (!/^(sqlite:|postgres:|postgresql:)/.test(databaseUrl)) {
    throw new ConfigError(`DOCROWS_DATABASE_URL must start with sqlite:// or postgres://, got "${databaseUrl}".`);
  }
  const storageUrl = optional(env, 'DOCROWS_STORAGE_URL') ?? `file://${path.join(dataDir, 'files')}`;
  if (!/^(file:|s3:)/.test(storageUrl)) {
    throw new ConfigError(`DOCROWS_STORAGE_URL must start with file:// or s3://, got "${storageUrl}".`);
  }
  const engine = readEnum<EngineName>(env, 'DOCROWS_ENGINE', 'layout', ['layout', 'openai']);
  const openaiBase = optional(env, 'DOCROWS_OPENAI_BASE_URL');
  if (engine === 'openai' && !openaiBase) {
    throw new ConfigError('DOCROWS_ENGINE=openai needs DOCROWS_OPENAI_BASE_URL (the model server address).');
  }
  return {
    port,
    host,
    baseUrl,
    dataDir,
    databaseUrl,
    storageUrl,
    workers: readInt(env, 'DOCROWS_WORKERS', 2, 0, 256),
    engine,
    openai: {
      baseUrl: openaiBase ? readUrl(env, 'DOCROWS_OPENAI_BASE_URL', openaiBase, ['http:', 'https:']) : null,
      apiKey: optional(env, 'DOCROWS_OPENAI_API_KEY'),
      models: {
        standard: optional(env, 'DOCROWS_MODEL_STANDARD'),
        advanced: optional(env, 'DOCROWS_MODEL_ADVANCED'),
        premium: optional(env, 'DOCROWS_MODEL_PREMIUM'),
      },
    },
    adminToken: optional(env, 'DOCROWS_ADMIN_TOKEN'),
    allowPrivateUrls: readBool(env, 'DOCROWS_ALLOW_PRIVATE_URLS', false),
    maxUploadBytes: readInt(env, 'DOCROWS_MAX_UPLOAD_MB', 50, 1, 10_240) * 1024 * 1024,
    rateLimitPerMin: readInt(env, 'DOCROWS_RATE_LIMIT_PER_MIN', 600, 0, 10_000_000),
    logLevel: readEnum<LogLevel>(env, 'DOCROWS_LOG_LEVEL', 'info', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  };
}
