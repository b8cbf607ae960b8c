import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Live chat (issue 4): visitors, the rest of `thread`, messages with a per-thread seq, the
 * append-only thread events for statistics, transfers and invitations, ratings, leave messages
 * and summaries.
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
    .createTable('visitor')
    .addColumn('id', idType, id)
    .addColumn('vid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, orgRef)
    // SHA-256 of the visitor's bearer token; the token itself lives only in the visitor's browser.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('client', 'text', (c) => c.notNull().defaultTo('web'))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('page', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('referrer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('visit_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('first_visit_at', 'bigint', (c) => c.notNull())
    .addColumn('last_visit_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('visitor_org_idx').on('visitor').columns(['org_id', 'last_visit_at']).execute();

  const threadColumns: [string, 'text' | 'integer' | 'bigint', string | number | null][] = [
    ['client', 'text', 'web'],
    ['content', 'text', ''],
    ['close_type', 'text', null],
    ['seq', 'integer', 0],
    ['cycle', 'integer', 1],
    ['rated', 'integer', 0],
    ['visitor_read_seq', 'integer', 0],
    ['agent_read_seq', 'integer', 0],
    ['queued_at', 'bigint', null],
    ['started_at', 'bigint', null],
    ['first_response_at', 'bigint', null],
    ['last_message_at', 'bigint', null],
    ['last_visitor_message_at', 'bigint', null],
  ];
  for (const [name, type, value] of threadColumns)
    await db.schema
      .alterTable('thread')
      .addColumn(name, type, (c) => (value === null ? c : c.notNull().defaultTo(value)))
      .execute();
  await db.schema
    .alterTable('thread')
    .addColumn('visitor_id', idType, (c) => c.references('visitor.id').onDelete('cascade'))
    .execute();
  // The agent a visitor asked for by name (appointed thread); routing never picks anyone else.
  await db.schema
    .alterTable('thread')
    .addColumn('appointed_agent_id', idType, (c) => c.references('user.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('thread_visitor_idx').on('thread').columns(['visitor_id', 'status']).execute();
  await db.schema
    .createIndex('thread_queue_idx')
    .on('thread')
    .columns(['org_id', 'workgroup_id', 'status', 'queued_at'])
    .execute();
  await db.schema
    .createIndex('thread_org_created_idx')
    .on('thread')
    .columns(['org_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('message')
    .addColumn('id', idType, id)
    .addColumn('mid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, orgRef)
    .addColumn('thread_id', idType, (c) => c.notNull().references('thread.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('thumb_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull().defaultTo('web'))
    .addColumn('local_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sender_kind', 'text', (c) => c.notNull())
    .addColumn('sender_user_id', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('sender_visitor_id', idType, (c) => c.references('visitor.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('message_thread_seq_uq', ['thread_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('message_org_created_idx')
    .on('message')
    .columns(['org_id', 'created_at'])
    .execute();
  // A client's resend after a lost ack hits this index instead of storing the message twice.
  await db.schema
    .createIndex('message_local_id_uq')
    .unique()
    .on('message')
    .columns(['thread_id', 'sender_kind', 'local_id'])
    .where(sql.ref('local_id'), '<>', '')
    .execute();

  await db.schema
    .createTable('thread_event')
    .addColumn('id', idType, id)
    .addColumn('org_id', idType, orgRef)
    .addColumn('thread_id', idType, (c) => c.notNull().references('thread.id').onDelete('cascade'))
    .addColumn('cycle', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('agent_id', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('workgroup_id', idType, (c) => c.references('workgroup.id').onDelete('set null'))
    // Small JSON object: close type, score, transfer target…
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('thread_event_org_at_idx')
    .on('thread_event')
    .columns(['org_id', 'at'])
    .execute();
  await db.schema.createIndex('thread_event_thread_idx').on('thread_event').column('thread_id').execute();

  // Transfers and invitations both wait for the target agent's answer.
  await db.schema
    .createTable('thread_offer')
    .addColumn('id', idType, id)
    .addColumn('oid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, orgRef)
    .addColumn('thread_id', idType, (c) => c.notNull().references('thread.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_user_id', idType, (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('to_user_id', idType, (c) => c.references('user.id').onDelete('cascade'))
    .addColumn('to_workgroup_id', idType, (c) => c.references('workgroup.id').onDelete('cascade'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('responded_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('thread_offer_to_idx')
    .on('thread_offer')
    .columns(['to_user_id', 'status'])
    .execute();

  // Colleagues invited into a thread; they receive its messages and may write.
  await db.schema
    .createTable('thread_member')
    .addColumn('thread_id', idType, (c) => c.notNull().references('thread.id').onDelete('cascade'))
    .addColumn('user_id', idType, (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('thread_member_pk', ['thread_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('rate')
    .addColumn('id', idType, id)
    .addColumn('rid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, orgRef)
    .addColumn('thread_id', idType, (c) => c.notNull().references('thread.id').onDelete('cascade'))
    .addColumn('cycle', 'integer', (c) => c.notNull())
    .addColumn('visitor_id', idType, (c) => c.notNull().references('visitor.id').onDelete('cascade'))
    .addColumn('agent_id', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('invite', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('auto', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('client', 'text', (c) => c.notNull().defaultTo('web'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('rate_thread_cycle_uq', ['thread_id', 'cycle'])
    .execute();
  await db.schema.createIndex('rate_org_created_idx').on('rate').columns(['org_id', 'created_at']).execute();

  await db.schema
    .createTable('leave_message')
    .addColumn('id', idType, id)
    .addColumn('lid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, orgRef)
    .addColumn('visitor_id', idType, (c) => c.notNull().references('visitor.id').onDelete('cascade'))
    .addColumn('workgroup_id', idType, (c) => c.references('workgroup.id').onDelete('set null'))
    .addColumn('agent_id', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('unread'))
    .addColumn('reply', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('replied_at', 'bigint')
    .addColumn('replied_by', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('emailed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('leave_message_org_idx')
    .on('leave_message')
    .columns(['org_id', 'status', 'created_at'])
    .execute();

  await db.schema
    .createTable('thread_summary')
    .addColumn('id', idType, id)
    .addColumn('sid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, orgRef)
    .addColumn('thread_id', idType, (c) => c.notNull().references('thread.id').onDelete('cascade'))
    .addColumn('agent_id', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('thread_summary_org_idx')
    .on('thread_summary')
    .columns(['org_id', 'created_at'])
    .execute();
};
