import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import type { BlobStore } from '../../src/storage/blob-store.js';
import { openBlobStore } from '../../src/storage/open.js';
import { MULTIPART_PART_BYTES } from '../../src/storage/s3-store.js';
import { startDocrows } from '../pipeline/child-server.js';
import { freePort } from '../helpers/free-port.js';
import { startS3Server, type S3Server } from '../helpers/s3-server.js';

const BUCKET = 'contract';

let s3: S3Server;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-blobs-'));
beforeAll(async () => { s3 = await startS3Server([BUCKET, 'other']); }, 30_000);
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

let stores = 0;
/** A fresh, empty store of each kind, opened the way the service opens it (from configuration). */
async function openStore(kind: 'file' | 's3'): Promise<BlobStore> {
  const n = stores++;
  const env = kind === 'file' ? { DOCROWS_STORAGE_URL: `file://${path.join(tmp, `s${n}`)}` } : s3.env(BUCKET, `run${n}/blobs`);
  return openBlobStore(loadConfig({ DOCROWS_DATA_DIR: tmp, ...env }));
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

describe.each(['file', 's3'] as const)('blob store contract (%s)', (kind) => {
  let store: BlobStore;
  beforeAll(async () => { store = await openStore(kind); });

  it('round-trips buffered and file writes byte for byte', async () => {
    const small = randomBytes(12_000);
    await store.put('a/buffered.bin', small, 'application/octet-stream');
    expect((await store.get('a/buffered.bin'))!.equals(small)).toBe(true);

    const file = path.join(tmp, `${kind}-upload.bin`);
    fs.writeFileSync(file, small);
    await store.putFile('a/file.bin', file, 'application/pdf');
    expect((await readAll((await store.getStream('a/file.bin'))!)).equals(small)).toBe(true);
  });

  it('round-trips a file write larger than two multipart parts', async () => {
    const big = randomBytes(2 * MULTIPART_PART_BYTES + 123_457);
    const file = path.join(tmp, `${kind}-big.bin`);
    fs.writeFileSync(file, big);
    await store.putFile('big/multi.bin', file);
    const back = await readAll((await store.getStream('big/multi.bin'))!);
    expect(back.length).toBe(big.length);
    expect(back.equals(big)).toBe(true);
    await store.delete('big/multi.bin');
  }, 60_000);

  it('reports a missing key as absent and deletes idempotently', async () => {
    expect(await store.get('nope/missing.jpg')).toBeNull();
    expect(await store.getStream('nope/missing.jpg')).toBeNull();
    await store.put('d/x.txt', Buffer.from('x'));
    await store.delete('d/x.txt');
    await store.delete('d/x.txt');
    expect(await store.get('d/x.txt')).toBeNull();
  });

  it('overwrites a key with the new bytes', async () => {
    await store.put('o/k.txt', Buffer.from('first'));
    await store.put('o/k.txt', Buffer.from('second'));
    expect((await store.get('o/k.txt'))!.toString()).toBe('second');
  });

  it('lists and deletes prefixes past 1,000 keys without touching neighbours', async () => {
    const keys = Array.from({ length: 1_001 }, (_, i) => `acct/1/up_a/p${String(i).padStart(4, '0')}.jpg`);
    for (let i = 0; i < keys.length; i += 100) {
      await Promise.all(keys.slice(i, i + 100).map((k) => store.put(k, Buffer.from(k))));
    }
    await store.put('acct/1/up_ab/p1.jpg', Buffer.from('neighbour'));
    await store.put('acct/2/up_a/p1.jpg', Buffer.from('other account'));

    expect(await store.list('acct/1/up_a/')).toEqual(keys);
    expect(await store.list('acct/')).toHaveLength(1_003);
    await store.deletePrefix('acct/1/up_a/');
    expect(await store.list('acct/1/up_a/')).toEqual([]);
    expect(await store.list('acct/')).toEqual(['acct/1/up_ab/p1.jpg', 'acct/2/up_a/p1.jpg']);
    expect((await store.get('acct/1/up_ab/p1.jpg'))!.toString()).toBe('neighbour');
  }, 120_000);

  it('answers its readiness ping', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});

describe('opening S3 storage', () => {
  const open = (env: Record<string, string>) => openBlobStore(loadConfig({ DOCROWS_DATA_DIR: tmp, ...env }));

  it('keeps two prefixes of one bucket apart', async () => {
    const a = await open(s3.env('other', 'tenant-a'));
    const b = await open(s3.env('other', 'tenant-b/nested'));
    await a.put('k.txt', Buffer.from('a'));
    await b.put('k.txt', Buffer.from('b'));
    expect((await a.get('k.txt'))!.toString()).toBe('a');
    expect(await b.list('')).toEqual(['k.txt']);
    const whole = await open(s3.env('other'));
    expect(await whole.list('')).toEqual(['tenant-a/k.txt', 'tenant-b/nested/k.txt']);
  });

  it('refuses a malformed URL, a missing bucket and an unreachable endpoint, naming DOCROWS_STORAGE_URL', async () => {
    await expect(open({ ...s3.env(BUCKET), DOCROWS_STORAGE_URL: 's3://Bad_Bucket/x' })).rejects.toThrow(ConfigError);
    await expect(open({ ...s3.env(BUCKET), DOCROWS_STORAGE_URL: 's3:///x' })).rejects.toThrow(/DOCROWS_STORAGE_URL/);
    await expect(open(s3.env('no-such-bucket'))).rejects.toThrow(/DOCROWS_STORAGE_URL s3:\/\/no-such-bucket cannot be used/);
    const closed = `http://127.0.0.1:${await freePort()}`;
    await expect(open({ ...s3.env(BUCKET), DOCROWS_S3_ENDPOINT: closed })).rejects.toThrow(ConfigError);
  }, 60_000);

  it('stops `docrows serve` with the configuration-error exit code when the bucket cannot be used', async () => {
    const child = startDocrows('serve', { DOCROWS_DATA_DIR: tmp, DOCROWS_PORT: String(await freePort()), DOCROWS_WORKERS: '0', ...s3.env('no-such-bucket') });
    const exit = await child.exited;
    expect(exit.code).toBe(2);
    expect(child.output()).toMatch(/configuration error: DOCROWS_STORAGE_URL s3:\/\/no-such-bucket cannot be used/);
  }, 60_000);

  /** An S3 endpoint answering HeadBucket with these statuses in turn (the last one from then on); counts the requests. */
  async function scriptedEndpoint(statuses: number[], fn: (endpoint: string, seen: () => number) => Promise<void>): Promise<void> {
    let n = 0;
    const server = http.createServer((_req, res) => {
      const status = statuses[Math.min(n++, statuses.length - 1)];
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(status === 200 ? '' : `<Error><Code>${status === 503 ? 'SlowDown' : 'InternalError'}</Code><Message>busy</Message></Error>`);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      await fn(`http://127.0.0.1:${(server.address() as { port: number }).port}`, () => n);
    } finally {
      server.close();
    }
  }

  it('retries throttling and 5xx answers, up to five attempts', async () => {
    await scriptedEndpoint([503, 500, 200], async (endpoint, seen) => {
      (await open({ ...s3.env(BUCKET), DOCROWS_S3_ENDPOINT: endpoint })).close?.();
      expect(seen()).toBe(3);
    });
    await scriptedEndpoint([503], async (endpoint, seen) => {
      await expect(open({ ...s3.env(BUCKET), DOCROWS_S3_ENDPOINT: endpoint })).rejects.toThrow(/DOCROWS_STORAGE_URL .* cannot be used/);
      expect(seen()).toBe(5);
    });
  }, 60_000);
});
