import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Issue 20, platform administration: the platform's synonym library every organisation's robot
 * reads under its own, a revision counter per platform-wide list (nodes notice another node's
 * change with one primary-key read), the default skill-group tips per language, notices from
 * platform staff to organisations with who read them, and the platform's own channel apps
 * (secrets sealed).
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.generatedByDefaultAsIdentity().primaryKey()
      : column.autoIncrement().primaryKey();

  await db.schema
    .createTable('platform_revision')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('revision', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('platform_synonym')
    .addColumn('id', idType, id)
    .addColumn('psid', 'text', (c) => c.notNull().unique())
    .addColumn('standard', 'text', (c) => c.notNull())
    /** The standard word folded (NFKC, trimmed, lower case): one entry per standard word. */
    .addColumn('standard_key', 'text', (c) => c.notNull().unique())
    /** JSON array of strings. */
    .addColumn('synonyms', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('platform_greeting')
    /** en-US or zh-CN. */
    .addColumn('language', 'text', (c) => c.primaryKey())
    /** JSON object: workgroup tip field → text. */
    .addColumn('tips', 'text', (c) => c.notNull())
    .addColumn('updated_by', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('platform_notice')
    .addColumn('id', idType, id)
    .addColumn('nid', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    /** Sanitised HTML. */
    .addColumn('content', 'text', (c) => c.notNull())
    /** info or warning. */
    .addColumn('level', 'text', (c) => c.notNull())
    /** all (every organisation, present and future) or orgs (platform_notice_org). */
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('author_id', idType, (c) => c.references('user.id').onDelete('set null'))
    /** Console users of the audience when it was sent (the denominator of "read by"). */
    .addColumn('recipient_count', 'integer', (c) => c.notNull().defaultTo(0))
    /** 1: also emailed to each organisation's administrators. */
    .addColumn('send_email', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('withdrawn_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('platform_notice_created_idx')
    .on('platform_notice')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('platform_notice_org')
    .addColumn('notice_id', idType, (c) => c.notNull().references('platform_notice.id').onDelete('cascade'))
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('platform_notice_org_pk', ['notice_id', 'org_id'])
    .execute();
  await db.schema
    .createIndex('platform_notice_org_org_idx')
    .on('platform_notice_org')
    .column('org_id')
    .execute();

  await db.schema
    .createTable('platform_notice_read')
    .addColumn('notice_id', idType, (c) => c.notNull().references('platform_notice.id').onDelete('cascade'))
    .addColumn('user_id', idType, (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('platform_notice_read_pk', ['notice_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('platform_notice_read_user_idx')
    .on('platform_notice_read')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('platform_channel_app')
    /** wechat_open, feishu, shopee, lazada. */
    .addColumn('type', 'text', (c) => c.primaryKey())
    /** The non-secret values, JSON. */
    .addColumn('settings', 'text', (c) => c.notNull())
    /** The secret values, JSON sealed with lib/sealed.ts ('' when none). */
    .addColumn('secrets_sealed', 'text', (c) => c.notNull())
    .addColumn('updated_by', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
};
