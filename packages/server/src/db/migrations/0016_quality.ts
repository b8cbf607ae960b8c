import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Issue 16 (quality inspection): schemes (weighted criteria and check items as JSON, one default
 * per organisation, skill groups pointing at an override), sampling rules, inspections (one per
 * conversation and care cycle: the queue and the results, with the automatic checks' facts, the
 * item scores and the appeal), comments anchored to messages and an append-only change log.
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const scoreType = dialect === 'postgres' ? 'double precision' : 'real';
  const id = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.generatedByDefaultAsIdentity().primaryKey()
      : column.autoIncrement().primaryKey();
  const org = (c: ColumnDefinitionBuilder) => c.notNull().references('organization.id').onDelete('cascade');
  const user = (c: ColumnDefinitionBuilder) => c.references('user.id').onDelete('set null');

  await db.schema
    .createTable('quality_scheme')
    .addColumn('id', idType, id)
    .addColumn('qsid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, org)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pass_mark', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON: QualityCriterion[] (contract/quality.ts).
    .addColumn('criteria', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quality_scheme_org_idx').on('quality_scheme').column('org_id').execute();

  // A skill group uses at most one override scheme.
  await db.schema
    .createTable('quality_scheme_workgroup')
    .addColumn('workgroup_id', idType, (c) => c.primaryKey().references('workgroup.id').onDelete('cascade'))
    .addColumn('org_id', idType, org)
    .addColumn('scheme_id', idType, (c) => c.notNull().references('quality_scheme.id').onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('quality_rule')
    .addColumn('id', idType, id)
    .addColumn('qrid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, org)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('threshold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('quality_rule_org_kind_uq', ['org_id', 'kind'])
    .execute();

  await db.schema
    .createTable('quality_inspection')
    .addColumn('id', idType, id)
    .addColumn('qid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, org)
    .addColumn('thread_id', idType, (c) => c.notNull().references('thread.id').onDelete('cascade'))
    .addColumn('cycle', 'integer', (c) => c.notNull())
    .addColumn('agent_id', idType, user)
    .addColumn('workgroup_id', idType, (c) => c.references('workgroup.id').onDelete('set null'))
    .addColumn('scheme_id', idType, (c) => c.notNull().references('quality_scheme.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // JSON: QualityFacts and QualityItemScore[].
    .addColumn('facts', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('items', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('score', scoreType)
    .addColumn('passed', 'integer')
    .addColumn('fatal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('checker_id', idType, user)
    .addColumn('scored_at', 'bigint')
    .addColumn('appeal_reason', 'text')
    .addColumn('appeal_reply', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('appealed_at', 'bigint')
    .addColumn('decided_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('quality_inspection_thread_cycle_uq', ['thread_id', 'cycle'])
    .execute();
  await db.schema
    .createIndex('quality_inspection_org_closed_idx')
    .on('quality_inspection')
    .columns(['org_id', 'closed_at'])
    .execute();
  await db.schema
    .createIndex('quality_inspection_org_agent_idx')
    .on('quality_inspection')
    .columns(['org_id', 'agent_id'])
    .execute();

  await db.schema
    .createTable('quality_comment')
    .addColumn('id', idType, id)
    .addColumn('qcid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, org)
    .addColumn('inspection_id', idType, (c) =>
      c.notNull().references('quality_inspection.id').onDelete('cascade'),
    )
    .addColumn('message_id', idType, (c) => c.references('message.id').onDelete('set null'))
    .addColumn('author_id', idType, user)
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quality_comment_inspection_idx')
    .on('quality_comment')
    .column('inspection_id')
    .execute();

  await db.schema
    .createTable('quality_log')
    .addColumn('id', idType, id)
    .addColumn('org_id', idType, org)
    .addColumn('inspection_id', idType, (c) =>
      c.notNull().references('quality_inspection.id').onDelete('cascade'),
    )
    .addColumn('actor_id', idType, user)
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quality_log_inspection_idx')
    .on('quality_log')
    .column('inspection_id')
    .execute();
};
