import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../helpers/app.js';
import { freePort } from '../helpers/free-port.js';
import { textPdf } from '../fixtures/ingest/pdf-fixtures.js';
import { client, createAccountOver, startDocrows, waitForHttp, type Child } from './child-server.js';
import { waitUntil } from './helpers.js';

type Line = Record<string, unknown> & { level: number; msg: string };

const linesOf = (output: string): Line[] =>
  output.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Line);

/**
 * What an operator reads from `docrows serve` (docs/operations.md, Logs): one
 * access line per request, failed pages with their failure code, failed
 * webhook deliveries with their status, retried jobs, the shutdown, and never
 * a key or a secret query value, even at trace level where @fastify/multipart
 * logs the upload's headers.
 */
describe('service log (sqlite, child process)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-logs-'));
  let child: Child | null = null;
  let receiver: http.Server | null = null;
  afterAll(async () => {
    child?.proc.kill('SIGKILL');
    await new Promise<void>((r) => (receiver ? receiver.close(() => r()) : r()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs requests, failures and retries at trace level without a secret', async () => {
    receiver = http.createServer((req, res) => { req.resume(); req.on('end', () => res.writeHead(500).end()); });
    await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook?token=receiver-secret`;

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = startDocrows('serve', {
      DOCROWS_DATA_DIR: dataDir, DOCROWS_PORT: String(port), DOCROWS_WORKERS: '1', DOCROWS_LOG_LEVEL: 'trace', DOCROWS_ALLOW_PRIVATE_URLS: 'true',
    });
    await waitForHttp(base, child);
    const account = await createAccountOver(base, { plan: 'business', credits: 10 });
    const api = client(base, account.api_key);
    await api.upload('logged', 'table.pdf', await textPdf({ pages: 1, rows: 2 }));
    // A blank page: the engine finds nothing on it (no_content).
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: 'white' } }).png().toBuffer();
    const form = new FormData();
    form.set('batch_name', 'logged');
    form.set('file', new Blob([blank], { type: 'image/png' }), 'blank.png');
    expect((await fetch(`${base}/api/v1/documents`, { method: 'POST', headers: { authorization: `Bearer ${account.api_key}` }, body: form })).status).toBe(200);
    expect((await fetch(`${base}/api/v1/batches?limit=5&api_key=query-secret`, { headers: { authorization: `Bearer ${account.api_key}` } })).status).toBe(400);
    expect((await api.json('GET', '/account')).status).toBe(200);
    expect((await api.json('POST', '/batches/logged/process', { fields: ['Item', 'Qty'], webhook_url: hook })).status).toBe(200);

    const logged = () => linesOf(child!.output());
    await waitUntil(async () => logged().some((l) => l.msg === 'job retried' && l.kind === 'webhook.deliver'), 60_000, 'the webhook delivery retried');
    child.proc.kill('SIGTERM');
    expect((await child.exited).code).toBe(0);
    const lines = logged();
    const output = child.output();

    for (const secret of [account.api_key, ADMIN_TOKEN, 'query-secret', 'receiver-secret']) expect(output).not.toContain(secret);
    const busboy = lines.find((l) => l.msg === 'Providing options to busboy') as { busboyOptions: { headers: Record<string, string> } } | undefined;
    expect(busboy?.busboyOptions.headers.authorization).toBe('[Redacted]');
    const incoming = lines.filter((l) => l.msg === 'incoming request').map((l) => (l.req as { url: string }).url);
    expect(incoming).toContain('/api/v1/batches?limit=5&api_key=[Redacted]');

    const access = lines.filter((l) => l.msg === 'request');
    expect(access.find((l) => l.route === '/api/v1/account' && l.status === 200)).toMatchObject({
      level: 30, method: 'GET', accountId: account.account_id, reqId: expect.any(String), ms: expect.any(Number),
    });
    expect(access.find((l) => l.route === '/api/v1/batches')).toMatchObject({ status: 400, accountId: account.account_id });
    expect(access.filter((l) => l.route === '/api/v1/documents').map((l) => l.status)).toEqual([200, 200]);
    // One access line per request.
    expect(new Set(access.map((l) => l.reqId)).size).toBe(access.length);
    expect(access.every((l) => !String(l.route).includes('?'))).toBe(true);

    expect(lines.find((l) => l.msg === 'page failed')).toMatchObject({ level: 40, failure: 'no_content', accountId: account.account_id });
    expect(lines.find((l) => l.msg === 'webhook delivery failed')).toMatchObject({ level: 40, status: 500, type: 'batch.completed', host: expect.stringMatching(/^127\.0\.0\.1:\d+$/) });
    expect(lines.find((l) => l.msg === 'job retried' && l.kind === 'webhook.deliver')).toMatchObject({ level: 40, attempt: 1, error: 'receiver answered HTTP 500' });
    expect(lines.find((l) => l.msg === 'SIGTERM received, shutting down')).toMatchObject({ level: 30, signal: 'SIGTERM' });
    expect(lines.at(-1)).toMatchObject({ msg: 'shut down' });
    expect(output).not.toContain('docrows: SIGTERM');
  }, 180_000);
});
