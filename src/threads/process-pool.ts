/**
 * A fixed-size pool of child processes running one task at a time each, FIFO:
 * the home of work on untrusted bytes (parsing uploads). A process can be
 * bounded as a thread cannot: native memory (libvips, WebAssembly heaps,
 * inflated streams) counts in its RSS, which a watchdog reads from outside,
 * and a kill frees all of it at once. A child that crashes, overruns its time
 * or its memory fails only its own task and is replaced on the next dispatch;
 * one left large by its task is retired so the next task starts small.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TaskPool, type Slot, type TaskMessage } from './task-pool.js';

export interface ProcessPoolOptions {
  /** For messages: "ingest" → "ingest pool closed", "ingest process exited with code 1". */
  name: string;
  size: number;
  /** Starts one child (see startChild). */
  spawn(): ChildProcess;
  /** What a task whose child died (or was stopped) rejects with (default: the death itself). */
  childDied?(err: Error): Error;
  /** A task still running after this long has its child killed. */
  taskTimeoutMs?: number;
  /** A busy child whose RSS passes this is killed at once (read every watchIntervalMs). */
  memoryLimitBytes?: number;
  /** A child whose RSS is above this after its task is retired rather than kept. */
  retireAboveBytes?: number;
  watchIntervalMs?: number;
}

/** Resident memory of a process in bytes, from /proc (Linux); null where that is unavailable. */
export function residentBytes(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'latin1');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return kb ? Number(kb[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export class ProcessPool<Answer extends TaskMessage> extends TaskPool<ChildProcess, Answer> {
  private readonly watches = new Map<Slot<ChildProcess, Answer>, NodeJS.Timeout>();

  constructor(private readonly options: ProcessPoolOptions) {
    super({ name: options.name, size: options.size, died: options.childDied, taskTimeoutMs: options.taskTimeoutMs }, 'process');
  }

  /** The process ids of the live children (for memory accounting). */
  get pids(): number[] {
    return this.slots.flatMap((s) => (s.executor.pid === undefined ? [] : [s.executor.pid]));
  }

  /** Sends `{ id, ...message }` to a free child and resolves with the child's answer carrying that id. */
  run(message: object): Promise<Answer> {
    return this.enqueue(message);
  }

  protected start(slot: () => Slot<ChildProcess, Answer>): ChildProcess {
    const child = this.options.spawn();
    child.on('message', (answer: Answer) => this.answered(slot(), answer));
    child.on('error', (err) => this.died(slot(), err));
    child.on('exit', (code, signal) => this.died(slot(), new Error(`${this.options.name} process exited with ${signal ?? `code ${code}`}`)));
    return child;
  }

  protected post(child: ChildProcess, message: object): void {
    child.send(message);
  }

  protected hold(child: ChildProcess, busy: boolean): void {
    const channel = child.channel as { ref(): void; unref(): void } | null | undefined;
    if (busy) {
      child.ref();
      channel?.ref();
    } else {
      child.unref();
      channel?.unref();
    }
  }

  protected terminate(child: ChildProcess): Promise<void> {
    return new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      // An idle child is unref'd: without this the process could end before its exit arrives, and a close awaiting it would never finish.
      child.ref();
      child.kill('SIGKILL');
    });
  }

  /** The memory watchdog of a busy child: killed the moment its RSS passes the limit. */
  protected override onTaskStart(slot: Slot<ChildProcess, Answer>): void {
    const { memoryLimitBytes, watchIntervalMs, name } = this.options;
    const pid = slot.executor.pid;
    if (memoryLimitBytes === undefined || pid === undefined) return;
    this.watches.set(slot, setInterval(() => {
      const rss = residentBytes(pid);
      if (rss !== null && rss > memoryLimitBytes) {
        this.stop(slot, new Error(`${name} task needed more than ${Math.round(memoryLimitBytes / 1024 / 1024)} MB of memory`));
      }
    }, watchIntervalMs ?? 100));
  }

  protected override endTask(slot: Slot<ChildProcess, Answer>): void {
    super.endTask(slot);
    clearInterval(this.watches.get(slot));
    this.watches.delete(slot);
  }

  /** A child left large by its task (a heap V8 keeps, a WebAssembly memory that never shrinks) is replaced. */
  protected override retireAfterTask(slot: Slot<ChildProcess, Answer>): boolean {
    const limit = this.options.retireAboveBytes;
    const rss = limit !== undefined && slot.executor.pid !== undefined ? residentBytes(slot.executor.pid) : null;
    if (rss === null || rss <= limit!) return false;
    // Its exit is expected: nothing is left to fail.
    slot.executor.removeAllListeners('exit');
    slot.executor.on('error', () => undefined);
    return true;
  }
}

export interface ChildOptions {
  /** Extra Node flags, e.g. --max-old-space-size. */
  execArgv?: string[];
  /** Modules imported natively before the TypeScript loader when running from source (large JavaScript tsx would transform slowly). */
  preload?: string[];
  env?: NodeJS.ProcessEnv;
}

/**
 * Forks the child entry `name` ("./ingest-child") beside `callerUrl`, with an
 * IPC channel that carries Buffers (advanced serialization). Under tsx/vitest
 * the caller is TypeScript: the child imports `preload` natively, then
 * registers tsx, then runs the entry.
 */
export function startChild(callerUrl: string, name: string, options: ChildOptions = {}): ChildProcess {
  const fromSource = callerUrl.endsWith('.ts');
  const entry = new URL(`${name}${fromSource ? '.ts' : '.js'}`, callerUrl);
  const loader = fromSource
    ? [...(options.preload ?? []).flatMap((u) => ['--import', u]), '--import', pathToFileURL(createRequire(callerUrl).resolve('tsx')).href]
    : [];
  return fork(fileURLToPath(entry), [], {
    execArgv: [...(options.execArgv ?? []), ...loader],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: options.env ?? process.env,
  });
}
