import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Issue 17 (statistics): hourly rollups of the thread events. One row per organisation, UTC epoch
 * hour and dimension key, with additive counters, sums (ms) and fixed histogram buckets, so any range
 * and grouping is a sum and percentiles come from merged buckets. `dims` says which dimensions the
 * row keeps (bit 1 agent, 2 skill group, 4 channel; 0 = the organisation's total); the others are 0
 * or ''. Each event updates the five kinds of row (0, 1, 2, 4, 7), so a report reads the smallest
 * one that answers it, and the same five as daily rows (`dims` + 8, `hour` = the UTC day's first
 * hour) for reports that do not group by time. Keep the column list in sync with `statistic.columns.ts` (this migration is
 * frozen once released; new counters come in a new migration).
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const counter = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
  const counters = [
    'conv_new',
    'conv_reopened',
    'queued',
    'accepted',
    'missed',
    'abandoned',
    'transferred',
    'closed_agent',
    'closed_visitor',
    'closed_system',
    'msg_visitor',
    'msg_agent',
    'queue_count',
    'queue_sum',
    'queue_max',
    ...Array.from({ length: 16 }, (_, index) => `queue_h${index}`),
    'frt_count',
    'frt_sum',
    'frt_max',
    ...Array.from({ length: 16 }, (_, index) => `frt_h${index}`),
    'frt_bh_count',
    'frt_bh_sum',
    'handle_count',
    'handle_sum',
    'resolution_count',
    'resolution_sum',
    'resolution_bh_sum',
    'rated',
    'score_sum',
    'score_1',
    'score_2',
    'score_3',
    'score_4',
    'score_5',
  ];
  let table = db.schema
    .createTable('statistic_hourly')
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('dims', 'integer', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    // Row ids, not public ids; 0 = none / not kept. No foreign keys: a deleted agent keeps its history.
    .addColumn('agent_id', idType, (c) => c.notNull())
    .addColumn('workgroup_id', idType, (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull());
  for (const name of counters) table = table.addColumn(name, 'bigint', counter);
  await table
    .addPrimaryKeyConstraint('statistic_hourly_pk', [
      'org_id',
      'dims',
      'hour',
      'agent_id',
      'workgroup_id',
      'channel',
    ])
    .execute();
  // The drill-down and the distinct-visitor count read events of one kind in a time range.
  await db.schema
    .createIndex('thread_event_org_kind_at_idx')
    .on('thread_event')
    .columns(['org_id', 'kind', 'at'])
    .execute();
};
