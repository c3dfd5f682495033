import type { IncomingHttpHeaders } from 'node:http';
import { addressRule, pinnedRequest, resolveChecked } from '../../ingest/public-address.js';

export interface DeliveryAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
}

/**
 * POSTs one signed delivery on node's own HTTP client, as URL uploads do
 * (docs/decisions.md, Hostile requests): undici 7 can kill the process when a
 * server closes a connection short of its Content-Length (nodejs/undici#5360),
 * and a receiver is an arbitrary server. The connection goes to the address
 * that was checked, so DNS cannot steer a delivery inside after the check; TLS
 * still verifies the certificate against the URL's host name. Only the status
 * and headers matter, so the answer's body is never read.
 */
export async function postDelivery(rawUrl: string, body: string, headers: Record<string, string>, options: { allowPrivate: boolean; timeoutMs: number }): Promise<DeliveryAnswer> {
  const url = new URL(rawUrl);
  // Re-checked at every delivery: DNS may have changed since registration.
  const address = await resolveChecked(url.hostname, addressRule(options.allowPrivate));
  return new Promise((resolve, reject) => {
    const req = pinnedRequest(url, address, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'docrows/1 (+webhook)' },
      signal: AbortSignal.timeout(options.timeoutMs),
      idleTimeoutMs: options.timeoutMs,
    });
    req.on('response', (res) => {
      resolve({ statusCode: res.statusCode ?? 0, headers: res.headers });
      res.destroy();
    });
    req.on('timeout', () => req.destroy(new Error(`the receiver did not answer within ${options.timeoutMs / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
}
