import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeStaleScratch, STALE_SCRATCH_MS } from '../../src/storage/scratch.js';

describe('removeStaleScratch', () => {
  const dirs: string[] = [];
  afterEach(() => { for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true }); });

  it('removes files and directories older than the limit and keeps recent ones', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-scratch-'));
    dirs.push(dir);
    const now = new Date();
    const old = new Date(now.getTime() - STALE_SCRATCH_MS - 60_000);
    fs.writeFileSync(path.join(dir, 'upload-old'), 'x');
    fs.utimesSync(path.join(dir, 'upload-old'), old, old);
    fs.mkdirSync(path.join(dir, 'convert-old'));
    fs.writeFileSync(path.join(dir, 'convert-old', 'page.pdf'), 'x');
    fs.utimesSync(path.join(dir, 'convert-old'), old, old);
    fs.writeFileSync(path.join(dir, 'upload-live'), 'x');

    expect(await removeStaleScratch(dir, now)).toBe(2);
    expect(fs.readdirSync(dir)).toEqual(['upload-live']);
  });

  it('treats a missing directory as empty', async () => {
    expect(await removeStaleScratch(path.join(os.tmpdir(), 'docrows-no-such-dir-xyz'), new Date())).toBe(0);
  });
});
