/** A real S3-compatible server (s3rver, a devDependency) on 127.0.0.1 as a child process, for the S3 blob store tests. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';

const BIN = path.resolve(import.meta.dirname, '../../node_modules/s3rver/bin/s3rver.js');

/** s3rver's fixed credentials; the AWS SDK reads them from the environment like any deployment's. */
export const S3_ENV = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' };

export interface S3Server {
  endpoint: string;
  /** Environment for a docrows process storing under s3://<bucket>/<prefix>. */
  env(bucket: string, prefix?: string): Record<string, string>;
  stop(): Promise<void>;
}

/** Starts s3rver with the given buckets created; also puts its credentials into this process's environment. */
export async function startS3Server(buckets: string[]): Promise<S3Server> {
  Object.assign(process.env, S3_ENV);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-s3-'));
  const port = await freePort();
  const args = [BIN, '-d', dir, '-a', '127.0.0.1', '-p', String(port), '--no-vhost-buckets', ...buckets.flatMap((b) => ['--configure-bucket', b])];
  const proc = spawn(process.execPath, args, {
    // s3rver 3.7 encrypts listing continuation tokens with DES, which Node 20's OpenSSL 3 only has in its legacy provider:
    // without it every listing past 1,000 keys answers 500.
    env: { ...process.env, NODE_OPTIONS: '--openssl-legacy-provider' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (c: Buffer) => { out += c.toString(); });
  proc.stderr!.on('data', (c: Buffer) => { out += c.toString(); });
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`s3rver exited early:\n${out}`);
    const ok = await fetch(`${endpoint}/${buckets[0]}`).then((r) => r.status < 500, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`s3rver did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    endpoint,
    env: (bucket, prefix = '') => ({
      ...S3_ENV,
      DOCROWS_STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      DOCROWS_S3_ENDPOINT: endpoint,
      DOCROWS_S3_FORCE_PATH_STYLE: 'true',
    }),
    async stop() {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
