import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { ThreadPool } from '../../src/threads/thread-pool.js';

/** A thread that doubles `n` after `ms`, or exits with code 3 when asked to crash. */
const ECHO = `
const { parentPort, threadId } = require('node:worker_threads');
parentPort.on('message', (m) => {
  if (m.crash) process.exit(3);
  setTimeout(() => parentPort.postMessage({ id: m.id, doubled: m.n * 2, threadId }), m.ms ?? 0);
});`;

interface Answer { id: number; doubled: number; threadId: number }

describe('ThreadPool', () => {
  const pools: Array<ThreadPool<Answer>> = [];
  let spawned = 0;
  const pool = (size: number, threadDied?: (err: Error) => Error, taskTimeoutMs?: number) => {
    const p = new ThreadPool<Answer>({
      name: 'echo',
      size,
      ...(taskTimeoutMs !== undefined ? { taskTimeoutMs } : {}),
      spawn: () => {
        spawned++;
        return new Worker(ECHO, { eval: true });
      },
      ...(threadDied ? { threadDied } : {}),
    });
    pools.push(p);
    return p;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
    spawned = 0;
  });

  it('answers every task, using at most `size` threads', async () => {
    const p = pool(2);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => p.run({ n, ms: 20 })));
    expect(answers.map((a) => a.doubled)).toEqual([2, 4, 6, 8, 10]);
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(2);
    expect(spawned).toBe(2);
  });

  it('a thread that dies fails only its own task, and a fresh thread takes the next', async () => {
    const p = pool(1, (err) => new Error(`wrapped: ${err.message}`));
    const crashed = p.run({ crash: true });
    const next = p.run({ n: 21 });
    await expect(crashed).rejects.toThrow('wrapped: echo thread exited with code 3');
    expect((await next).doubled).toBe(42);
    expect(spawned).toBe(2);
  });

  it('stops a thread whose task runs past the timeout; the task fails and the next one runs on a fresh thread', async () => {
    // The timer runs from the post, so the fresh thread's start counts: under a CI's load that took over 0.3 s.
    const p = pool(1, (err) => new Error(`wrapped: ${err.message}`), 2_000);
    const slow = p.run({ n: 1, ms: 60_000 });
    const next = p.run({ n: 2, ms: 10 });
    await expect(slow).rejects.toThrow('wrapped: echo task took longer than 2 s');
    expect((await next).doubled).toBe(4);
    expect(spawned).toBe(2);
  });

  it('close rejects running and queued tasks and later calls', async () => {
    const p = pool(1);
    const running = expect(p.run({ n: 1, ms: 200 })).rejects.toThrow('echo pool closed');
    const queued = expect(p.run({ n: 2 })).rejects.toThrow('echo pool closed');
    await p.close();
    await running;
    await queued;
    await expect(p.run({ n: 3 })).rejects.toThrow('echo pool closed');
  });

  it('refuses a size that is not a positive integer', () => {
    expect(() => pool(0)).toThrow('thread pool size must be a positive integer, got 0');
  });
});
