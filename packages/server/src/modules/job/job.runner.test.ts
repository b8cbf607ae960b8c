import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import { describeEachDatabase, type TestDatabase } from '../../test/databases.js';
import { backoffMs, createJobRunner } from './job.runner.js';

/* The background job table (DESIGN §8): retries with back-off, giving up, leases, order, two nodes. */

const silent = { error: () => undefined };

class Refusal extends Error {
  readonly isRetryable = false;
}

await describeEachDatabase('job runner', (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
    await migrateToLatest(database);
  });
  afterAll(async () => database?.dispose());

  const runnerAt = (clock: { now: number }, db = database.db) =>
    createJobRunner({ db, dialect: database.dialect, logger: silent, now: () => clock.now });

  const jobCount = async (kind: string) =>
    (await database.db.selectFrom('job').select('status').where('kind', '=', kind).execute()).map(
      (row) => row.status,
    );

  it('retries a failing job after its back-off, then finishes it and deletes it', async () => {
    const clock = { now: 1_000_000 };
    const runner = runnerAt(clock);
    const attempts: number[] = [];
    const retries: number[] = [];
    runner.register('flaky', {
      maxAttempts: 4,
      run: async (_payload, job) => {
        attempts.push(job.attempt);
        if (job.attempt < 3) throw new Error('503 from the platform');
      },
      onRetry: async (_payload, _error, nextAt) => {
        retries.push(nextAt);
      },
    });
    await runner.enqueue({ kind: 'flaky', orgId: null, payload: {} });
    expect(await runner.runDue()).toBe(1);
    // Not due again before its back-off.
    clock.now += backoffMs(1) - 1;
    expect(await runner.runDue()).toBe(0);
    clock.now += 1;
    expect(await runner.runDue()).toBe(1);
    clock.now += backoffMs(2);
    expect(await runner.runDue()).toBe(1);
    expect(attempts).toEqual([1, 2, 3]);
    expect(retries).toEqual([1_000_000 + backoffMs(1), 1_000_000 + backoffMs(1) + backoffMs(2)]);
    expect(await jobCount('flaky')).toEqual([]);
  });

  it('gives up after the last attempt, or at once on a refusal, and says so once', async () => {
    const clock = { now: 2_000_000 };
    const runner = runnerAt(clock);
    const givenUp: string[] = [];
    runner.register('doomed', {
      maxAttempts: 3,
      run: async (payload) => {
        throw (payload as { refuse: boolean }).refuse ? new Refusal('window closed') : new Error('timeout');
      },
      onGiveUp: async (payload, error) => {
        givenUp.push(`${(payload as { name: string }).name}: ${(error as Error).message}`);
      },
    });
    await runner.enqueue({ kind: 'doomed', orgId: null, payload: { name: 'retried', refuse: false } });
    await runner.enqueue({ kind: 'doomed', orgId: null, payload: { name: 'refused', refuse: true } });
    for (let pass = 0; pass < 5; pass += 1) {
      await runner.runDue();
      clock.now += 3600_000;
    }
    expect(givenUp.sort()).toEqual(['refused: window closed', 'retried: timeout']);
    const rows = await database.db
      .selectFrom('job')
      .select(['status', 'attempts', 'last_error'])
      .where('kind', '=', 'doomed')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.status, Number(row.attempts), row.last_error])).toEqual([
      ['failed', 3, 'timeout'],
      ['failed', 1, 'window closed'],
    ]);
  });

  it('queues a job with a dedupe key once', async () => {
    const runner = runnerAt({ now: 3_000_000 });
    runner.register('once', { maxAttempts: 1, run: async () => undefined });
    expect(await runner.enqueue({ kind: 'once', orgId: null, payload: {}, dedupeKey: 'once:1' })).toBe(true);
    expect(await runner.enqueue({ kind: 'once', orgId: null, payload: {}, dedupeKey: 'once:1' })).toBe(false);
    expect(await jobCount('once')).toEqual(['queued']);
    await runner.runDue();
    expect(await jobCount('once')).toEqual([]);
  });

  it('takes again a job whose node died while running it, once its lease has passed', async () => {
    const clock = { now: 4_000_000 };
    const runner = runnerAt(clock);
    const seen: number[] = [];
    runner.register('orphan', { maxAttempts: 5, run: async (_payload, job) => void seen.push(job.attempt) });
    await runner.enqueue({ kind: 'orphan', orgId: null, payload: {} });
    // A node claimed it and died: running, leased for five minutes.
    await database.db
      .updateTable('job')
      .set({ status: 'running', attempts: 1, locked_until: clock.now + 300_000 })
      .where('kind', '=', 'orphan')
      .execute();
    expect(await runner.runDue()).toBe(0);
    clock.now += 300_001;
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([2]);
  });

  it('runs jobs of one serial key in order, others side by side', async () => {
    const runner = runnerAt({ now: 5_000_000 });
    const log: string[] = [];
    runner.register('ordered', {
      maxAttempts: 1,
      run: async (payload) => {
        const { key, step, delay } = payload as { key: string; step: number; delay: number };
        log.push(`${key}${step}+`);
        await new Promise((resolve) => setTimeout(resolve, delay));
        log.push(`${key}${step}-`);
      },
    });
    await runner.enqueue({
      kind: 'ordered',
      orgId: null,
      payload: { key: 'a', step: 1, delay: 30 },
      serialKey: 'a',
    });
    await runner.enqueue({
      kind: 'ordered',
      orgId: null,
      payload: { key: 'b', step: 1, delay: 5 },
      serialKey: 'b',
    });
    await runner.enqueue({
      kind: 'ordered',
      orgId: null,
      payload: { key: 'a', step: 2, delay: 1 },
      serialKey: 'a',
    });
    await runner.runDue();
    // a2 starts only after a1 ended; b1 ran meanwhile.
    expect(log.indexOf('a2+')).toBeGreaterThan(log.indexOf('a1-'));
    expect(log.indexOf('b1-')).toBeLessThan(log.indexOf('a1-'));
  });

  it('lets two nodes work the same table without running a job twice', async () => {
    const clock = { now: 6_000_000 };
    // The second node has its own connection, as another server process would.
    const another = database.openAnother();
    const first = runnerAt(clock);
    const second = runnerAt(clock, another.db);
    const runs = new Map<number, number>();
    const handler = {
      maxAttempts: 1,
      run: async (payload: unknown) => {
        const { n } = payload as { n: number };
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 1));
      },
    };
    first.register('shared', handler);
    second.register('shared', handler);
    for (let n = 0; n < 60; n += 1) await first.enqueue({ kind: 'shared', orgId: null, payload: { n } });
    const [a, b] = await Promise.all([first.runDue(), second.runDue()]);
    expect(a + b).toBe(60);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(runs.size).toBe(60);
    await another.close();
  });

  describe('refusing what it cannot run', () => {
    it('refuses to queue a kind nobody handles', async () => {
      const runner = runnerAt({ now: 7_000_000 });
      await expect(runner.enqueue({ kind: 'unknown', orgId: null, payload: {} })).rejects.toThrow(
        /no handler/,
      );
    });
  });
});
