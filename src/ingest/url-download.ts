/**
 * SSRF-safe download of a `url` upload. Every hop's host is resolved by us,
 * every answer must be a public unicast address, and the connection is made
 * to exactly the address that was checked (no second DNS lookup an attacker
 * could rebind). Redirects are followed by hand (≤ 3), each re-checked.
 *
 * Built on node:http/https rather than undici: undici 7 kills the process
 * when an origin closes the connection before the Content-Length it declared
 * (nodejs/undici#5360, an assertion thrown from a socket handler no caller
 * can catch; the fix needs undici 8, which needs Node ≥ 22.19). Here a short
 * body is an ordinary stream error that fails only this upload.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errors } from '../errors.js';
import { cleanFilename } from './filename.js';
import { addressRule, BlockedAddressError, pinnedRequest, resolveChecked } from './public-address.js';

export const MAX_URL_BYTES = 30 * 1024 * 1024;
/** The spec's read timeout: no data for this long fails the download. */
export const URL_READ_TIMEOUT_MS = 15_000;
/** The whole download, every hop included: a body trickling one byte every few seconds must end too. */
export const URL_DEADLINE_MS = 120_000;
export const MAX_REDIRECTS = 3;

export interface DownloadOptions {
  /** DOCROWS_ALLOW_PRIVATE_URLS: lifts only the public-address rule. */
  allowPrivate: boolean;
  /** Overrides the address rule (tests stand in a "public" loopback address); defaults to addressRule(allowPrivate). */
  isAllowedAddress?: (address: string) => boolean;
  maxBytes?: number;
  readTimeoutMs?: number;
  deadlineMs?: number;
}

export interface Downloaded {
  /** Name for the document: Content-Disposition filename, else the last URL path segment. */
  filename: string;
  size: number;
}

const urlError = (message: string): Error => errors.invalidParameter('url', message);
const isAppError = (err: unknown): err is Error => err instanceof Error && err.name === 'AppError';

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

interface Limits {
  maxBytes: number;
  readTimeoutMs: number;
  signal: AbortSignal;
  /** Set when the read timeout cut the connection: the stream then only reports "aborted". */
  timedOut?: Error;
}

/**
 * One GET to the checked `address`; no connection pooling, so every hop
 * (and every upload) resolves and checks its host again.
 */
function get(url: URL, address: string, limits: Limits): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = pinnedRequest(url, address, {
      method: 'GET',
      headers: { 'user-agent': 'docrows/1 (+document upload)', accept: '*/*' },
      signal: limits.signal,
      idleTimeoutMs: limits.readTimeoutMs,
    });
    req.on('response', resolve);
    req.on('timeout', () => {
      limits.timedOut = timedOut(limits.readTimeoutMs);
      req.destroy(limits.timedOut);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Downloads `rawUrl` into `destPath`. On any failure the file is removed and `invalid_parameter` (url) thrown. */
export async function downloadUrl(rawUrl: string, destPath: string, options: DownloadOptions): Promise<Downloaded> {
  const deadlineMs = options.deadlineMs ?? URL_DEADLINE_MS;
  const limits: Limits = {
    maxBytes: options.maxBytes ?? MAX_URL_BYTES,
    readTimeoutMs: options.readTimeoutMs ?? URL_READ_TIMEOUT_MS,
    signal: AbortSignal.timeout(deadlineMs),
  };
  const allowed = options.isAllowedAddress ?? addressRule(options.allowPrivate);
  let url = parseHttpUrl(rawUrl);
  let res: IncomingMessage | undefined;
  try {
    for (let hop = 0; ; hop++) {
      const address = await resolveChecked(url.hostname, allowed);
      res = await get(url, address, limits);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.destroy();
        if (hop >= MAX_REDIRECTS) throw urlError(`The url redirected more than ${MAX_REDIRECTS} times.`);
        url = parseHttpUrl(res.headers.location, url);
        continue;
      }
      if (status < 200 || status >= 300) throw urlError(`Downloading the url failed: the server answered HTTP ${status}.`);
      const declared = res.headers['content-length'] === undefined ? null : Number(res.headers['content-length']);
      if (declared !== null && declared > limits.maxBytes) throw tooBig(limits.maxBytes);
      const size = await streamCapped(res, destPath, limits.maxBytes);
      if (declared !== null && size !== declared) {
        throw urlError(`Downloading the url failed: the server sent ${size} bytes but announced ${declared}.`);
      }
      return { filename: filenameFrom(url, res.headers['content-disposition']), size };
    }
  } catch (err) {
    res?.destroy();
    await rm(destPath, { force: true });
    if (isAppError(err)) throw err;
    if (limits.timedOut) throw limits.timedOut;
    if (limits.signal.aborted) throw urlError(`Downloading the url took longer than ${deadlineMs / 1000} s.`);
    throw fetchError(err as Error);
  }
}

async function streamCapped(body: IncomingMessage, destPath: string, maxBytes: number): Promise<number> {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      done(size > maxBytes ? tooBig(maxBytes) : null, chunk);
    },
  });
  // A connection closed before the declared length makes the response emit "aborted": a stream error here.
  await pipeline(body, counter, createWriteStream(destPath));
  return size;
}

function tooBig(maxBytes: number): Error {
  return urlError(`The file at the url is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the download limit.`);
}

function timedOut(timeoutMs: number): Error {
  return urlError(`Downloading the url timed out (no data for ${timeoutMs / 1000} s).`);
}

function fetchError(err: Error): Error {
  if (err instanceof BlockedAddressError) return urlError(err.message);
  return urlError(`Downloading the url failed: ${err.message}.`);
}
