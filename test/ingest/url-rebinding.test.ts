import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// A rebinding DNS server: the first answer passes the check, later ones point inside.
vi.mock('node:dns/promises', async (importOriginal) => ({ ...(await importOriginal<object>()), lookup: vi.fn() }));
const { lookup } = await import('node:dns/promises');
const { downloadUrl } = await import('../../src/ingest/url-download.js');
const { startFileServer } = await import('../fixtures/ingest/http-server.js');
const { useTmpDir } = await import('../fixtures/ingest/tmp-files.js');

const tmp = useTmpDir();
const PUBLIC_STAND_IN = '127.0.0.2';
const INTERNAL = '127.0.0.1';
let outside: Awaited<ReturnType<typeof startFileServer>>;
let inside: Awaited<ReturnType<typeof startFileServer>>;
let insideHits = 0;

beforeAll(async () => {
  outside = await startFileServer({
    '/file.pdf': (_req, res) => res.writeHead(200).end('outside bytes'),
    // A fresh connection for the next hop, so its host is resolved again.
    '/hop': (_req, res) => res.writeHead(302, { location: '/file.pdf', connection: 'close' }).end(),
  }, { host: PUBLIC_STAND_IN });
  // An internal service on the same port of another address: what a rebinding attack wants to reach.
  const secret = (_req: unknown, res: import('node:http').ServerResponse) => {
    insideHits++;
    res.writeHead(200).end('internal secret');
  };
  inside = await startFileServer({ '/file.pdf': secret, '/hop': secret }, { host: INTERNAL, port: outside.port });
});
afterAll(async () => Promise.all([outside.close(), inside.close()]));

beforeEach(() => {
  insideHits = 0;
  const answers = [PUBLIC_STAND_IN, INTERNAL];
  let call = 0;
  vi.mocked(lookup).mockReset().mockImplementation((async () => [{ address: answers[Math.min(call++, answers.length - 1)], family: 4 }]) as never);
});

const options = { allowPrivate: false, isAllowedAddress: (a: string) => a === PUBLIC_STAND_IN };

describe('downloadUrl against DNS rebinding', () => {
  it('connects to the address it checked, never to what a second lookup would say', async () => {
    const dest = join(tmp.dir, 'rebind-1');
    expect(await downloadUrl(`http://files.example:${outside.port}/file.pdf`, dest, options)).toEqual({ filename: 'file.pdf', size: 13 });
    expect(readFileSync(dest, 'utf8')).toBe('outside bytes');
    expect(vi.mocked(lookup)).toHaveBeenCalledTimes(1);
    expect(insideHits).toBe(0);
  });

  it('re-checks the host on every new connection: a redirect whose second lookup points inside is refused', async () => {
    const dest = join(tmp.dir, 'rebind-2');
    await expect(downloadUrl(`http://files.example:${outside.port}/hop`, dest, options)).rejects.toMatchObject({
      code: 'invalid_parameter',
      param: 'url',
      message: `The URL's host files.example resolves to ${INTERNAL}, a private, loopback or otherwise non-public address; only public addresses are allowed.`,
    });
    expect(vi.mocked(lookup)).toHaveBeenCalledTimes(2);
    expect(insideHits).toBe(0);
  });
});
