/**
 * What the thread pool (thread-pool.ts) and the process pool
 * (process-pool.ts) share: a fixed number of executors running one task at a
 * time each, FIFO; executors start lazily; one that dies (or is stopped for
 * overrunning its task) fails only its own task and is replaced by the next
 * dispatch. Subclasses say how an executor starts, receives a task, is held
 * or released, and is stopped.
 */

/** Every message between a pool and its executors carries the task id. */
export interface TaskMessage {
  id: number;
}

interface Task<Answer> {
  id: number;
  message: object;
  transfer: ArrayBuffer[];
  resolve(answer: Answer): void;
  reject(err: Error): void;
}

export interface Slot<Executor, Answer> {
  executor: Executor;
  busy: Task<Answer> | null;
  timer?: NodeJS.Timeout;
  /** Why the pool stopped this executor, if it did. */
  stopped?: Error;
}

export interface TaskPoolOptions {
  /** For messages: "ingest" → "ingest pool closed", "ingest task took longer than 60 s". */
  name: string;
  size: number;
  /** What a task whose executor died rejects with (default: the death itself). */
  died?(err: Error): Error;
  /** A task still running after this long has its executor stopped and fails as if it had died. */
  taskTimeoutMs?: number;
}

export abstract class TaskPool<Executor, Answer extends TaskMessage> {
  protected readonly slots: Array<Slot<Executor, Answer>> = [];
  private readonly queue: Array<Task<Answer>> = [];
  private nextId = 1;
  private closed = false;
  /** Keep every executor started (warm()), replacing the ones that die or retire. */
  private keepWarm = false;

  constructor(private readonly base: TaskPoolOptions, kind: string) {
    if (!Number.isInteger(base.size) || base.size < 1) throw new Error(`${kind} pool size must be a positive integer, got ${base.size}`);
  }

  get size(): number {
    return this.base.size;
  }

  /** Starts an executor whose answers go to `answered` and whose death goes to `died`. */
  protected abstract start(slot: () => Slot<Executor, Answer>): Executor;
  protected abstract post(executor: Executor, message: object, transfer: ArrayBuffer[]): void;
  /** A busy executor keeps the process alive; an idle one must not. */
  protected abstract hold(executor: Executor, busy: boolean): void;
  protected abstract terminate(executor: Executor): Promise<void>;
  /** Called as a task starts on `slot` (e.g. to watch its memory). */
  protected onTaskStart(_slot: Slot<Executor, Answer>): void {}
  /** Called as a task ends; true retires the executor instead of keeping it. */
  protected retireAfterTask(_slot: Slot<Executor, Answer>): boolean {
    return false;
  }

  /** Sends `{ id, ...message }` to a free executor and resolves with its answer carrying that id. */
  protected enqueue(message: object, transfer: ArrayBuffer[] = []): Promise<Answer> {
    if (this.closed) return Promise.reject(this.closedError());
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, message, transfer, resolve, reject });
      this.dispatch();
    });
  }

  /**
   * Starts every executor now and keeps `size` of them started from then on:
   * a task then never waits for an executor to boot (a child process takes
   * about a second to load its parsers), nor after one was retired or died.
   */
  warm(): void {
    this.keepWarm = true;
    this.refill();
  }

  private refill(): void {
    while (this.keepWarm && !this.closed && this.slots.length < this.base.size) this.addSlot();
  }

  /** Rejects queued and running tasks and stops every executor. */
  async close(): Promise<void> {
    this.closed = true;
    const running = this.slots.flatMap((s) => (s.busy ? [s.busy] : []));
    for (const t of [...this.queue.splice(0), ...running]) t.reject(this.closedError());
    await Promise.all(this.slots.splice(0).map((s) => {
      this.endTask(s);
      return this.terminate(s.executor);
    }));
  }

  /** Stops a busy executor; its task fails with `why`. */
  protected stop(slot: Slot<Executor, Answer>, why: Error): void {
    if (slot.stopped) return;
    slot.stopped = why;
    this.endTask(slot);
    void this.terminate(slot.executor);
  }

  /** Clears what watched the running task (subclasses add their own watches). */
  protected endTask(slot: Slot<Executor, Answer>): void {
    clearTimeout(slot.timer);
  }

  protected answered(slot: Slot<Executor, Answer>, answer: Answer): void {
    const task = slot.busy;
    if (!task || task.id !== answer.id || slot.stopped) return;
    this.endTask(slot);
    slot.busy = null;
    if (this.retireAfterTask(slot)) {
      this.remove(slot);
      void this.terminate(slot.executor);
      this.refill();
    } else {
      this.hold(slot.executor, false);
    }
    task.resolve(answer);
    this.dispatch();
  }

  protected died(slot: Slot<Executor, Answer>, err: Error): void {
    if (!this.remove(slot)) return;
    this.endTask(slot);
    const cause = slot.stopped ?? err;
    slot.busy?.reject(this.base.died?.(cause) ?? cause);
    slot.busy = null;
    if (!this.closed) {
      this.dispatch();
      this.refill();
    }
  }

  private remove(slot: Slot<Executor, Answer>): boolean {
    const i = this.slots.indexOf(slot);
    if (i < 0) return false;
    this.slots.splice(i, 1);
    return true;
  }

  private closedError(): Error {
    return new Error(`${this.base.name} pool closed`);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.busy === null);
      if (!slot && this.slots.length < this.base.size) slot = this.addSlot();
      if (!slot) return;
      const task = this.queue.shift()!;
      const busy = slot;
      busy.busy = task;
      this.hold(busy.executor, true);
      this.post(busy.executor, { ...task.message, id: task.id }, task.transfer);
      const timeout = this.base.taskTimeoutMs;
      if (timeout !== undefined) busy.timer = setTimeout(() => this.stop(busy, new Error(`${this.base.name} task took longer than ${timeout / 1000} s`)), timeout);
      this.onTaskStart(busy);
    }
  }

  private addSlot(): Slot<Executor, Answer> {
    let slot: Slot<Executor, Answer> | undefined = undefined;
    const executor = this.start(() => slot!);
    slot = { executor, busy: null };
    this.hold(executor, false);
    this.slots.push(slot);
    return slot;
  }
}
