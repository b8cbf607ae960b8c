import type { CustomerImportJob } from '@openkefu/contract';
import type { Redis } from 'ioredis';

/*
 * Where background imports keep their progress for the console to poll. With Redis (REDIS_URL)
 * every node sees every job, so a poll that a load balancer sends to another node than the one
 * doing the work still finds it; without Redis the single process keeps them in memory. A job
 * lives for `ttlSeconds` after its last update, long enough to read the result after it ends.
 */

/** A job with the owner it belongs to: only the user who started it may read it. */
export type StoredImportJob = CustomerImportJob & { orgId: number; userId: number };

export type ImportJobStore = {
  save: (job: StoredImportJob) => Promise<void>;
  find: (jobId: string) => Promise<StoredImportJob | undefined>;
};

export const importJobTtlSeconds = 60 * 60;

export const createMemoryImportJobStore = (
  ttlSeconds = importJobTtlSeconds,
  now: () => number = Date.now,
): ImportJobStore => {
  const jobs = new Map<string, { job: StoredImportJob; expiresAt: number }>();
  const sweep = () => {
    const time = now();
    for (const [jobId, entry] of jobs) if (entry.expiresAt <= time) jobs.delete(jobId);
  };
  return {
    save: async (job) => {
      sweep();
      // A copy, so later changes by the running import reach readers only through save().
      jobs.set(job.jobId, { job: structuredClone(job), expiresAt: now() + ttlSeconds * 1000 });
    },
    find: async (jobId) => {
      const entry = jobs.get(jobId);
      if (!entry || entry.expiresAt <= now()) return undefined;
      return structuredClone(entry.job);
    },
  };
};

/** `prefix` is REDIS_PREFIX + `crm:import:`, so deployments sharing a Redis keep apart. */
export const createRedisImportJobStore = (
  redis: Redis,
  prefix: string,
  ttlSeconds = importJobTtlSeconds,
): ImportJobStore => ({
  save: async (job) => {
    await redis.set(prefix + job.jobId, JSON.stringify(job), 'EX', ttlSeconds);
  },
  find: async (jobId) => {
    const text = await redis.get(prefix + jobId);
    return text === null ? undefined : (JSON.parse(text) as StoredImportJob);
  },
});
