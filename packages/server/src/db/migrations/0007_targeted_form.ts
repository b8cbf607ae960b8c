import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Agent tools (issue 5): proactive invitation rules with their counters, pre-chat forms (the
 * organisation's default and per skill group) and the answers a visitor gave before a conversation.
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.generatedByDefaultAsIdentity().primaryKey()
      : column.autoIncrement().primaryKey();
  const orgRef = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('organization.id').onDelete('cascade');

  await db.schema
    .createTable('targeted')
    .addColumn('id', idType, id)
    .addColumn('tgid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, orgRef)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('match_type', 'text', (c) => c.notNull())
    .addColumn('pattern', 'text', (c) => c.notNull())
    .addColumn('min_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_visits', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('workgroup_id', idType, (c) => c.notNull().references('workgroup.id').onDelete('cascade'))
    .addColumn('shown_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('accepted_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('declined_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('targeted_org_idx').on('targeted').columns(['org_id', 'created_at']).execute();

  await db.schema
    .createTable('chat_form')
    .addColumn('id', idType, id)
    .addColumn('fid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, orgRef)
    // null: the organisation's default form. One form per (org, group) is kept by the service.
    .addColumn('workgroup_id', idType, (c) => c.references('workgroup.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    // JSON array of FormField (contract form.ts).
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_form_org_idx')
    .on('chat_form')
    .columns(['org_id', 'workgroup_id'])
    .execute();

  await db.schema
    .createTable('form_answer')
    .addColumn('id', idType, id)
    .addColumn('org_id', idType, orgRef)
    .addColumn('thread_id', idType, (c) => c.notNull().references('thread.id').onDelete('cascade'))
    .addColumn('visitor_id', idType, (c) => c.notNull().references('visitor.id').onDelete('cascade'))
    .addColumn('cycle', 'integer', (c) => c.notNull())
    // JSON array of FormAnswer, labels as the form had them when the visitor answered.
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('form_answer_thread_idx')
    .on('form_answer')
    .columns(['thread_id', 'id'])
    .execute();
};
