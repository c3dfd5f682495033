import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/ingest/public-address.js';
import { downloadUrl } from '../../src/ingest/url-download.js';
import { startFileServer } from '../fixtures/ingest/http-server.js';
import { useTmpDir } from '../fixtures/ingest/tmp-files.js';

const tmp = useTmpDir();
const body = Buffer.from('%PDF-1.4 not really, but bytes\n'.repeat(50));
let server: Awaited<ReturnType<typeof startFileServer>>;
let n = 0;
const dest = (): string => join(tmp.dir, `dl-${n++}`);

beforeAll(async () => {
  server = await startFileServer({
    '/file.pdf': (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(body),
    '/named': (_req, res) => res.writeHead(200, { 'content-disposition': 'attachment; filename="invoice 7.pdf"' }).end(body),
    '/big-declared': (_req, res) => res.writeHead(200, { 'content-length': '5000' }).end(Buffer.alloc(5000)),
    '/big-chunked': (_req, res) => {
      res.writeHead(200);
      for (let i = 0; i < 5; i++) res.write(Buffer.alloc(1000));
      res.end();
    },
    '/slow': (_req, res) => {
      res.writeHead(200);
      res.write('first bytes');
      // ...and nothing more: the read timeout must fire.
    },
    '/missing': (_req, res) => res.writeHead(404).end(),
    '/r1': (_req, res) => res.writeHead(302, { location: '/r2' }).end(),
    '/r2': (_req, res) => res.writeHead(301, { location: '/r3' }).end(),
    '/r3': (_req, res) => res.writeHead(307, { location: '/file.pdf' }).end(),
    '/r0': (_req, res) => res.writeHead(302, { location: '/r1' }).end(),
    '/to-private': (_req, res) => res.writeHead(302, { location: `http://[::1]:${server.port}/file.pdf` }).end(),
    '/to-ftp': (_req, res) => res.writeHead(302, { location: 'ftp://example.com/x' }).end(),
  });
});
afterAll(() => server.close());

const onlyTestServer = (address: string): boolean => address === '127.0.0.1';
const urlError = (message: string | RegExp) => ({
  code: 'invalid_parameter',
  param: 'url',
  message: typeof message === 'string' ? message : expect.stringMatching(message),
});

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888'])('accepts %s', (a) => expect(isPublicAddress(a)).toBe(true));
  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255',
    '::1', '::', 'fe80::1', 'fd00::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '2002:a00:1::1',
  ])('refuses %s', (a) => expect(isPublicAddress(a)).toBe(false));
});

describe('downloadUrl with private addresses refused (default)', () => {
  it.each([
    ['http://127.0.0.1:9/x', /resolves to 127\.0\.0\.1, a private, loopback or otherwise non-public address/],
    ['http://localhost:9/x', /host localhost resolves to .*non-public/],
    ['http://[::1]:9/x', /host ::1 resolves to ::1/],
    ['http://10.0.0.1/x', /resolves to 10\.0\.0\.1/],
    ['http://169.254.169.254/latest/meta-data', /resolves to 169\.254\.169\.254/],
    ['http://[::ffff:7f00:1]:9/x', /non-public/],
  ])('%s', async (url, message) => {
    const path = dest();
    await expect(downloadUrl(url, path, { allowPrivate: false })).rejects.toMatchObject(urlError(message));
    expect(existsSync(path)).toBe(false);
  });

  it('refuses other schemes, credentials and garbage', async () => {
    await expect(downloadUrl('ftp://example.com/a', dest(), { allowPrivate: false })).rejects.toMatchObject(urlError('The url must use http:// or https://.'));
    await expect(downloadUrl('file:///etc/passwd', dest(), { allowPrivate: false })).rejects.toMatchObject(urlError('The url must use http:// or https://.'));
    await expect(downloadUrl('http://u:p@example.com/', dest(), { allowPrivate: false })).rejects.toMatchObject(urlError('The url must not carry credentials.'));
    await expect(downloadUrl('not a url', dest(), { allowPrivate: false })).rejects.toMatchObject(urlError('The url is not a valid absolute URL.'));
  });
});

describe('downloadUrl with private addresses allowed', () => {
  const allow = { allowPrivate: true };

  it('streams the body to the destination and names it from the URL', async () => {
    const path = dest();
    expect(await downloadUrl(server.url('/file.pdf'), path, allow)).toEqual({ filename: 'file.pdf', size: body.length });
    expect(readFileSync(path)).toEqual(body);
  });

  it('takes the filename from Content-Disposition', async () => {
    expect(await downloadUrl(server.url('/named'), dest(), allow)).toEqual({ filename: 'invoice 7.pdf', size: body.length });
  });

  it('follows up to 3 redirects and refuses a 4th', async () => {
    expect((await downloadUrl(server.url('/r1'), dest(), allow)).filename).toBe('file.pdf');
    const path = dest();
    await expect(downloadUrl(server.url('/r0'), path, allow)).rejects.toMatchObject(urlError('The url redirected more than 3 times.'));
    expect(existsSync(path)).toBe(false);
  });

  it('re-checks every redirect hop against the address rule', async () => {
    await expect(downloadUrl(server.url('/to-private'), dest(), { ...allow, isAllowedAddress: onlyTestServer })).rejects.toMatchObject(
      urlError(/host ::1 resolves to ::1, a private/),
    );
    await expect(downloadUrl(server.url('/to-ftp'), dest(), allow)).rejects.toMatchObject(urlError('The url must use http:// or https://.'));
    // The same first hop is fine when it does not redirect.
    expect((await downloadUrl(server.url('/file.pdf'), dest(), { ...allow, isAllowedAddress: onlyTestServer })).size).toBe(body.length);
  });

  it('enforces the size cap from Content-Length and while streaming', async () => {
    const tooBig = urlError('The file at the url is larger than 0 MB, the download limit.');
    const a = dest();
    const b = dest();
    await expect(downloadUrl(server.url('/big-declared'), a, { ...allow, maxBytes: 4000 })).rejects.toMatchObject(tooBig);
    await expect(downloadUrl(server.url('/big-chunked'), b, { ...allow, maxBytes: 4000 })).rejects.toMatchObject(tooBig);
    expect([existsSync(a), existsSync(b)]).toEqual([false, false]);
    expect((await downloadUrl(server.url('/big-chunked'), dest(), { ...allow, maxBytes: 5000 })).size).toBe(5000);
  });

  it('times out a body that stops arriving', async () => {
    const path = dest();
    await expect(downloadUrl(server.url('/slow'), path, { ...allow, readTimeoutMs: 300 })).rejects.toMatchObject(
      urlError('Downloading the url timed out (no data for 0.3 s).'),
    );
    expect(existsSync(path)).toBe(false);
  });

  it('reports HTTP errors and unreachable hosts', async () => {
    await expect(downloadUrl(server.url('/missing'), dest(), allow)).rejects.toMatchObject(urlError('Downloading the url failed: the server answered HTTP 404.'));
    await expect(downloadUrl('http://127.0.0.1:1/x', dest(), allow)).rejects.toMatchObject(urlError(/^Downloading the url failed: /));
    await expect(downloadUrl('http://no-such-host.invalid/x', dest(), allow)).rejects.toMatchObject(urlError('The host no-such-host.invalid could not be resolved.'));
  });
});
