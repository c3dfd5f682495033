/**
 * The public-address rule shared by URL uploads and webhook callback URLs
 * (decisions.md): only globally routable unicast addresses, IPv4 or IPv6.
 */
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type ClientRequest, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Only globally routable unicast addresses; IPv4-mapped IPv6 is judged as the IPv4 it carries. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export class BlockedAddressError extends Error {
  /** The non-public address the host resolved to; null when it did not resolve at all. */
  constructor(message: string, readonly address: string | null = null) {
    super(message);
  }
}

/**
 * Resolves `hostname` (or takes an IP literal) and returns the address to
 * connect to, or throws BlockedAddressError when any answer is not `allowed`.
 */
export async function resolveChecked(hostname: string, allowed: (address: string) => boolean): Promise<string> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let answers: Array<{ address: string }>;
  try {
    answers = isIP(host) ? [{ address: host }] : await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new BlockedAddressError(`The host ${host} could not be resolved.`);
  }
  if (answers.length === 0) throw new BlockedAddressError(`The host ${host} could not be resolved.`);
  // Any non-public answer refuses the host: picking the public one would still let DNS steer some clients inside.
  const bad = answers.find((a) => !allowed(a.address));
  if (bad) {
    throw new BlockedAddressError(
      `The URL's host ${host} resolves to ${bad.address}, a private, loopback or otherwise non-public address; only public addresses are allowed.`,
      bad.address,
    );
  }
  return answers[0].address;
}


/** The address rule for a deployment: DOCROWS_ALLOW_PRIVATE_URLS lifts it entirely. */
export function addressRule(allowPrivate: boolean): (address: string) => boolean {
  return allowPrivate ? () => true : isPublicAddress;
}

export interface PinnedRequestOptions {
  method: 'GET' | 'POST';
  headers: OutgoingHttpHeaders;
  signal: AbortSignal;
  /** Socket idle timeout: the request emits `timeout` after this long without data. */
  idleTimeoutMs: number;
}

/**
 * A request to `url` on node's own client, connected to the `address` that
 * resolveChecked approved, so DNS cannot steer it elsewhere after the check.
 * TLS still verifies the certificate against the URL's host name; no agent, so
 * no pooled connection outlives its check. The caller sends the body and
 * handles `response`, `timeout` and `error`.
 */
export function pinnedRequest(url: URL, address: string, options: PinnedRequestOptions): ClientRequest {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return send({
    host: address,
    port: url.port || undefined,
    path: `${url.pathname}${url.search}`,
    method: options.method,
    agent: false,
    servername: isIP(host) ? undefined : host,
    headers: { ...options.headers, host: url.host },
    signal: options.signal,
    timeout: options.idleTimeoutMs,
  });
}
