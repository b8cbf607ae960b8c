import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Agent tools (issue 5): generic categories, quick replies in three scopes, and tags on
 * conversations and visitors.
 *
 * Categories and quick replies carry an `owner_key` ('platform', 'org:<id>', 'user:<id>') beside
 * the nullable org/user columns: unique indexes treat NULLs as distinct on both databases, so the
 * key is what makes a name or a shortCut unique per owner, platform rows included.
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.generatedByDefaultAsIdentity().primaryKey()
      : column.autoIncrement().primaryKey();

  await db.schema
    .createTable('category')
    .addColumn('id', idType, id)
    .addColumn('cid', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('owner_key', 'text', (c) => c.notNull())
    // Null for platform rows, which belong to no organisation.
    .addColumn('org_id', idType, (c) => c.references('organization.id').onDelete('cascade'))
    .addColumn('user_id', idType, (c) => c.references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('category_owner_name_uq', ['type', 'owner_key', 'name'])
    .execute();

  await db.schema
    .createTable('quick_reply')
    .addColumn('id', idType, id)
    .addColumn('cid', 'text', (c) => c.notNull().unique())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('owner_key', 'text', (c) => c.notNull())
    .addColumn('org_id', idType, (c) => c.references('organization.id').onDelete('cascade'))
    .addColumn('user_id', idType, (c) => c.references('user.id').onDelete('cascade'))
    // Deleting a category keeps its replies, uncategorised.
    .addColumn('category_id', idType, (c) => c.references('category.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('short_cut', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('use_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quick_reply_owner_idx')
    .on('quick_reply')
    .columns(['owner_key', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('quick_reply_short_cut_uq')
    .unique()
    .on('quick_reply')
    .columns(['owner_key', 'short_cut'])
    .where(sql.ref('short_cut'), '<>', '')
    .execute();

  await db.schema
    .createTable('tag')
    .addColumn('id', idType, id)
    .addColumn('tgid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('tag_org_type_name_uq', ['org_id', 'type', 'name'])
    .execute();

  await db.schema
    .createTable('thread_tag')
    .addColumn('thread_id', idType, (c) => c.notNull().references('thread.id').onDelete('cascade'))
    .addColumn('tag_id', idType, (c) => c.notNull().references('tag.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('thread_tag_pk', ['thread_id', 'tag_id'])
    .execute();
  // The records filter goes from a tag to its conversations.
  await db.schema.createIndex('thread_tag_tag_idx').on('thread_tag').column('tag_id').execute();

  await db.schema
    .createTable('visitor_tag')
    .addColumn('visitor_id', idType, (c) => c.notNull().references('visitor.id').onDelete('cascade'))
    .addColumn('tag_id', idType, (c) => c.notNull().references('tag.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('visitor_tag_pk', ['visitor_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('visitor_tag_tag_idx').on('visitor_tag').column('tag_id').execute();
};
