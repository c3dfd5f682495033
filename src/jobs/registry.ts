import type { Trx } from '../db/connect.js';
import type { JobRow } from '../db/schema.js';
import type { Services } from '../services.js';
import type { Engine } from '../extract/types.js';

/**
 * Job kind → payload type. Each module that defines a kind adds it here by
 * declaration merging, so `enqueueJob` and handlers are typed end to end:
 *
 *   declare module '../../jobs/registry.js' {
 *     interface JobKinds { 'bbox.annotate': { documentId: string; jobId: string } }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobKinds {}

export type JobKind = keyof JobKinds & string;

/**
 * Which pool of worker slots runs a kind. `cpu` slots (DOCROWS_WORKERS) run
 * engine work; `io` slots run network and housekeeping work, so a slow webhook
 * receiver never holds up extraction.
 */
export type JobLane = 'cpu' | 'io';

/** What a handler gets besides its payload. */
export interface JobContext {
  services: Services;
  runtime: JobRuntime;
  job: JobRow;
  /** Aborted when the lease was lost (another worker reclaimed the job): stop and write nothing. */
  signal: AbortSignal;
  /**
   * Commits the job's outcome atomically with its completion: opens a
   * transaction, marks the job done only if this worker still holds the lease
   * (else throws LeaseLostError and nothing is written), then runs `write`.
   * Handlers that change state must do it here; that is what makes a job's
   * effect happen exactly once even when a lease expires mid-run.
   */
  finish(write: (trx: Trx) => Promise<void>): Promise<void>;
}

/** Process-wide things handlers need that are not part of Services (built once per worker pool). */
export interface JobRuntime {
  /** Runs page extraction; the product uses worker threads (engine-threads.ts), tests may pass an in-process engine. */
  engine: Engine;
  /** The engine of a model tier (src/extract/engines/tier-engines.ts); absent: `engine` runs every tier. */
  engineForTier?(tier: string): Engine;
}

export interface JobDefinition<K extends JobKind = JobKind> {
  kind: K;
  lane: JobLane;
  handler(payload: JobKinds[K], ctx: JobContext): Promise<void>;
  /** Default attempts when the enqueuer does not say (claims count as attempts). */
  maxAttempts?: number;
  /**
   * Periodic kinds (housekeeping): every worker pool makes sure one job per
   * `everyMs` slot exists (dedupe key per slot), with an empty payload.
   */
  everyMs?: number;
  /** Lease length; the worker heartbeats at a third of it. Default 15 s. */
  leaseMs?: number;
  /** Delay before retry `attempt` (1-based count of attempts made so far); also decides for a RetryAfterError. Default: 2^attempt seconds, or the RetryAfterError's delay. */
  backoffMs?(attempt: number, error: unknown): number;
  /**
   * Called in the transaction that puts the job back to pending (handler error
   * or expired lease), e.g. to move a document from processing back to queued.
   */
  onRetry?(trx: Trx, payload: JobKinds[K], services: Services): Promise<void>;
  /** Called in the transaction that marks the job failed for good (attempts exhausted or PermanentJobError). */
  onGiveUp?(trx: Trx, payload: JobKinds[K], services: Services, error: string): Promise<void>;
}

/** Thrown by a handler when retrying cannot help (e.g. a webhook receiver answered 410). */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** Thrown by a handler to be retried after a specific delay (e.g. Retry-After). */
export class RetryAfterError extends Error {
  constructor(message: string, readonly delayMs: number) {
    super(message);
    this.name = 'RetryAfterError';
  }
}

/**
 * Thrown by a handler that cannot start its work now for a reason outside the
 * job (e.g. its webhook receiver's host already has its share of deliveries
 * running): the job goes back to pending after `delayMs` and the attempt is
 * not counted, so waiting never uses up retries.
 */
export class DeferJobError extends Error {
  constructor(message: string, readonly delayMs: number) {
    super(message);
    this.name = 'DeferJobError';
  }
}

export class LeaseLostError extends Error {
  constructor(jobId: number) {
    super(`job ${jobId}: lease lost to another worker`);
    this.name = 'LeaseLostError';
  }
}

/** The set of kinds a worker pool runs. Built per pool (no module-scope state). */
export class JobRegistry {
  private readonly defs = new Map<string, JobDefinition>();

  register<K extends JobKind>(def: JobDefinition<K>): void {
    if (this.defs.has(def.kind)) throw new Error(`job kind ${def.kind} registered twice`);
    this.defs.set(def.kind, def as unknown as JobDefinition);
  }

  get(kind: string): JobDefinition | undefined {
    return this.defs.get(kind);
  }

  kinds(lane?: JobLane): string[] {
    return [...this.defs.values()].filter((d) => lane === undefined || d.lane === lane).map((d) => d.kind);
  }
}
