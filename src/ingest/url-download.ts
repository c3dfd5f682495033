/**
 * SSRF-safe download of a `url` upload. Every hop's host is resolved by us,
 * every answer must be a public unicast address, and the connection is made
 * to exactly the address that was checked (no second DNS lookup an attacker
 * could rebind). Redirects are followed by hand (≤ 3), each re-checked.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { isIP } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Agent, buildConnector, request } from 'undici';
import { errors } from '../errors.js';
import { cleanFilename } from './filename.js';
import { addressRule, BlockedAddressError, resolveChecked } from './public-address.js';

export const MAX_URL_BYTES = 30 * 1024 * 1024;
export const URL_READ_TIMEOUT_MS = 15_000;
export const MAX_REDIRECTS = 3;

export interface DownloadOptions {
  /** DOCROWS_ALLOW_PRIVATE_URLS: lifts only the public-address rule. */
  allowPrivate: boolean;
  /** Overrides the address rule (tests stand in a "public" loopback address); defaults to addressRule(allowPrivate). */
  isAllowedAddress?: (address: string) => boolean;
  maxBytes?: number;
  readTimeoutMs?: number;
}

export interface Downloaded {
  /** Name for the document: Content-Disposition filename, else the last URL path segment. */
  filename: string;
  size: number;
}

const urlError = (message: string): Error => errors.invalidParameter('url', message);

function pinnedAgent(allowed: (address: string) => boolean, timeoutMs: number): Agent {
  const base = buildConnector({ timeout: timeoutMs });
  return new Agent({
    connect: (opts, callback) => {
      resolveChecked(opts.hostname, allowed).then(
        (address) =>
          base(
            // TLS still verifies the certificate against the original host name.
            { ...opts, hostname: address, servername: opts.servername ?? (isIP(opts.hostname) ? undefined : opts.hostname) },
            callback,
          ),
        (err: Error) => callback(err, null),
      );
    },
  });
}

function parseHttpUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw urlError('The url is not a valid absolute URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw urlError('The url must use http:// or https://.');
  if (url.username || url.password) throw urlError('The url must not carry credentials.');
  return url;
}

function filenameFrom(url: URL, disposition: string | string[] | undefined): string {
  const header = Array.isArray(disposition) ? disposition[0] : disposition;
  const star = header && /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  const plain = header && /filename="?([^";]+)"?/i.exec(header);
  const name = star ? safeDecode(star[1]) : plain ? plain[1] : safeDecode(url.pathname.split('/').pop() ?? '');
  return cleanFilename(name, url.hostname);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Downloads `rawUrl` into `destPath`. On any failure the file is removed and `invalid_parameter` (url) thrown. */
export async function downloadUrl(rawUrl: string, destPath: string, options: DownloadOptions): Promise<Downloaded> {
  const maxBytes = options.maxBytes ?? MAX_URL_BYTES;
  const timeout = options.readTimeoutMs ?? URL_READ_TIMEOUT_MS;
  let url = parseHttpUrl(rawUrl);
  const agent = pinnedAgent(options.isAllowedAddress ?? addressRule(options.allowPrivate), timeout);
  try {
    for (let hop = 0; ; hop++) {
      const res = await request(url, {
        dispatcher: agent,
        method: 'GET',
        headersTimeout: timeout,
        bodyTimeout: timeout,
        headers: { 'user-agent': 'docrows/1 (+document upload)', accept: '*/*' },
      }).catch((err: Error) => {
        throw fetchError(err, timeout);
      });
      if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
        await res.body.dump();
        if (hop >= MAX_REDIRECTS) throw urlError(`The url redirected more than ${MAX_REDIRECTS} times.`);
        url = parseHttpUrl(String(res.headers.location), url);
        continue;
      }
      if (res.statusCode < 200 || res.statusCode >= 300) {
        await res.body.dump();
        throw urlError(`Downloading the url failed: the server answered HTTP ${res.statusCode}.`);
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        // Destroying the body makes it emit an abort error nobody else listens for.
        res.body.on('error', () => undefined).destroy();
        throw tooBig(maxBytes);
      }
      const size = await streamCapped(res.body, destPath, maxBytes, timeout);
      return { filename: filenameFrom(url, res.headers['content-disposition']), size };
    }
  } catch (err) {
    await rm(destPath, { force: true });
    throw err instanceof Error && err.name === 'AppError' ? err : fetchError(err as Error, timeout);
  } finally {
    await agent.close().catch(() => undefined);
  }
}

async function streamCapped(body: NodeJS.ReadableStream, destPath: string, maxBytes: number, timeout: number): Promise<number> {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      done(size > maxBytes ? tooBig(maxBytes) : null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(destPath));
  } catch (err) {
    throw err instanceof Error && err.name === 'AppError' ? err : fetchError(err as Error, timeout);
  }
  return size;
}

function tooBig(maxBytes: number): Error {
  return urlError(`The file at the url is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the download limit.`);
}

function fetchError(err: Error, timeout: number): Error {
  if (err instanceof BlockedAddressError) return urlError(err.message);
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof BlockedAddressError) return urlError(cause.message);
  const code = (err as { code?: string }).code ?? '';
  if (/TIMEOUT/.test(code)) return urlError(`Downloading the url timed out (no data for ${timeout / 1000} s).`);
  return urlError(`Downloading the url failed: ${err.message}.`);
}
