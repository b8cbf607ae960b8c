import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { createPublicId } from '../../lib/ids.js';
import type { DialectName } from '../database.js';

/**
 * Issue 19, channels: accounts connected per organisation (credentials sealed), the platform's
 * users each mapped to a visitor, the platform message ids already taken in (redeliveries are
 * dropped), access tokens shared by every node, and the background job table (DESIGN §8) that
 * delivers agents' replies with retries. A message remembers how its delivery went; a thread
 * until when the platform lets agents answer.
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.generatedByDefaultAsIdentity().primaryKey()
      : column.autoIncrement().primaryKey();

  await db.schema
    .createTable('job')
    .addColumn('id', idType, id)
    .addColumn('org_id', idType, (c) => c.references('organization.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    /** Jobs with the same key that are due together run one after another, oldest first (one user's replies). */
    .addColumn('serial_key', 'text')
    /** A second job with the same key is not queued while the first exists. */
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    /** queued, running, failed (a done job is deleted). */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    /** A running job whose node died is taken again after this. */
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_due_idx').on('job').columns(['status', 'run_at']).execute();

  await db.schema
    .createTable('channel_account')
    .addColumn('id', idType, id)
    .addColumn('caid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('workgroup_id', idType, (c) => c.references('workgroup.id').onDelete('set null'))
    /** The form's non-secret values, JSON. */
    .addColumn('settings', 'text', (c) => c.notNull())
    /** The secret values, JSON sealed with lib/sealed.ts ('' when none). */
    .addColumn('secrets_sealed', 'text', (c) => c.notNull())
    /** The last path segment of the webhook address: finds the account, proves nothing (signatures do). */
    .addColumn('webhook_key', 'text', (c) => c.notNull().unique())
    /** SDK channels' key for /visitor/api/init. */
    .addColumn('app_key', 'text', (c) => c.unique())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    /** What the adapter keeps between calls (a pull cursor). */
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_inbound_at', 'bigint')
    .addColumn('last_outbound_at', 'bigint')
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_error_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('channel_account_org_type_idx')
    .on('channel_account')
    .columns(['org_id', 'type'])
    .execute();

  await db.schema
    .createTable('channel_token')
    .addColumn('account_id', idType, (c) => c.notNull().references('channel_account.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value_sealed', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_token_pk', ['account_id', 'name'])
    .execute();

  await db.schema
    .createTable('channel_user')
    .addColumn('id', idType, id)
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('account_id', idType, (c) => c.notNull().references('channel_account.id').onDelete('cascade'))
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('visitor_id', idType, (c) => c.notNull().references('visitor.id').onDelete('cascade'))
    /** What replies need besides the user id (adapter `context`), JSON. */
    .addColumn('context', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('last_inbound_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('channel_user_external_uq', ['account_id', 'external_id'])
    .execute();
  await db.schema.createIndex('channel_user_visitor_idx').on('channel_user').column('visitor_id').execute();

  await db.schema
    .createTable('channel_inbound')
    .addColumn('account_id', idType, (c) => c.notNull().references('channel_account.id').onDelete('cascade'))
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_inbound_pk', ['account_id', 'external_id'])
    .execute();
  await db.schema
    .createIndex('channel_inbound_received_idx')
    .on('channel_inbound')
    .column('received_at')
    .execute();

  /** pending, sent, failed; '' for messages that go nowhere (the widget reads them itself). */
  await db.schema
    .alterTable('message')
    .addColumn('delivery', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('message')
    .addColumn('delivery_error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  /** Until when the visitor's platform lets agents write (WeChat: 48 h after its last message). */
  await db.schema.alterTable('thread').addColumn('reply_until', 'bigint').execute();

  // An existing installation gets the new channel pages (a fresh one is seeded with them), with the
  // permissions its roles hold on the section's first page.
  const now = Date.now();
  const pages = [
    ['whatsapp', 'WhatsApp', 'WhatsApp', 'WhatsAppOutlined', 160],
    ['facebook', 'Messenger', 'Messenger', 'FacebookOutlined', 170],
    ['line', 'LINE', 'LINE', 'MessageOutlined', 180],
    ['email', '邮件', 'Email', 'MailOutlined', 190],
  ] as const;
  for (const [key, title, titleEn, icon, order] of pages) {
    const name = `channel.${key}`;
    await sql`
      insert into menu (mid, platform, name, parent_id, title, title_en, icon, sort_order, path, show,
        hide_children, component, redirect, type, authorities, debug_only, admin_only, created_at, updated_at)
      select ${createPublicId()}, 'kefu', ${name}, s.id, ${title}, ${titleEn}, ${icon}, ${order},
        ${`/stable/channel/${key}`}, 1, 0, ${`channel/${key}`}, '', 'item', s.authorities, 0, 0, ${now}, ${now}
      from menu s
      where s.name = 'channel' and s.platform = 'kefu' and not exists (select 1 from menu m where m.name = ${name})
    `.execute(db);
    await sql`
      insert into role_permission (role_id, permission_id, action_list)
      select p.role_id, cast(${name} as text), p.action_list from role_permission p
      where p.permission_id = 'channel.app'
        and exists (select 1 from menu m where m.name = ${name})
        and not exists (select 1 from role_permission q where q.role_id = p.role_id and q.permission_id = ${name})
    `.execute(db);
  }
};
