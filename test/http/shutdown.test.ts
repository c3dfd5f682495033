import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { waitUntil } from '../helpers/bbox-workers.js';

/** The raw answer on a socket: status line and the JSON body after the headers. */
function readAnswer(socket: net.Socket): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.on('data', (c: Buffer) => { text += c.toString(); });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0), headers: head, body });
    });
  });
}

/**
 * A request that reaches the server after close() began (its connection was
 * open and its headers still arriving) is answered in the contract's shape:
 * 503 `service_unavailable` (docs/decisions.md, Requests and errors).
 */
describe.each(DIALECTS)('requests during shutdown (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await t.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => { await t.destroy(); });

  it('answers 503 service_unavailable with type and code', async () => {
    const { apiKey } = await t.createAccount();
    const port = (t.server.server.address() as AddressInfo).port;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const answer = readAnswer(socket);
    // Headers begun before the close, so the connection is not idle and is not dropped by it.
    socket.write(`GET /api/v1/account HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${apiKey}\r\n`);
    await new Promise((r) => setTimeout(r, 50));
    let closed = false;
    const closing = t.server.close().then(() => { closed = true; });
    await waitUntil(async () => t.server.server.listening === false, 5_000, 'the server to stop listening');
    socket.write('\r\n');
    const res = await answer;
    await closing;
    expect(closed).toBe(true);
    expect(res.status, res.headers).toBe(503);
    expect(JSON.parse(res.body)).toEqual({
      error: {
        type: 'internal_error',
        code: 'service_unavailable',
        message: 'The server is shutting down and takes no new requests; send the request again.',
        doc_url: `${t.config.baseUrl}/docs/errors#service_unavailable`,
      },
    });
  });
});
