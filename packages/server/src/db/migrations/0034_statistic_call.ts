import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Issue 21: voice and video calls in the statistics. Counters of the hourly rollup (0019), filled
 * when a call ends, in the hour it started: calls, by media, answered, not answered by reason, and
 * the talk time of answered calls. Keep in sync with `statistic.columns.ts` (`callCounters`). Calls
 * that ended before this migration are counted by `stats:rebuild`.
 */
export const up = async (db: Kysely<unknown>, _dialect: DialectName): Promise<void> => {
  const counters = [
    'call_started',
    'call_audio',
    'call_video',
    'call_answered',
    'call_timeout',
    'call_rejected',
    'call_busy',
    'call_cancelled',
    'call_talk_sum',
  ];
  // One column per statement: SQLite adds a single column per ALTER TABLE.
  for (const name of counters)
    await db.schema
      .alterTable('statistic_hourly')
      .addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
};
