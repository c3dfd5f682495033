import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bearer, startTestApp, type TestApp } from '../helpers/app.js';
import { waitUntil } from '../helpers/bbox-workers.js';
import { upload } from './helpers/uploads.js';

const MB = 1024 * 1024;

/**
 * An upload that fails while its temp file cannot be removed (here a
 * directory stands where the file was): the client still gets the upload's
 * own error, and the file is removed once it can be, at the next upload.
 */
describe.each(DIALECTS)('upload scratch files (%s)', (dialect) => {
  let t: TestApp;
  let apiKey: string;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DOCROWS_MAX_UPLOAD_MB: '1' });
    ({ apiKey } = await t.createAccount());
    await t.server.listen({ port: 0, host: '127.0.0.1' });
    port = (t.server.server.address() as AddressInfo).port;
  });
  afterAll(async () => { await t.destroy(); });

  const scratchDir = () => path.join(t.dataDir, 'tmp');
  const scratchFiles = () => (fs.existsSync(scratchDir()) ? fs.readdirSync(scratchDir()).filter((n) => n.startsWith('upload-')) : []);

  it('a failed rm keeps the upload\'s own error and leaves the file for the next removal', async () => {
    const boundary = 'docrowsScratchTest';
    const req = http.request({
      host: '127.0.0.1', port, method: 'POST', path: '/api/v1/documents',
      headers: { ...bearer(apiKey), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    req.on('error', () => undefined); // the server may answer and close before the client has sent every byte
    const answered = new Promise<{ status: number; body: string }>((resolve) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => { body += c.toString(); });
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
    });
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="batch_name"\r\n\r\nscratch\r\n`);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`);
    req.write(Buffer.alloc(64 * 1024, 'a'));
    await waitUntil(async () => scratchFiles().length === 1, 10_000, 'the upload\'s temp file');
    const temp = path.join(scratchDir(), scratchFiles()[0]);
    // The writer keeps its descriptor; the path now names something rm (without recursive) refuses.
    fs.rmSync(temp);
    fs.mkdirSync(temp);
    fs.writeFileSync(path.join(temp, 'inside'), 'x');
    req.end(Buffer.concat([Buffer.alloc(MB + 1, 'a'), Buffer.from(`\r\n--${boundary}--\r\n`)]));

    const res = await answered;
    expect(res.status, res.body).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'invalid_parameter', param: 'file' } });
    expect(fs.existsSync(temp)).toBe(true);

    // Now removable: the next upload's cleanup takes it along.
    fs.rmSync(temp, { recursive: true });
    fs.writeFileSync(temp, 'left over');
    const next = await upload(t, apiKey, { fields: { batch_name: 'scratch' }, file: { filename: 'a.txt', content: 'Item Qty\nWidget 1\n', contentType: 'text/plain' } });
    expect(next.statusCode, next.body).toBe(200);
    expect(fs.existsSync(temp)).toBe(false);
    expect(scratchFiles()).toEqual([]);
  });
});
