import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { addressRule, resolveChecked } from '../../ingest/public-address.js';

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
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // Re-checked at every delivery: DNS may have changed since registration.
  const address = await resolveChecked(host, addressRule(options.allowPrivate));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send({
      host: address,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      agent: false,
      servername: isIP(host) ? undefined : host,
      headers: { ...headers, host: url.host, 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'docrows/1 (+webhook)' },
      signal: AbortSignal.timeout(options.timeoutMs),
      timeout: options.timeoutMs,
    }, (res) => {
      resolve({ statusCode: res.statusCode ?? 0, headers: res.headers });
      res.destroy();
    });
    req.on('timeout', () => req.destroy(new Error(`the receiver did not answer within ${options.timeoutMs / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
}
