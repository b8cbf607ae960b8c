import { sql } from 'kysely';
import type { DialectName, Executor } from '../../db/database.js';

/* The job table (DESIGN §8 "background jobs"): queue, claim, finish. */

export type JobRow = {
  id: number;
  org_id: number | null;
  kind: string;
  payload: string;
  serial_key: string | null;
  attempts: number;
  max_attempts: number;
};

export type NewJob = {
  orgId: number | null;
  kind: string;
  payload: unknown;
  maxAttempts: number;
  runAt: number;
  /** A job with this key already queued or failed makes this one a no-op. */
  dedupeKey?: string;
  serialKey?: string;
  now: number;
};

/** Queues a job; false when one with the same dedupe key exists. */
export const insertJob = async (db: Executor, job: NewJob): Promise<boolean> => {
  const result = await db
    .insertInto('job')
    .values({
      org_id: job.orgId,
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      dedupe_key: job.dedupeKey ?? null,
      serial_key: job.serialKey ?? null,
      status: 'queued',
      max_attempts: job.maxAttempts,
      run_at: job.runAt,
      created_at: job.now,
      updated_at: job.now,
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
};

/**
 * Takes up to `limit` due jobs (queued and due, or running with an expired lease: their node died)
 * and leases them to this node. On PostgreSQL, SKIP LOCKED lets nodes claim side by side without
 * waiting on each other; SQLite has one writer, so the UPDATE alone is enough.
 */
export const claimDueJobs = async (
  db: Executor,
  dialect: DialectName,
  input: { at: number; leaseMs: number; limit: number },
): Promise<JobRow[]> => {
  let due = db
    .selectFrom('job')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', input.at)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<', input.at)]),
      ]),
    )
    .orderBy('run_at')
    .limit(input.limit);
  if (dialect === 'postgres') due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable('job')
    .set({
      status: 'running',
      locked_until: input.at + input.leaseMs,
      attempts: sql<number>`attempts + 1`,
      updated_at: input.at,
    })
    .where('id', 'in', due)
    .returning(['id', 'org_id', 'kind', 'payload', 'serial_key', 'attempts', 'max_attempts'])
    .execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    org_id: row.org_id === null ? null : Number(row.org_id),
    attempts: Number(row.attempts),
    max_attempts: Number(row.max_attempts),
  }));
};

export const deleteJob = async (db: Executor, id: number): Promise<void> => {
  await db.deleteFrom('job').where('id', '=', id).execute();
};

export const rescheduleJob = async (
  db: Executor,
  id: number,
  input: { runAt: number; error: string; now: number },
): Promise<void> => {
  await db
    .updateTable('job')
    .set({
      status: 'queued',
      run_at: input.runAt,
      locked_until: null,
      last_error: input.error,
      updated_at: input.now,
    })
    .where('id', '=', id)
    .execute();
};

/** Kept for inspection (and to block a duplicate by its key); pruned with the table's other old rows. */
export const failJob = async (
  db: Executor,
  id: number,
  input: { error: string; now: number },
): Promise<void> => {
  await db
    .updateTable('job')
    .set({ status: 'failed', locked_until: null, last_error: input.error, updated_at: input.now })
    .where('id', '=', id)
    .execute();
};

export const deleteFailedJobsBefore = async (db: Executor, before: number): Promise<void> => {
  await db.deleteFrom('job').where('status', '=', 'failed').where('updated_at', '<', before).execute();
};

/** A failed job's key freed, so the same work can be queued again. */
export const deleteFailedJobByKey = async (db: Executor, dedupeKey: string): Promise<void> => {
  await db.deleteFrom('job').where('dedupe_key', '=', dedupeKey).where('status', '=', 'failed').execute();
};
