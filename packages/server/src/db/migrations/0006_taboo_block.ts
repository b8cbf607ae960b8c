import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Agent tools (issue 5): sensitive words with their per-organisation mode and the hits they
 * caught, and the blacklist of visitors and IP addresses.
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
    .createTable('taboo')
    .addColumn('id', idType, id)
    .addColumn('tbid', 'text', (c) => c.notNull().unique())
    // Null: a platform word, applied to every organisation.
    .addColumn('org_id', idType, (c) => c.references('organization.id').onDelete('cascade'))
    .addColumn('standard', 'text', (c) => c.notNull())
    // Lower-cased standard word: duplicates are refused per organisation (and per platform).
    .addColumn('standard_key', 'text', (c) => c.notNull())
    // JSON array of strings.
    .addColumn('synonyms', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('taboo_org_key_idx').on('taboo').columns(['org_id', 'standard_key']).execute();

  // One row per organisation that changed the default (mask).
  await db.schema
    .createTable('taboo_setting')
    .addColumn('org_id', idType, (c) => c.primaryKey().references('organization.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('updated_by', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('taboo_hit')
    .addColumn('id', idType, id)
    .addColumn('hid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, orgRef)
    .addColumn('thread_id', idType, (c) => c.notNull().references('thread.id').onDelete('cascade'))
    // The word may be deleted later; the hit keeps what matched.
    .addColumn('taboo_id', idType, (c) => c.references('taboo.id').onDelete('set null'))
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('standard', 'text', (c) => c.notNull())
    // mask or block: what happened to the message.
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('sender_kind', 'text', (c) => c.notNull())
    .addColumn('sender_user_id', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('sender_visitor_id', idType, (c) => c.references('visitor.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('taboo_hit_org_created_idx')
    .on('taboo_hit')
    .columns(['org_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('block')
    .addColumn('id', idType, id)
    .addColumn('bid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, orgRef)
    // visitor or ip
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('visitor_id', idType, (c) => c.references('visitor.id').onDelete('cascade'))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('operator_id', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    // Null: until unblocked.
    .addColumn('end_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_by', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('block_org_visitor_idx')
    .on('block')
    .columns(['org_id', 'visitor_id'])
    .execute();
  await db.schema.createIndex('block_org_ip_idx').on('block').columns(['org_id', 'ip']).execute();
  await db.schema
    .createIndex('block_org_created_idx')
    .on('block')
    .columns(['org_id', 'created_at'])
    .execute();
};
