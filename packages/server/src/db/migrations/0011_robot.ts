import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Issue 14 (robot, server core): FAQs with their categories, skill groups and related FAQs; the
 * matcher's word lists (synonyms, stopwords, transfer keywords) in one table by `kind`; quick
 * buttons per skill group; match settings per robot account; and a revision per organisation that
 * every change to what the matcher reads bumps, so each node knows when its cached index is stale.
 *
 * `*_key` columns hold the trimmed, NFKC-folded lower-case text: uniqueness per organisation
 * ignores case and full-/half-width differences on both databases alike.
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.generatedByDefaultAsIdentity().primaryKey()
      : column.autoIncrement().primaryKey();

  await db.schema
    .createTable('faq')
    .addColumn('id', idType, id)
    .addColumn('aid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('question_key', 'text', (c) => c.notNull())
    // JSON array of strings.
    .addColumn('similar_questions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('markdown', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('welcome', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recommend', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('query_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rate_helpful', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rate_useless', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON array of FAQ aids of the same organisation (dangling ones are dropped when read).
    .addColumn('related', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('faq_org_question_uq', ['org_id', 'question_key'])
    .execute();
  await db.schema.createIndex('faq_org_updated_idx').on('faq').columns(['org_id', 'updated_at']).execute();

  await db.schema
    .createTable('faq_category')
    .addColumn('faq_id', idType, (c) => c.notNull().references('faq.id').onDelete('cascade'))
    .addColumn('category_id', idType, (c) => c.notNull().references('category.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('faq_category_pk', ['faq_id', 'category_id'])
    .execute();
  await db.schema.createIndex('faq_category_category_idx').on('faq_category').column('category_id').execute();

  await db.schema
    .createTable('faq_workgroup')
    .addColumn('faq_id', idType, (c) => c.notNull().references('faq.id').onDelete('cascade'))
    .addColumn('workgroup_id', idType, (c) => c.notNull().references('workgroup.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('faq_workgroup_pk', ['faq_id', 'workgroup_id'])
    .execute();
  await db.schema
    .createIndex('faq_workgroup_workgroup_idx')
    .on('faq_workgroup')
    .column('workgroup_id')
    .execute();

  await db.schema
    .createTable('robot_word')
    .addColumn('id', idType, id)
    .addColumn('rwid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    // synonym, stopword or transfer.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('word_key', 'text', (c) => c.notNull())
    // Synonyms only: JSON array of strings.
    .addColumn('synonyms', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('robot_word_org_kind_word_uq', ['org_id', 'kind', 'word_key'])
    .execute();

  await db.schema
    .createTable('robot_quick_button')
    .addColumn('id', idType, id)
    .addColumn('qbid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('workgroup_id', idType, (c) => c.notNull().references('workgroup.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    // send, link or transfer.
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('robot_quick_button_group_idx')
    .on('robot_quick_button')
    .columns(['workgroup_id', 'sort'])
    .execute();

  // Thresholds as whole percentages: integers read back the same on both databases.
  await db.schema
    .createTable('robot_setting')
    .addColumn('user_id', idType, (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('not_found_tip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('threshold', 'integer', (c) => c.notNull())
    .addColumn('suggest_threshold', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('robot_revision')
    .addColumn('org_id', idType, (c) => c.primaryKey().references('organization.id').onDelete('cascade'))
    .addColumn('revision', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
};
