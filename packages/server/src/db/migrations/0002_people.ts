import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * People and groups (issue 3): the agent fields of spec §3 on `user`, per-user settings, the
 * balance ledger, skill groups and their members, uploads, and the core of `thread` (live chat
 * extends it) so that deleting an agent can be refused while it has open conversations.
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.generatedByDefaultAsIdentity().primaryKey()
      : column.autoIncrement().primaryKey();

  const userText: [string, string][] = [
    ['welcome_tip', ''],
    ['offline_tip', ''],
    ['top_tip', ''],
    ['webhook', ''],
    ['webhook_leave_message', ''],
    ['status', 'offline'],
    ['auto_reply_type', 'none'],
    ['auto_reply_content', ''],
  ];
  for (const [name, value] of userText)
    await db.schema
      .alterTable('user')
      .addColumn(name, 'text', (c) => c.notNull().defaultTo(value))
      .execute();
  const userInt: [string, number][] = [
    ['auto_pop', 0],
    ['show_top_tip', 0],
    ['show_form', 0],
    ['show_collect_mobile', 0],
    ['robot_collect_mobile', 0],
    ['hide_logo', 0],
    ['max_thread_count', 10],
    ['auto_close_minutes', 30],
  ];
  for (const [name, value] of userInt)
    await db.schema
      .alterTable('user')
      .addColumn(name, 'integer', (c) => c.notNull().defaultTo(value))
      .execute();
  // Robots only: the spec's robot types (before, saling, after, zhipuai_*).
  await db.schema.alterTable('user').addColumn('robot_type', 'text').execute();
  await db.schema.alterTable('user').addColumn('last_login_at', 'bigint').execute();
  await db.schema.alterTable('user').addColumn('last_login_client', 'text').execute();

  await db.schema
    .createTable('user_setting')
    .addColumn('user_id', idType, (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('preview', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('connected', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disconnected', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('history_messages', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('wechat_pay', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('alipay', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // Every change of an account's balance or validity, with who made it and why.
  await db.schema
    .createTable('balance_log')
    .addColumn('id', idType, id)
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('user_id', idType, (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('operator_id', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_after_cents', 'bigint', (c) => c.notNull())
    .addColumn('validate_until_date', 'text')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('balance_log_user_id_idx').on('balance_log').column('user_id').execute();

  let workgroup = db.schema
    .createTable('workgroup')
    .addColumn('id', idType, id)
    .addColumn('wid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('restrict'))
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('route_type', 'text', (c) => c.notNull().defaultTo('robin'))
    .addColumn('leave_message_type', 'text', (c) => c.notNull().defaultTo('default'))
    // JSON: { timezone, entries: [{ weekday, start, end }] }; '' means always open.
    .addColumn('work_times', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('robot_id', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('admin_id', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('on_duty_workgroup_id', idType, (c) => c.references('workgroup.id').onDelete('set null'));
  const workgroupText = [
    'avatar',
    'slogan',
    'description',
    'welcome_tip',
    'accept_tip',
    're_request_tip',
    'robot_tip',
    'offline_tip',
    'close_tip',
    'auto_close_tip',
    'top_tip',
    'non_working_time_tip',
    'max_queue_count_exceed_tip',
    'max_queue_second_exceed_tip',
    'robot_answer_not_found_tip',
    'webhook',
    'webhook_leave_message',
  ];
  for (const name of workgroupText)
    workgroup = workgroup.addColumn(name, 'text', (c) => c.notNull().defaultTo(''));
  const workgroupInt: [string, number][] = [
    ['default_robot', 0],
    ['offline_robot', 0],
    ['force_rate', 0],
    ['auto_pop', 0],
    ['recent', 0],
    ['show_robot_faq', 0],
    ['show_top_tip', 0],
    ['show_form', 0],
    ['show_collect_mobile', 0],
    ['robot_collect_mobile', 0],
    ['hide_logo', 0],
    ['show_robot_faq_not_found', 0],
    ['show_right_column', 1],
    ['auto_close_minutes', 30],
    ['max_queue_count', 100],
    ['max_queue_seconds', 600],
  ];
  for (const [name, value] of workgroupInt)
    workgroup = workgroup.addColumn(name, 'integer', (c) => c.notNull().defaultTo(value));
  await workgroup
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('workgroup_org_id_idx').on('workgroup').column('org_id').execute();

  await db.schema
    .createTable('workgroup_member')
    .addColumn('workgroup_id', idType, (c) => c.notNull().references('workgroup.id').onDelete('cascade'))
    .addColumn('user_id', idType, (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('workgroup_member_pk', ['workgroup_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('workgroup_member_user_id_idx')
    .on('workgroup_member')
    .column('user_id')
    .execute();

  // Live chat (issue 4) adds the visitor, messages and routing columns.
  await db.schema
    .createTable('thread')
    .addColumn('id', idType, id)
    .addColumn('tid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('restrict'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('workgroup_id', idType, (c) => c.references('workgroup.id').onDelete('set null'))
    .addColumn('agent_id', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('closed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('thread_org_status_idx').on('thread').columns(['org_id', 'status']).execute();
  await db.schema.createIndex('thread_agent_id_idx').on('thread').column('agent_id').execute();

  await db.schema
    .createTable('attachment')
    .addColumn('id', idType, id)
    .addColumn('aid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('restrict'))
    .addColumn('user_id', idType, (c) => c.references('user.id').onDelete('set null'))
    // avatar, image, file, p12, excel, attachment
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    // Key in the storage backend (e.g. a relative path on local disk).
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('thumb_key', 'text')
    .addColumn('suffix', 'text', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attachment_org_created_idx')
    .on('attachment')
    .columns(['org_id', 'created_at'])
    .execute();
};
