import os from 'node:os';
import type { Trx } from '../db/connect.js';
import type { JobRow } from '../db/schema.js';
import type { Services } from '../services.js';
import {
  claimJobs, enqueueJob, fenceAndComplete, heartbeat, markJobFailed, rescheduleJob, selectExpiredForUpdate,
} from './queue.js';
import {
  DeferJobError, LeaseLostError, PermanentJobError, RetryAfterError,
  type JobContext, type JobDefinition, type JobKind, type JobLane, type JobRegistry, type JobRuntime,
} from './registry.js';

const DEFAULT_LEASE_MS = 15_000;
/**
 * io jobs (webhook deliveries, housekeeping) mostly wait on the network, so
 * they get many slots: a few receivers that hang until the delivery timeout
 * hold a few slots, not all (deliveries also cap each host: core/webhooks).
 */
const DEFAULT_IO_SLOTS = 16;
const LEASE_EXPIRED = 'lease expired: the worker stopped responding';

export interface WorkerPoolOptions {
  registry: JobRegistry;
  runtime: JobRuntime;
  /** Concurrent engine jobs (DOCROWS_WORKERS). */
  cpuSlots: number;
  /** Concurrent network/housekeeping jobs. */
  ioSlots?: number;
  /** Idle poll interval. */
  pollMs?: number;
  workerId?: string;
  /** Told of every job this pool ran: how it ended and how long it took (metrics). */
  onJobEnd?: (kind: string, outcome: JobOutcome, seconds: number) => void;
}

/** done; retry = failed and rescheduled or given up later; failed = given up now; deferred = put back uncounted (DeferJobError); lease_lost = another worker owns it. */
export type JobOutcome = 'done' | 'retry' | 'failed' | 'deferred' | 'lease_lost';

export interface WorkerPool {
  readonly workerId: string;
  /** Stops claiming, waits for running jobs up to `graceMs`, then puts the unfinished ones back to pending. */
  stop(graceMs?: number): Promise<void>;
}

