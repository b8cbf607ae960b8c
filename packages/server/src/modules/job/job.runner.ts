import type { DialectName, Executor } from '../../db/database.js';
import {
  claimDueJobs,
  deleteFailedJobByKey,
  deleteFailedJobsBefore,
  deleteJob,
  failJob,
  insertJob,
  rescheduleJob,
  type JobRow,
} from './job.repository.js';

/*
 * Background jobs (DESIGN §8): work that must happen after the request that caused it, survive a
 * restart and be retried with back-off when an outside service fails (channel delivery first).
 * Every node runs a runner; a job is leased to one node at a time and taken again if that node
 * dies before finishing it.
 */

export type JobHandler = {
  run: (payload: unknown, job: { id: number; attempt: number; orgId: number | null }) => Promise<void>;
  /** Attempts before giving up (the first included). */
  maxAttempts: number;
  /** Called once when the job is given up: the last error, after the last attempt or a final refusal. */
  onGiveUp?: (payload: unknown, error: unknown) => Promise<void>;
  /** Called when an attempt fails and another is scheduled. */
  onRetry?: (payload: unknown, error: unknown, nextAt: number) => Promise<void>;
};

export type JobRunner = ReturnType<typeof createJobRunner>;

/** 30 s, 1 min, 2 min, 4 min … at most an hour. */
export const backoffMs = (attempt: number): number => Math.min(30_000 * 2 ** (attempt - 1), 60 * 60_000);

/** An error that says retrying cannot help (a refused credential, a closed reply window). */
const isFinal = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { isRetryable?: unknown }).isRetryable === false;

const describe = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

const failedJobsKeptMs = 30 * 24 * 3600_000;

export const createJobRunner = (deps: {
  db: Executor;
  dialect: DialectName;
  logger: { error: (context: object, message: string) => void };
  now?: () => number;
  /** How long a claimed job is this node's before another may take it. */
  leaseMs?: number;
}) => {
  const { db, dialect, logger } = deps;
  const now = deps.now ?? Date.now;
  const leaseMs = deps.leaseMs ?? 5 * 60_000;
  const handlers = new Map<string, JobHandler>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<number> | null = null;
  let isKicked = false;

  const register = (kind: string, handler: JobHandler) => {
    handlers.set(kind, handler);
  };

  const settle = async (job: JobRow, handler: JobHandler | undefined, error: unknown, at: number) => {
    const message = describe(error);
    if (!handler || isFinal(error) || job.attempts >= job.max_attempts) {
      await failJob(db, job.id, { error: message, now: at });
      await handler?.onGiveUp?.(JSON.parse(job.payload), error);
      return;
    }
    const nextAt = at + backoffMs(job.attempts);
    await rescheduleJob(db, job.id, { runAt: nextAt, error: message, now: at });
    await handler.onRetry?.(JSON.parse(job.payload), error, nextAt);
  };

  const runOne = async (job: JobRow, at: number) => {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await handler.run(JSON.parse(job.payload), { id: job.id, attempt: job.attempts, orgId: job.org_id });
      await deleteJob(db, job.id);
    } catch (error) {
      try {
        await settle(job, handler, error, at);
      } catch (settleError) {
        logger.error({ err: settleError, jobId: job.id }, 'job could not be rescheduled');
      }
    }
  };

  /**
   * Runs every job due at `at` (default now), a batch at a time; answers how many ran. Tests pass
   * a later `at` to reach retries without waiting for their back-off.
   */
  const runDue = async (at: number = now()): Promise<number> => {
    let count = 0;
    for (;;) {
      const jobs = await claimDueJobs(db, dialect, { at, leaseMs, limit: 20 });
      if (jobs.length === 0) return count;
      // Side by side, except jobs sharing a serial key: those in order (one user's replies arrive in order).
      const lanes = new Map<string, JobRow[]>();
      for (const job of jobs.sort((a, b) => a.id - b.id)) {
        const lane = job.serial_key ?? `job:${job.id}`;
        lanes.set(lane, [...(lanes.get(lane) ?? []), job]);
      }
      await Promise.all(
        [...lanes.values()].map(async (lane) => {
          for (const job of lane) await runOne(job, at);
        }),
      );
      count += jobs.length;
    }
  };

  /** One pass at a time per node; a kick during a pass makes another follow it. */
  const pass = async (): Promise<void> => {
    if (running) {
      isKicked = true;
      return;
    }
    running = runDue();
    try {
      await running;
    } catch (error) {
      logger.error({ err: error }, 'job pass failed');
    } finally {
      running = null;
    }
    if (isKicked) {
      isKicked = false;
      await pass();
    }
  };

  const enqueue = async (
    input: {
      kind: string;
      orgId: number | null;
      payload: unknown;
      dedupeKey?: string;
      serialKey?: string;
      delayMs?: number;
    },
    executor: Executor = db,
  ): Promise<boolean> => {
    const handler = handlers.get(input.kind);
    if (!handler) throw new Error(`no handler for jobs of kind ${input.kind}`);
    const at = now();
    const isQueued = await insertJob(executor, {
      orgId: input.orgId,
      kind: input.kind,
      payload: input.payload,
      dedupeKey: input.dedupeKey,
      serialKey: input.serialKey,
      maxAttempts: handler.maxAttempts,
      runAt: at + (input.delayMs ?? 0),
      now: at,
    });
    // Started runners take new work at once rather than at their next tick.
    if (isQueued && timer && !input.delayMs) setImmediate(() => void pass());
    return isQueued;
  };

  const start = (intervalMs: number) => {
    if (timer || intervalMs <= 0) return;
    timer = setInterval(() => void pass(), intervalMs);
    timer.unref();
  };

  const stop = async () => {
    if (timer) clearInterval(timer);
    timer = null;
    await running?.catch(() => undefined);
  };

  const prune = () => deleteFailedJobsBefore(db, now() - failedJobsKeptMs);

  /** Forgets a failed job by its dedupe key, so the work can be queued again (an agent's retry). */
  const forget = (dedupeKey: string) => deleteFailedJobByKey(db, dedupeKey);

  return { register, enqueue, runDue, start, stop, prune, forget };
};
