/**
 * The public-address rule shared by URL uploads and webhook callback URLs
 * (decisions.md): only globally routable unicast addresses, IPv4 or IPv6.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Only globally routable unicast addresses; IPv4-mapped IPv6 is judged as the IPv4 it carries. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export class BlockedAddressError extends Error {}

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
    );
  }
  return answers[0].address;
}


/** The address rule for a deployment: DOCROWS_ALLOW_PRIVATE_URLS lifts it entirely. */
export function addressRule(allowPrivate: boolean): (address: string) => boolean {
  return allowPrivate ? () => true : isPublicAddress;
}
