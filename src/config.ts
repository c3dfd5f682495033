import path from 'node:path';
import { loadEngineConfig, type EngineConfig, type EngineName } from './config-engines.js';
import { ConfigError, type Env, optional, readBool, readEnum, readInt, readUrl } from './config-readers.js';

export { ConfigError, type EngineName };

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Every setting of the service, parsed once at start and passed in (docs/decisions.md, Configuration). */
export interface Config {
  port: number;
  host: string;
  baseUrl: string;
  dataDir: string;
  databaseUrl: string;
  storageUrl: string;
  workers: number;
  engine: EngineName;
  /** Engines per tier and the model server (src/config-engines.ts). */
  engines: EngineConfig['engines'];
  openai: EngineConfig['openai'];
  adminToken: string | null;
  allowPrivateUrls: boolean;
  maxUploadBytes: number;
  rateLimitPerMin: number;
  logLevel: LogLevel;
  /** DOCROWS_REQUEST_TIMEOUT_S: a request whose headers and body have not all arrived by then answers 408 request_timeout. */
  requestTimeoutMs: number;
  /** DOCROWS_INGEST_MEMORY_MB: memory one upload's parser process may use before that upload is refused. */
  ingestMemoryMb: number;
  /** S3-compatible storage for `DOCROWS_STORAGE_URL=s3://bucket/prefix` (credentials: the AWS SDK's default chain). */
  s3: { endpoint: string | null; region: string; forcePathStyle: boolean };
  /** GET /metrics without the admin token (DOCROWS_METRICS_PUBLIC). */
  metricsPublic: boolean;
  /** How long SIGTERM waits for running requests and jobs before closing (DOCROWS_SHUTDOWN_GRACE_S). */
  shutdownGraceMs: number;
  /** `docrows worker` serves /healthz, /readyz and /metrics on this port when set (DOCROWS_OPERATOR_PORT). */
  operatorPort: number | null;
  /** DOCROWS_INGEST_TIMEOUT_S: the longest one parsing task of an upload may take before that upload is refused. */
  ingestTimeoutMs: number;
  /** DOCROWS_EINVOICE (on): read the e-invoice XML a PDF carries; off reads such PDFs from the printed page alone. */
  einvoice: boolean;
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
  const { engines, openai } = loadEngineConfig(env, engine);
  return {
    port,
    host,
    baseUrl,
    dataDir,
    databaseUrl,
    storageUrl,
    workers: readInt(env, 'DOCROWS_WORKERS', 2, 0, 256),
    engine,
    engines,
    openai,
    adminToken: optional(env, 'DOCROWS_ADMIN_TOKEN'),
    allowPrivateUrls: readBool(env, 'DOCROWS_ALLOW_PRIVATE_URLS', false),
    maxUploadBytes: readInt(env, 'DOCROWS_MAX_UPLOAD_MB', 50, 1, 10_240) * 1024 * 1024,
    rateLimitPerMin: readInt(env, 'DOCROWS_RATE_LIMIT_PER_MIN', 600, 0, 10_000_000),
    logLevel: readEnum<LogLevel>(env, 'DOCROWS_LOG_LEVEL', 'info', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    requestTimeoutMs: readInt(env, 'DOCROWS_REQUEST_TIMEOUT_S', 300, 1, 86_400) * 1000,
    ingestMemoryMb: readInt(env, 'DOCROWS_INGEST_MEMORY_MB', 1024, 256, 65_536),
    s3: {
      endpoint: optional(env, 'DOCROWS_S3_ENDPOINT') ? readUrl(env, 'DOCROWS_S3_ENDPOINT', '', ['http:', 'https:']) : null,
      region: optional(env, 'AWS_REGION') ?? optional(env, 'AWS_DEFAULT_REGION') ?? 'us-east-1',
      forcePathStyle: readBool(env, 'DOCROWS_S3_FORCE_PATH_STYLE', false),
    },
    metricsPublic: readBool(env, 'DOCROWS_METRICS_PUBLIC', false),
    shutdownGraceMs: readInt(env, 'DOCROWS_SHUTDOWN_GRACE_S', 30, 0, 3600) * 1000,
    operatorPort: optional(env, 'DOCROWS_OPERATOR_PORT') ? readInt(env, 'DOCROWS_OPERATOR_PORT', 0, 0, 65535) : null,
    ingestTimeoutMs: readInt(env, 'DOCROWS_INGEST_TIMEOUT_S', 60, 1, 3600) * 1000,
    einvoice: readBool(env, 'DOCROWS_EINVOICE', true),
  };
}
