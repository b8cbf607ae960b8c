import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Knowledge base (issue 13): articles of every type with versions, categories as trees, votes,
 * daily figures, the search log, help-centre settings, which attachments an article uses, and the
 * article search index (title and body tokens from the search module, title ranked over body).
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.generatedByDefaultAsIdentity().primaryKey()
      : column.autoIncrement().primaryKey();

  await db.schema
    .alterTable('category')
    .addColumn('parent_id', idType, (c) => c.references('category.id').onDelete('cascade'))
    .execute();
  await db.schema
    .alterTable('category')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('article')
    .addColumn('id', idType, id)
    .addColumn('aid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('markdown', 'text', (c) => c.notNull().defaultTo(''))
    // JSON array of strings.
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]'))
    // draft, scheduled or published; a scheduled article is live once publish_at has passed.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('publish_at', 'bigint')
    .addColumn('published_at', 'bigint')
    .addColumn('recommend', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rate_helpful', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rate_useless', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('author_id', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    // JSON: the tiku question or the zhaobiao tender, else null.
    .addColumn('extra', 'text')
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('article_list_idx')
    .on('article')
    .columns(['org_id', 'type', 'top', 'updated_at'])
    .execute();

  await db.schema
    .createTable('article_category')
    .addColumn('article_id', idType, (c) => c.notNull().references('article.id').onDelete('cascade'))
    .addColumn('category_id', idType, (c) => c.notNull().references('category.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('article_category_pk', ['article_id', 'category_id'])
    .execute();
  await db.schema
    .createIndex('article_category_category_idx')
    .on('article_category')
    .column('category_id')
    .execute();

  await db.schema
    .createTable('article_version')
    .addColumn('id', idType, id)
    .addColumn('article_id', idType, (c) => c.notNull().references('article.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('markdown', 'text', (c) => c.notNull())
    .addColumn('keywords', 'text', (c) => c.notNull())
    .addColumn('extra', 'text')
    .addColumn('author_id', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('article_version_uq', ['article_id', 'version'])
    .execute();

  await db.schema
    .createTable('article_vote')
    .addColumn('article_id', idType, (c) => c.notNull().references('article.id').onDelete('cascade'))
    // SHA-256 of the visitor's help-centre cookie: one vote per visitor and article.
    .addColumn('voter', 'text', (c) => c.notNull())
    .addColumn('helpful', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_vote_pk', ['article_id', 'voter'])
    .execute();

  await db.schema
    .createTable('article_attachment')
    .addColumn('article_id', idType, (c) => c.notNull().references('article.id').onDelete('cascade'))
    .addColumn('attachment_id', idType, (c) => c.notNull().references('attachment.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('article_attachment_pk', ['article_id', 'attachment_id'])
    .execute();
  await db.schema
    .createIndex('article_attachment_attachment_idx')
    .on('article_attachment')
    .column('attachment_id')
    .execute();

  await db.schema
    .createTable('article_daily')
    .addColumn('article_id', idType, (c) => c.notNull().references('article.id').onDelete('cascade'))
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    // YYYY-MM-DD (UTC).
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('helpful', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('useless', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('article_daily_pk', ['article_id', 'day'])
    .execute();
  await db.schema
    .createIndex('article_daily_org_idx')
    .on('article_daily')
    .columns(['org_id', 'day'])
    .execute();

  await db.schema
    .createTable('search_log')
    .addColumn('id', idType, id)
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    // What was searched: an article type (support, …), 'message', later 'faq'.
    .addColumn('scope', 'text', (c) => c.notNull())
    // Where: console, help (public help centre), widget, robot.
    .addColumn('source', 'text', (c) => c.notNull())
    // Normalised (trimmed, lower case) query.
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('results', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('search_log_org_idx')
    .on('search_log')
    .columns(['org_id', 'scope', 'created_at'])
    .execute();

  await db.schema
    .createTable('help_center')
    .addColumn('org_id', idType, (c) => c.primaryKey().references('organization.id').onDelete('cascade'))
    // JSON HelpCenterSettings.
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  if (dialect === 'sqlite') {
    // rowid = article.id; title and body are token strings from the search module, each token
    // prefixed with the article's organisation, type and state (article-search.ts).
    await sql`create virtual table article_search using fts5(title, body, tokenize = 'unicode61 remove_diacritics 0')`.execute(
      db,
    );
    await sql`create trigger article_search_after_delete after delete on article begin delete from article_search where rowid = old.id; end`.execute(
      db,
    );
  } else {
    await sql`create table article_search (
      article_id bigint primary key references article(id) on delete cascade,
      title text not null,
      body text not null,
      document tsvector not null
    )`.execute(db);
    await sql`create index article_search_document_idx on article_search using gin (document)`.execute(db);
  }
};