/** Resolves after `ms` or as soon as any signal aborts; removes its listeners either way (the loops call it constantly). */
function sleep(ms: number, ...signals: AbortSignal[]): Promise<void> {
  return new Promise((resolve) => {
    if (signals.some((s) => s.aborted)) return resolve();
    const done = () => {
      clearTimeout(timer);
      for (const s of signals) s.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    for (const s of signals) s.addEventListener('abort', done, { once: true });
  });
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Default retry delay: 2, 4, 8 ... seconds. */
function defaultBackoff(attempt: number): number {
  return Math.min(2 ** attempt, 300) * 1000;
}

/**
 * The worker loop: one claim loop per lane, a lease reclaimer and the
 * periodic-job scheduler. The claim respects the operator's pause switch. Any number of
 * pools (threads of one process, or processes) may run against one database.
 */
export function startWorkerPool(services: Services, options: WorkerPoolOptions): WorkerPool {
  const { registry, runtime } = options;
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${services.ids.ulid().slice(-8)}`;
  const pollMs = options.pollMs ?? 100;
  const stopping = new AbortController();
  const inflight = new Set<Promise<void>>();
  /** Jobs this pool is running, so a shutdown can hand back the ones that outlive its grace period. */
  const runningJobs = new Map<number, { job: JobRow; lost: AbortController }>();
  const log = services.log.child({ component: 'worker', workerId });
  const leaseOf = (kind: string) => registry.get(kind)?.leaseMs ?? DEFAULT_LEASE_MS;

  async function runJob(job: JobRow): Promise<void> {
    const def = registry.get(job.kind)!;
    const lease = leaseOf(job.kind);
    const lost = new AbortController();
    runningJobs.set(job.id, { job, lost });
    const beat = setInterval(() => {
      heartbeat(services.db, services.clock, job, workerId, lease).then((ok) => { if (!ok) lost.abort(); }, () => undefined);
    }, Math.max(50, Math.floor(lease / 3)));
    let finished = false;
    const started = performance.now();
    let outcome: JobOutcome = 'done';
    const ctx: JobContext = {
      services, runtime, job, signal: lost.signal,
      finish: async (write) => {
        await services.db.transaction().execute(async (trx) => {
          await fenceAndComplete(trx, services.clock, job.id, workerId);
          await write(trx);
        });
        finished = true;
      },
    };
    try {
      await def.handler(JSON.parse(job.payload) as never, ctx);
      if (!finished) await ctx.finish(async () => undefined);
    } catch (err) {
      if (err instanceof LeaseLostError || lost.signal.aborted) {
        outcome = 'lease_lost';
        log.warn({ jobId: job.id, kind: job.kind }, 'lease lost; another worker owns the job now');
      } else if (err instanceof DeferJobError) {
        outcome = 'deferred';
        await putBack(job, def, err).catch((e: unknown) => log.error({ err: e, jobId: job.id }, 'could not defer job'));
      } else {
        outcome = err instanceof PermanentJobError || job.attempts >= job.max_attempts ? 'failed' : 'retry';
        await recordFailure(job, def, err).catch((e: unknown) => log.error({ err: e, jobId: job.id }, 'could not record job failure'));
      }
    } finally {
      clearInterval(beat);
      runningJobs.delete(job.id);
      options.onJobEnd?.(job.kind, outcome, (performance.now() - started) / 1000);
    }
  }

  /** Locks the job's row if this pool still holds its lease (the settlement that follows is then ours alone). */
  async function stillOwned(trx: Trx, job: JobRow): Promise<boolean> {
    const owned = await trx
      .updateTable('jobs').set({ updated_at: services.clock.now().toISOString() })
      .where('id', '=', job.id).where('state', '=', 'running').where('locked_by', '=', workerId)
      .executeTakeFirst();
    return Number(owned.numUpdatedRows) > 0;
  }

  /** A deferred job: back to pending, its attempt given back, while we still hold the lease. */
  async function putBack(job: JobRow, def: JobDefinition, err: DeferJobError): Promise<void> {
    await services.db.transaction().execute(async (trx) => {
      if (!await stillOwned(trx, job)) return;
      await rescheduleJob(trx, services.clock, job, err.delayMs, null);
      await def.onRetry?.(trx, JSON.parse(job.payload) as never, services);
    });
    log.debug({ jobId: job.id, kind: job.kind, retryInMs: err.delayMs, reason: err.message }, 'job deferred');
  }

  /** Retry with backoff, or give up (attempts exhausted / permanent); only while we still hold the lease. */
  async function recordFailure(job: JobRow, def: JobDefinition, err: unknown): Promise<void> {
    const error = message(err);
    const settled = await services.db.transaction().execute(async (trx) => {
      if (!await stillOwned(trx, job)) return null;
      return settleFailure(trx, job, def, err, error);
    });
    if (settled) reportSettled(job, settled, error);
  }

  /** How a failed attempt was settled: retried after `delayMs`, or given up. */
  type Settled = { how: 'retried'; delayMs: number } | { how: 'given_up' };

  async function settleFailure(trx: Trx, job: JobRow, def: JobDefinition, err: unknown, error: string): Promise<Settled> {
    const payload = JSON.parse(job.payload) as never;
    if (err instanceof PermanentJobError || job.attempts >= job.max_attempts) {
      await markJobFailed(trx, services.clock, job, error);
      await def.onGiveUp?.(trx, payload, services, error);
      return { how: 'given_up' };
    }
    // A kind with its own backoff weighs a RetryAfterError itself (webhooks keep their schedule as a floor).
    const delayMs = def.backoffMs ? def.backoffMs(job.attempts, err) : err instanceof RetryAfterError ? err.delayMs : defaultBackoff(job.attempts);
    await rescheduleJob(trx, services.clock, job, delayMs, error);
    await def.onRetry?.(trx, payload, services);
    return { how: 'retried', delayMs };
  }

  /** Logged and counted once the settlement committed, so a rolled-back one is not. */
  function reportSettled(job: JobRow, settled: Settled, error: string): void {
    const line = { jobId: job.id, kind: job.kind, attempt: job.attempts, maxAttempts: job.max_attempts, error };
    if (settled.how === 'retried') {
      services.metrics.jobsRetried.inc({ kind: job.kind });
      log.warn({ ...line, retryInMs: settled.delayMs }, 'job retried');
    } else {
      services.metrics.jobsGivenUp.inc({ kind: job.kind });
      log.error(line, 'job given up');
    }
  }

  /** Jobs of dead workers: back to pending, or failed once their attempts are used up. */
  async function reclaimExpired(): Promise<void> {
    const settled = await services.db.transaction().execute(async (trx) => {
      const expired = await selectExpiredForUpdate(trx, services.clock, 100);
      const done: Array<[JobRow, Settled]> = [];
      for (const job of expired) {
        const def = registry.get(job.kind);
        if (!def) continue; // a kind this process does not run: left for a process that does
        log.warn({ jobId: job.id, kind: job.kind, lockedBy: job.locked_by }, 'reclaiming job with expired lease');
        done.push([job, await settleFailure(trx, job, def, new Error(LEASE_EXPIRED), LEASE_EXPIRED)]);
      }
      return done;
    });
    for (const [job, how] of settled) reportSettled(job, how, LEASE_EXPIRED);
  }

  /**
   * Shutdown: a job still running after the grace period goes back to pending
   * now (its attempt counts) instead of waiting out its lease, and its handler
   * is told the lease is gone so it writes nothing more.
   */
  async function releaseRunning(): Promise<void> {
    for (const { job, lost } of runningJobs.values()) {
      lost.abort();
      const def = registry.get(job.kind)!;
      await services.db.transaction().execute(async (trx) => {
        if (!await stillOwned(trx, job)) return;
        await rescheduleJob(trx, services.clock, job, 0, 'released: its worker shut down');
        await def.onRetry?.(trx, JSON.parse(job.payload) as never, services);
      }).catch((err: unknown) => log.error({ err, jobId: job.id }, 'could not release job at shutdown'));
      log.warn({ jobId: job.id, kind: job.kind }, 'released a running job at shutdown');
    }
  }

  async function schedulePeriodic(): Promise<void> {
    const now = services.clock.now().getTime();
    for (const kind of registry.kinds()) {
      const every = registry.get(kind)!.everyMs;
      if (!every) continue;
      const slot = Math.floor(now / every);
      // One row per time slot across all processes: the dedupe key makes concurrent schedulers agree.
      await enqueueJob(services.db, services.clock, kind as JobKind, {} as never, {
        dedupeKey: `periodic:${kind}:${slot}`, runAt: new Date(slot * every), maxAttempts: 3,
      });
    }
  }

  async function laneLoop(lane: JobLane, slots: number): Promise<void> {
    const kinds = registry.kinds(lane);
    const running = new Set<Promise<void>>();
    while (!stopping.signal.aborted) {
      try {
        if (kinds.length === 0) {
          await sleep(pollMs * 5, stopping.signal);
          continue;
        }
        const free = slots - running.size;
        const jobs = free > 0 ? await claimJobs(services.db, services.clock, workerId, kinds, free, leaseOf) : [];
        for (const job of jobs) {
          const p = runJob(job).finally(() => { running.delete(p); inflight.delete(p); wake.abort(); });
          running.add(p);
          inflight.add(p);
        }
        if (jobs.length === 0 || running.size >= slots) {
          const wake = laneWake.get(lane)!;
          await sleep(pollMs, stopping.signal, wake.signal);
          if (wake.signal.aborted) laneWake.set(lane, new AbortController());
        }
      } catch (err) {
        log.error({ err }, 'worker loop error');
        await sleep(1000, stopping.signal);
      }
    }
  }

  // Each lane sleeps until a poll interval passes or one of its jobs finishes.
  const laneWake = new Map<JobLane, AbortController>([['cpu', new AbortController()], ['io', new AbortController()]]);
  const wake = { abort: () => { for (const c of laneWake.values()) c.abort(); } };

  async function maintenanceLoop(): Promise<void> {
    let lastSchedule = 0;
    while (!stopping.signal.aborted) {
      try {
        await reclaimExpired();
        if (Date.now() - lastSchedule > 30_000) {
          await schedulePeriodic();
          lastSchedule = Date.now();
        }
      } catch (err) {
        log.error({ err }, 'worker maintenance error');
      }
      await sleep(Math.min(2000, DEFAULT_LEASE_MS / 3), stopping.signal);
    }
  }

  const loops = [
    laneLoop('cpu', options.cpuSlots),
    laneLoop('io', options.ioSlots ?? DEFAULT_IO_SLOTS),
    maintenanceLoop(),
  ];
  log.info({ cpuSlots: options.cpuSlots }, 'workers started');

  return {
    workerId,
    async stop(graceMs = 10_000) {
      stopping.abort();
      await Promise.all(loops);
      const all = Promise.all([...inflight]);
      await Promise.race([all, new Promise((r) => setTimeout(r, graceMs).unref())]);
      await releaseRunning();
    },
  };
}
