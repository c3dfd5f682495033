import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type RunningApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

describe('docrows admin CLI', { timeout: 120_000 }, () => {
  let dataDir: string;
  let app: RunningApp;
  const env = () => ({ ...process.env, DOCROWS_DATA_DIR: dataDir, DOCROWS_LOG_LEVEL: 'silent' });
  const docrows = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], { cwd: ROOT, env: env() });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-cli-'));
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start a database it was not asked to, naming the one it looked for, and creates nothing', async () => {
    const file = path.join(dataDir, 'docrows.sqlite');
    await expect(docrows('admin', 'accounts', 'create', '--plan', 'pro')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining(`no docrows database at ${file}`),
    });
    expect(fs.readdirSync(dataDir)).toEqual([]);
    await expect(docrows('admin', 'accounts', 'show', '1')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--create-database') });
  });

  it('creates, updates and keys accounts on the configured database, sharing the API rules', async () => {
    const first = await docrows('admin', 'accounts', 'create', '--plan', 'pro', '--credits', '25', '--tier', 'advanced', '--retention-days', '7', '--create-database');
    // Standard error says which database was opened; standard output stays the JSON a script reads.
    expect(first.stderr).toBe(`docrows admin: database ${path.join(dataDir, 'docrows.sqlite')}\n`);
    const created = JSON.parse(first.stdout);
    expect(created).toMatchObject({
      account_id: expect.any(Number),
      api_key: expect.stringMatching(/^dr_live_[0-9A-Za-z]{32}$/),
      account: { plan: 'pro', tier: 'advanced', available_credits: 25, settings: { retention_days: 7 } },
    });
    const id = String(created.account_id);

    // The database exists now: no flag needed.
    const updated = JSON.parse((await docrows('admin', 'accounts', 'update', id, '--credits-delta', '5', '--thinking-type', 'high')).stdout);
    expect(updated).toMatchObject({ available_credits: 30, settings: { thinking_type: 'high' } });

    const second = JSON.parse((await docrows('admin', 'keys', 'create', id)).stdout);
    await docrows('admin', 'keys', 'revoke', created.api_key.slice(0, 14));

    // The server sees what the CLI wrote: the revoked key fails, the new one works.
    app = await createApp(loadConfig({ DOCROWS_DATA_DIR: dataDir, DOCROWS_LOG_LEVEL: 'silent', DOCROWS_WORKERS: '0' }));
    const old = await app.server.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${created.api_key}` } });
    expect(old.statusCode).toBe(401);
    const fresh = await app.server.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${second.api_key}` } });
    expect(fresh.json()).toEqual({ plan: 'pro', role: 'owner', available_credits: 30, max_batch_size: 500, upload_concurrency: 4 });
  });

  it('exits 2 with the rule that failed for a value the rules or the option parser refuse', async () => {
    await expect(docrows('admin', 'accounts', 'create', '--plan', 'gold')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('plan must be one of free, basic, pro, business. (plan)'),
    });
    await expect(docrows('admin', 'accounts', 'update', 'x')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('expected a whole number, got "x"'),
    });
  });

  it('refuses a bad configuration with a message naming the variable', async () => {
    await expect(run(process.execPath, ['--import', 'tsx', 'src/main.ts', 'migrate'], {
      cwd: ROOT, env: { ...env(), DOCROWS_PORT: 'abc' },
    })).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('DOCROWS_PORT must be a whole number, got "abc".') });
  });
});
