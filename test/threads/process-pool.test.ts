import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ProcessPool, residentBytes } from '../../src/threads/process-pool.js';

/** A child that doubles `n`, or crashes, hangs, or holds `mb` MB of memory when asked. */
const CHILD = `
const held = [];
process.on('message', (m) => {
  if (m.crash) process.exit(3);
  if (m.hang) return;
  if (m.mb) for (let i = 0; i < m.mb; i++) held.push(Buffer.alloc(1024 * 1024, 1));
  setTimeout(() => process.send({ id: m.id, doubled: m.n * 2, pid: process.pid }), m.ms ?? 0);
});
process.on('disconnect', () => process.exit(0));`;

interface Answer { id: number; doubled: number; pid: number }

const dir = mkdtempSync(join(tmpdir(), 'process-pool-'));
const entry = join(dir, 'child.cjs');
writeFileSync(entry, CHILD);

describe('ProcessPool', () => {
  const pools: Array<ProcessPool<Answer>> = [];
  const pool = (extra: Partial<ConstructorParameters<typeof ProcessPool>[0]> = {}) => {
    const p = new ProcessPool<Answer>({ name: 'echo', size: 1, spawn: () => fork(entry, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }), ...extra });
    pools.push(p);
    return p;
  };
  afterEach(async () => { await Promise.all(pools.splice(0).map((p) => p.close())); });

  it('warm() starts every child before the first task and replaces one that dies', async () => {
    const p = pool({ size: 2 });
    expect(p.pids).toEqual([]);
    p.warm();
    const started = p.pids;
    expect(started).toHaveLength(2);
    await expect(p.run({ crash: true })).rejects.toThrow('echo process exited with code 3');
    expect(p.pids).toHaveLength(2);
    expect(p.pids.filter((pid) => started.includes(pid))).toHaveLength(1);
  });

  it('runs tasks FIFO on a reused child', async () => {
    const p = pool();
    const [a, b] = await Promise.all([p.run({ n: 1 }), p.run({ n: 2 })]);
    expect([a.doubled, b.doubled]).toEqual([2, 4]);
    expect(a.pid).toBe(b.pid);
  });

  it('fails only the task whose child crashed, and replaces the child', async () => {
    const p = pool({ childDied: (err) => new Error(`died: ${err.message}`) });
    await expect(p.run({ crash: true })).rejects.toThrow('died: echo process exited with code 3');
    expect((await p.run({ n: 5 })).doubled).toBe(10);
  });

  it('kills a child that overruns the task timeout', async () => {
    // The timeout counts from dispatch, a fresh child's boot included: generous enough for a loaded machine.
    const p = pool({ taskTimeoutMs: 3000 });
    const first = await p.run({ n: 1 });
    await expect(p.run({ hang: true })).rejects.toThrow('echo task took longer than 3 s');
    const next = await p.run({ n: 1 });
    expect(next.doubled).toBe(2);
    expect(next.pid).not.toBe(first.pid);
  });

  it('kills a busy child whose RSS passes the memory limit', async () => {
    const p = pool({ memoryLimitBytes: 150 * 1024 * 1024, watchIntervalMs: 20 });
    await expect(p.run({ mb: 400, ms: 2000 })).rejects.toThrow('echo task needed more than 150 MB of memory');
    expect((await p.run({ n: 2 })).doubled).toBe(4);
  });

  it('retires a child left above retireAboveBytes after its task', async () => {
    const p = pool({ retireAboveBytes: 120 * 1024 * 1024 });
    const big = await p.run({ n: 1, mb: 200 });
    const next = await p.run({ n: 1 });
    expect(next.pid).not.toBe(big.pid);
    const small = await p.run({ n: 1 });
    expect(small.pid).toBe(next.pid);
    expect(residentBytes(next.pid)).toBeLessThan(120 * 1024 * 1024);
  });
});
