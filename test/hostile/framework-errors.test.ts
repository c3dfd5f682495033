import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../helpers/app.js';
import { multipartBody } from '../http/helpers/uploads.js';
import { isContractError } from './contract.js';

function expectContractError(status: number, text: string, wantStatus: number, wantCode: string, wantParam?: string): void {
  expect(status).toBe(wantStatus);
  const body = JSON.parse(text) as { error: { code: string; param?: string } };
  expect(isContractError(body), text).toBe(true);
  expect(body.error.code).toBe(wantCode);
  if (wantParam !== undefined) expect(body.error.param).toBe(wantParam);
}

/** Sends raw bytes and reads until the server closes the connection (or `waitMs` passes). */
function raw(port: number, bytes: string | Buffer, waitMs = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let got = '';
    const timer = setTimeout(() => { socket.destroy(); resolve(got); }, waitMs);
    socket.on('data', (d) => { got += d.toString('latin1'); });
    socket.on('close', () => { clearTimeout(timer); resolve(got); });
    socket.on('error', reject);
    socket.write(bytes);
  });
}

function parseRaw(answer: string): { status: number; body: string } {
  const [head, ...rest] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') };
}

// Framework errors involve no storage: one dialect is enough.
describe('errors from the framework, the parsers and the socket use the contract body', () => {
  let t: TestApp;
  let apiKey: string;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { DOCROWS_REQUEST_TIMEOUT_S: '1' });
    ({ apiKey } = await t.createAccount({ credits: 10 }));
    await t.server.listen({ port: 0, host: '127.0.0.1' });
    port = (t.server.server.address() as { port: number }).port;
  });
  afterAll(async () => t.destroy());

  it.each([
    ['GET', '/api/v1/batches/%FF%FE'],
    ['GET', '/api/v1/batches/%FF%FE/results'],
    ['POST', '/api/v1/batches/%FF%FE/process'],
    ['DELETE', '/api/v1/batches/%E0%A4%A'],
    ['PUT', '/api/v1/batches/%C0/webhook'],
    ['GET', '/api/v1/documents/%'],
  ])('%s %s (malformed percent-encoding) → 400 invalid_parameter on path', async (method, url) => {
    const res = await t.inject({ method: method as 'GET', url, headers: bearer(apiKey), payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expectContractError(res.statusCode, res.body, 400, 'invalid_parameter', 'path');
  });

  it('an overlong path parameter → 400 invalid_parameter on path', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/v1/documents/${'x'.repeat(5000)}`, headers: bearer(apiKey) });
    expectContractError(res.statusCode, res.body, 400, 'invalid_parameter', 'path');
  });

  it('malformed JSON, a wrong media type and an oversized JSON body → 400 invalid_parameter on body', async () => {
    const headers = { ...bearer(apiKey), 'content-type': 'application/json' };
    const bad = await t.inject({ method: 'POST', url: '/api/v1/batches/x/process', headers, payload: '{"fields": [' });
    expectContractError(bad.statusCode, bad.body, 400, 'invalid_parameter', 'body');
    const media = await t.inject({ method: 'POST', url: '/api/v1/batches/x/process', headers: { ...headers, 'content-type': 'text/csv' }, payload: 'a,b' });
    expectContractError(media.statusCode, media.body, 400, 'invalid_parameter', 'body');
    const big = await t.inject({ method: 'POST', url: '/api/v1/batches/x/process', headers, payload: JSON.stringify({ fields: ['x'.repeat(2 * 1024 * 1024)] }) });
    expectContractError(big.statusCode, big.body, 400, 'invalid_parameter', 'body');
  });

  it('a truncated multipart body, too many files and a JSON body on the upload route → 400 invalid_parameter', async () => {
    const form = multipartBody({ batch_name: 'b' }, { filename: 'a.txt', content: 'hello' });
    const truncated = await t.inject({
      method: 'POST', url: '/api/v1/documents', headers: { ...bearer(apiKey), ...form.headers }, payload: form.payload.subarray(0, form.payload.length - 30),
    });
    expectContractError(truncated.statusCode, truncated.body, 400, 'invalid_parameter');
    const two = multipartBody({}, { filename: 'a.txt', content: 'a' });
    const doubled = Buffer.concat([two.payload.subarray(0, two.payload.indexOf('--', 10)), two.payload]);
    const many = await t.inject({ method: 'POST', url: '/api/v1/documents', headers: { ...bearer(apiKey), ...two.headers }, payload: doubled });
    expectContractError(many.statusCode, many.body, 400, 'invalid_parameter');
    const json = await t.inject({ method: 'POST', url: '/api/v1/documents', headers: { ...bearer(apiKey), 'content-type': 'application/json' }, payload: '{}' });
    expectContractError(json.statusCode, json.body, 400, 'invalid_parameter', 'body');
  });

  it('a client that stops sending its body gets 408 request_timeout (DOCROWS_REQUEST_TIMEOUT_S), then the server goes on', async () => {
    const started = Date.now();
    const answer = parseRaw(await raw(port,
      `POST /api/v1/batches/x/process HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${apiKey}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"fi`));
    expectContractError(answer.status, answer.body, 408, 'request_timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
    const alive = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(alive.status).toBe(200);
  });

  it('oversized headers and bytes that are not HTTP → 400 in the contract body', async () => {
    const huge = parseRaw(await raw(port, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`));
    expectContractError(huge.status, huge.body, 400, 'invalid_parameter', 'headers');
    const junk = parseRaw(await raw(port, '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 not http at all\r\n\r\n'));
    expectContractError(junk.status, junk.body, 400, 'invalid_parameter', 'request');
  });
});
